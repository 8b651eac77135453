import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enCommon from '../locales/en/common.json';

/** Every language the product intends to offer; English is the source and the fallback. */
export const LANGUAGES = ['en', 'rw', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const NAMESPACES = ['common', 'contact', 'auth', 'dashboard', 'events', 'events-admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const STORAGE_KEY = 'language';

// Only English `common` (the layouts, every page's frame) is in the first download; every other
// catalogue is fetched with the page that needs it (see loadNamespaces in the router).
// Adding `src/locales/rw/common.json` (and the other namespaces) is all it takes to offer a language.
const lazyCatalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
]);

function cataloguePath(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

/** Languages that have at least the common catalogue, English first. */
export const availableLanguages: Language[] = LANGUAGES.filter(
  (language) => language === FALLBACK_LANGUAGE || cataloguePath(language, 'common') in lazyCatalogues,
);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyCatalogues[cataloguePath(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored) && availableLanguages.includes(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes); English is a fine default.
  }
  return FALLBACK_LANGUAGE;
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice is harmless.
  }
});

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon } },
    // English `common` ships in the bundle; everything else comes through the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

export default i18n;

/** Resolves once the texts of these namespaces are there (in the language and its fallback). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return namespaces.length === 0 ? Promise.resolve() : i18n.loadNamespaces([...namespaces]);
}

/** The active locale for Intl formatters: the same language as <html lang>. */
export function activeLocale(): string {
  return i18n.language || FALLBACK_LANGUAGE;
}
