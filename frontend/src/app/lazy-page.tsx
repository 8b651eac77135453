import { lazy, useLayoutEffect, type ComponentType, type ReactElement } from 'react';

import { loadNamespaces, type Namespace } from '../lib/i18n';

let pageShown = () => {};
/**
 * Resolves once a page's own content is in the document (its layout effects run): main.tsx holds
 * the data the HTML carries until the page has taken over the server's markup, which has none.
 */
export const firstPageShown = new Promise<void>((resolve) => (pageShown = resolve));

/** Each page element's loader, so a route's code can be asked for before React renders it. */
const starters = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * React.lazy for a module's named export: every page is its own chunk, and it renders once
 * its texts (i18n namespaces beyond `common`) have arrived too, so no key ever shows.
 */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  namespaces: readonly Namespace[] = [],
) {
  let loading: Promise<[M, unknown]> | undefined;
  const start = () => (loading ??= Promise.all([load(), loadNamespaces(namespaces)]));
  const Page = lazy(async () => {
    const [module] = await start();
    const Component = module[name] as ComponentType;
    return {
      default: function Shown() {
        useLayoutEffect(() => pageShown(), []);
        return <Component />;
      },
    };
  });
  const element = <Page />;
  starters.set(element, start);
  return element;
}

/** Starts loading a page element's code and texts (nothing for an element `page` did not make). */
export function startLoading(element: ReactElement | null | undefined): Promise<unknown> {
  return (element && starters.get(element)?.()) ?? Promise.resolve();
}
