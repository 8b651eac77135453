import i18n, { type BackendModule, type ReadCallback } from 'i18next';

import enCommon from '../locales/en/common.json';

/** Every language the product intends to offer; English is the source and the fallback. */
export const LANGUAGES = ['en', 'rw', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const NAMESPACES = ['common', 'contact', 'auth', 'dashboard', 'events', 'event-detail', 'conference', 'events-admin', 'registration', 'registrations-admin'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const STORAGE_KEY = 'language';

// Only English `common` (the layouts, every page's frame) is in the JavaScript; every other
// catalogue is data, fetched as a JSON file (hashed, cached for good) with the page that needs it
// (see app/lazy-page.tsx). `no-inline`: never a data: URL inside the code, however small.
// Adding `src/locales/rw/common.json` (and the other namespaces) is all it takes to offer a language.
const catalogueUrls = import.meta.glob<string>(['../locales/*/*.json', '!../locales/en/common.json'], {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

function cataloguePath(language: string, namespace: string): string {
  return `../locales/${language}/${namespace}.json`;
}

/** Languages that have at least the common catalogue, English first. */
export const availableLanguages: Language[] = LANGUAGES.filter(
  (language) => language === FALLBACK_LANGUAGE || cataloguePath(language, 'common') in catalogueUrls,
);

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = catalogueUrls[cataloguePath(language, namespace)];
    if (!url) {
      callback(null, {});
      return;
    }
    // Absolute, as fetch needs outside a browser (tests).
    fetch(new URL(url, document.baseURI))
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status} ${url}`))))
      .then(
        (catalogue: Record<string, unknown>) => callback(null, catalogue),
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

void i18n.use(lazyBackend).init({
  lng: initialLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: { en: { common: enCommon } },
  // English `common` ships in the bundle; everything else comes through the backend.
  partialBundledLanguages: true,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  // English `common` is in the bundle: the first render has its texts, with no tick to wait.
  initAsync: false,
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
