import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enContact from '../locales/en/contact.json';
import enDashboard from '../locales/en/dashboard.json';
import enEvents from '../locales/en/events.json';
import enEventsAdmin from '../locales/en/events-admin.json';

/** Every language the product intends to offer; English is the source and the fallback. */
export const LANGUAGES = ['en', 'rw', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const NAMESPACES = ['common', 'contact', 'auth', 'dashboard', 'events', 'events-admin'] as const;

const STORAGE_KEY = 'language';

// Non-English catalogues are fetched on demand: adding `src/locales/rw/common.json`
// (and the other namespaces) is all it takes to offer a language.
const lazyCatalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
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
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, contact: enContact, auth: enAuth, dashboard: enDashboard, events: enEvents, 'events-admin': enEventsAdmin },
    },
    // English ships in the bundle; the others come through the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

export default i18n;

/** The active locale for Intl formatters: the same language as <html lang>. */
export function activeLocale(): string {
  return i18n.language || FALLBACK_LANGUAGE;
}
