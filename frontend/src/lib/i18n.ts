import i18next, { type BackendModule, type ReadCallback } from 'i18next';

// From scripts/catalogue-assets.mjs (vite.config.ts): where the catalogues are, as
// `${base}${language}/${namespace}.json`, and the languages that have a common.json.
declare const __CATALOGUE_BASE__: string;
declare const __CATALOGUE_LANGUAGES__: readonly string[];

/** Every language the product intends to offer; English is the source and the fallback. */
export const LANGUAGES = ['en', 'rw', 'fr', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * Each language named in itself, never translated (a reader looks for their own language's name),
 * and its writing direction. Listed in the order the language picker offers them.
 */
export const LANGUAGE_INFO: Readonly<Record<Language, { name: string; dir: 'ltr' | 'rtl' }>> = {
  rw: { name: 'Ikinyarwanda', dir: 'ltr' },
  en: { name: 'English', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  sw: { name: 'Kiswahili', dir: 'ltr' },
};
export const NAMESPACES = ['common', 'contact', 'auth', 'dashboard', 'events', 'event-detail', 'events-admin', 'registration', 'registrations-admin', 'membership', 'members-admin', 'site', 'resources', 'content-admin', 'dashboard-home', 'reports', 'system', 'privacy', 'privacy-admin', 'ticket', 'checkin', 'verify', 'interpreting', 'signed-videos'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where the visitor's choice is kept; index.html's preload script reads the same key. */
export const STORAGE_KEY = 'language';

/** Languages that have at least the common catalogue, English first. */
export const availableLanguages: Language[] = LANGUAGES.filter(
  (language) => language === FALLBACK_LANGUAGE || __CATALOGUE_LANGUAGES__.includes(language),
);

/** What `t` takes besides the key: the namespace(s), a plural count, `{{name}}` values. */
export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  /** Instead of the key when no catalogue has it. */
  defaultValue?: string;
  /** The object or array at the key (with its texts filled in), not only a string. */
  returnObjects?: boolean;
  [name: string]: unknown;
}

/** The app's view of i18next's `t` (its own type checks keys against catalogues we don't declare). */
export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

function isLanguage(value: string | null): value is Language {
  return value !== null && (LANGUAGES as readonly string[]).includes(value);
}

// Three-letter codes some systems report for the same languages.
const ALIASES: Record<string, Language> = { kin: 'rw', eng: 'en', fra: 'fr', fre: 'fr', swa: 'sw', swh: 'sw' };

/** The first of the browser's languages ('fr-CA', 'rw-RW', ...) the site offers; else English. */
export function preferredLanguage(preferences: readonly string[], offered: readonly Language[]): Language {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    const language = isLanguage(primary) ? primary : ALIASES[primary];
    if (language && offered.includes(language)) return language;
  }
  return FALLBACK_LANGUAGE;
}

/** The visitor's own choice from an earlier visit, else what their browser asks for. */
function initialLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (isLanguage(stored) && availableLanguages.includes(stored)) return stored;
  } catch {
    // Storage can be unavailable (privacy modes): the browser's preference still counts.
  }
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return preferredLanguage(browser, availableLanguages);
}

const inlined = new Map<string, Record<string, Record<string, unknown>>>();

/**
 * A catalogue the page's HTML carries (<script type="application/json" id="catalogues-en">, put
 * there by the server for the page's namespaces, services/core/preload.py), so the first render
 * needs no request for it; read once per language.
 */
function inlineCatalogue(language: string, namespace: string): Record<string, unknown> | undefined {
  if (!inlined.has(language)) {
    let texts: Record<string, Record<string, unknown>> = {};
    try {
      texts = JSON.parse(document.getElementById(`catalogues-${language}`)?.textContent ?? '{}') as typeof texts;
    } catch {
      // Unreadable: the files are fetched as without it.
    }
    inlined.set(language, texts);
  }
  return inlined.get(language)?.[namespace];
}

/**
 * i18next's backend: each catalogue fetched as its JSON file, data rather than code, cached for
 * good under a hashed folder (scripts/catalogue-assets.mjs); index.html has already asked for the
 * visitor's `common`. A language not offered gets empty catalogues (English speaks instead). A failed fetch answers "retry" with no retries
 * configured (`maxRetries: 0`): the keys (or English) show for now, and the next
 * `loadNamespaces` fetches it again, as i18next does only for a failure marked so.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, done: ReadCallback) {
    if (!availableLanguages.includes(language as Language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
      done(null, {});
      return;
    }
    const inline = inlineCatalogue(language, namespace);
    if (inline) {
      done(null, inline);
      return;
    }
    const url = `${__CATALOGUE_BASE__}${language}/${namespace}.json`;
    // Absolute, as fetch needs outside a browser (tests). Default mode and credentials: the
    // request matches index.html's <link rel=preload as=fetch crossorigin> of the same file.
    fetch(new URL(url, document.baseURI))
      .then((response) => {
        if (!response.ok) throw new Error(`${response.status} ${url}`);
        return response.json();
      })
      .then(
        (catalogue: Record<string, unknown>) => done(null, catalogue),
        (error: unknown) => done(error instanceof Error ? error : String(error), true),
      );
  },
};

const i18n = i18next.createInstance();

/**
 * Resolves once `common` is there in the visitor's language (and English): main.tsx renders
 * then, so the first render is already in their language. index.html's script asked for these
 * files with the page, so the wait is rarely longer than the script's own download.
 */
export const ready: Promise<unknown> = i18n
  .use(catalogueBackend)
  .init({
    lng: initialLanguage(),
    supportedLngs: [...LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    initAsync: false,
    maxRetries: 0,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });

// Kinyarwanda plurals: CLDR has no rules for it, so `Intl.PluralRules('rw')` answers with the
// browser's own default locale (French rules in a French browser). English's rule (one for 1,
// other for everything else, 0 included) is what the catalogues are written for, in every
// browser. i18next takes plural rules only from Intl (no option for others, i18next#2150).
const pluralResolver = i18n.services.pluralResolver as { getRule(code: string, options?: object): unknown };
const intlRule = pluralResolver.getRule.bind(pluralResolver);
pluralResolver.getRule = (code, options) => intlRule(code === 'rw' ? 'en' : code, options);

/** <html lang dir>: screen readers, hyphenation and fonts follow the language of the texts. */
function showLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isLanguage(language) ? LANGUAGE_INFO[language].dir : 'ltr';
}

i18n.on('languageChanged', showLanguage);
showLanguage(i18n.language);

export default i18n;

/**
 * The visitor's choice (the language picker): switches once the namespaces in use are there in
 * the new language, and remembers it for the next visits. Only a choice is stored, never what
 * a first visit took from the browser.
 */
export async function chooseLanguage(language: string): Promise<void> {
  await i18n.changeLanguage(language);
  if (i18n.language !== language && isLanguage(language)) return; // a later choice overtook this one
  try {
    window.localStorage.setItem(STORAGE_KEY, i18n.language);
  } catch {
    // Not being able to remember the choice is harmless.
  }
}

/** Resolves once the texts of these namespaces are there (in the language and its fallback). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/** A `t` reading these namespaces in order, in whatever language is active when it is called. */
export function fixedT(namespaces: string | readonly string[]): TFunction {
  return i18n.getFixedT(null, typeof namespaces === 'string' ? namespaces : [...namespaces]) as unknown as TFunction;
}

/** The active locale for Intl formatters: the same language as <html lang>. */
export function activeLocale(): string {
  return i18n.language || FALLBACK_LANGUAGE;
}
