import { lazy, type ComponentType } from 'react';

import { loadNamespaces, type Namespace } from '../lib/i18n';

/**
 * React.lazy for a module's named export: every page is its own chunk, and it renders once
 * its texts (i18n namespaces beyond `common`) have arrived too, so no key ever shows.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  namespaces: readonly Namespace[] = [],
) {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: module[name] as ComponentType };
  });
  return <Page />;
}
