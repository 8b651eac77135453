import { useTranslation as useI18next } from 'react-i18next';

import i18n, { type Namespace, type TFunction } from './i18n';

type Namespaces = Namespace | readonly Namespace[];

// Our instance by name rather than react-i18next's global one (no `initReactI18next`).
const OPTIONS = { i18n };

/**
 * The texts of these namespaces in the active language: `t('key')` reads the first one (default
 * `common`), then the others in order, `t('contact:intro')` another by prefix. react-i18next's
 * hook: re-renders when the language changes, and fetches a namespace that is not there yet
 * (pages load theirs before they render, see app/lazy-page.tsx, so that is rare). `t` changes
 * only when what it reads does: components may list it in effect deps.
 */
export function useTranslation(namespaces: Namespaces = 'common'): { t: TFunction; i18n: typeof i18n } {
  const { t } = useI18next(typeof namespaces === 'string' ? namespaces : [...namespaces], OPTIONS);
  return { t: t as unknown as TFunction, i18n };
}
