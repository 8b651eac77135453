import { useEffect, useMemo, useReducer } from 'react';

import i18n, { fixedT, type Namespace, type TFunction } from './i18n';

type Namespaces = Namespace | readonly Namespace[];

/**
 * The texts of these namespaces in the active language: `t('key')` reads the first one (default
 * `common`), then the others in order, `t('contact:intro')` another by prefix. Re-renders when
 * the language changes, and fetches a namespace that is not there yet (pages load theirs before
 * they render, see app/lazy-page.tsx, so that is rare); meanwhile English speaks. On the
 * engine's events (lib/i18n.ts); @lingui/react's provider and hook are not needed for that.
 */
export function useTranslation(namespaces: Namespaces = 'common'): { t: TFunction; i18n: typeof i18n } {
  // One string, so that a new array literal on every render changes nothing.
  const key = typeof namespaces === 'string' ? namespaces : namespaces.join(' ');
  const [revision, rerender] = useReducer((count: number) => count + 1, 0);
  const ready = key.split(' ').every((namespace) => i18n.hasLoadedNamespace(namespace));

  // `loaded` too: a catalogue that arrives after the switch (one asked for before it, still on its
  // way on a slow line) re-renders what reads it, instead of leaving English on screen.
  useEffect(() => {
    i18n.on('languageChanged', rerender);
    i18n.on('loaded', rerender);
    return () => {
      i18n.off('languageChanged', rerender);
      i18n.off('loaded', rerender);
    };
  }, []);

  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void i18n.loadNamespaces(key.split(' ')).then(() => {
      if (mounted) rerender();
    });
    return () => {
      mounted = false;
    };
  }, [key, ready]);

  // A new function only when what it reads changed: components may list `t` in effect deps.
  const t = useMemo(() => {
    void revision;
    return fixedT(key.split(' '));
  }, [key, revision]);
  return { t, i18n };
}
