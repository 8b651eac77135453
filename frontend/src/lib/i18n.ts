import enCommon from '../locales/en/common.json';

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
export const NAMESPACES = ['common', 'contact', 'auth', 'dashboard', 'events', 'event-detail', 'events-admin', 'registration', 'registrations-admin', 'membership', 'members-admin', 'site', 'resources', 'content-admin', 'dashboard-home', 'reports', 'system', 'privacy', 'privacy-admin'] as const;
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

export interface TFunction {
  (key: string, options?: TOptions & { returnObjects?: false }): string;
  (key: string, options: TOptions & { returnObjects: true }): unknown;
}

type Catalogue = Record<string, unknown>;
type Listener = (language: string) => void;

// The catalogues at hand, by `language|namespace`: {} for one that does not exist (yet).
const catalogues = new Map<string, Catalogue>([['en|common', enCommon]]);
const reading = new Map<string, Promise<void>>();
// The namespaces asked for so far: a language change loads them in the new language.
const used = new Set<string>(['common']);
const listeners = new Set<Listener>();
const pluralRules = new Map<string, Intl.PluralRules>();
let requestedLanguage = '';

async function fetchCatalogue(language: string, namespace: string): Promise<Catalogue | undefined> {
  const url = catalogueUrls[cataloguePath(language, namespace)];
  // Not translated into this language: English speaks instead.
  if (!url) return {};
  try {
    // Absolute, as fetch needs outside a browser (tests).
    const response = await fetch(new URL(url, document.baseURI));
    if (!response.ok) throw new Error(`${response.status} ${url}`);
    return (await response.json()) as Catalogue;
  } catch {
    // Offline or failed: the fallback (or the keys) for now; read again when next asked for.
    return undefined;
  }
}

function load(language: string, namespace: string, again = false): Promise<void> {
  const id = `${language}|${namespace}`;
  if (!again && catalogues.has(id)) return Promise.resolve();
  const pending = (again ? undefined : reading.get(id)) ?? fetchCatalogue(language, namespace).then((catalogue) => {
    if (catalogue) catalogues.set(id, catalogue);
    if (reading.get(id) === pending) reading.delete(id);
  });
  reading.set(id, pending);
  return pending;
}

/** The language, then English: where a text is looked for, in that order. */
function languageChain(language: string): string[] {
  return language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
}

function loadAll(language: string, namespaces: Iterable<string>): Promise<void> {
  const loads = [...namespaces].flatMap((namespace) => languageChain(language).map((code) => load(code, namespace)));
  return Promise.all(loads).then(() => undefined);
}

/** The value at a dotted path (`a.b.0.c`), own properties only. */
function find(root: unknown, path: string): unknown {
  let value = root;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

// `{{name}}` (or `{{user.name}}`) with no HTML escaping: React escapes what it renders. A value not
// given at all leaves the placeholder, as i18next does; one given as null or undefined is empty.
function interpolate(text: string, values: TOptions): string {
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (placeholder, name: string) => {
    const value = find(values, name);
    return value === undefined && !Object.hasOwn(values, name) ? placeholder : String(value ?? '');
  });
}

/** Every string inside an object or array filled in, as a copy: the catalogue stays untouched. */
function fill(value: unknown, values: TOptions): unknown {
  if (typeof value === 'string') return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, fill(item, values)]));
  }
  return value;
}

function pluralForm(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * i18next's lookup, as far as this app uses it: for each namespace in order (or the one a
 * `ns:key` prefix names), the active language's catalogue then English's; with a count, the
 * JSON v4 plural keys first. Plural forms follow the rules of the catalogue's own language (as
 * in i18next): French says "0 place", but English, standing in for it, says "0 seats".
 */
function translate(namespaces: readonly string[], fullKey: string, options: TOptions = {}): unknown {
  let key = fullKey;
  const colon = key.indexOf(':');
  // Only a known namespace is a prefix: a key made of words may hold a colon.
  if (colon > 0 && (NAMESPACES as readonly string[]).includes(key.slice(0, colon))) {
    namespaces = [key.slice(0, colon)];
    key = key.slice(colon + 1);
  } else if (options.ns !== undefined) {
    namespaces = typeof options.ns === 'string' ? [options.ns] : options.ns;
  }
  const { count } = options;
  for (const namespace of namespaces) {
    for (const language of languageChain(i18n.language)) {
      const catalogue = catalogues.get(`${language}|${namespace}`);
      if (!catalogue) continue;
      const candidates =
        typeof count === 'number'
          ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralForm(language, count)}`, `${key}_other`, key]
          : [key];
      for (const candidate of candidates) {
        const value = find(catalogue, candidate);
        // An empty text is one not translated yet (`make messages` adds them so): the next speaks.
        if (typeof value === 'string' && value !== '') return interpolate(value, options);
        if (options.returnObjects && typeof value === 'object' && value !== null) return fill(value, options);
      }
    }
  }
  // As i18next: the default value if given, else the key (without its namespace prefix).
  return options.defaultValue === undefined ? key : interpolate(options.defaultValue, options);
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

function fixedT(namespaces: readonly string[]): TFunction {
  return ((key: string, options?: TOptions) => translate(namespaces, key, options)) as TFunction;
}

/**
 * The app's translations: the subset of i18next's API it uses, in a fraction of its size (the
 * first visit's JavaScript budget counts every kilobyte). English `common` is in the bundle, so
 * the first render has its texts with no tick to wait.
 */
const i18n = {
  language: initialLanguage() as string,

  /** A text of `common` (or of `options.ns`, or of a `ns:key` prefix) in the active language. */
  t: fixedT(['common']),

  /** A `t` reading these namespaces in order, in whatever language is active when it is called. */
  getFixedT(_language: null, namespaces: string | readonly string[]): TFunction {
    return fixedT(typeof namespaces === 'string' ? [namespaces] : namespaces);
  },

  /**
   * The visitor's choice: loads the namespaces used so far in the new language, then switches,
   * and remembers it for the next visits. An unknown language means English; of two quick
   * calls, the last one wins.
   */
  async changeLanguage(language: string): Promise<void> {
    if (await switchTo(language)) storeLanguage(i18n.language);
  },

  /** Resolves once these namespaces are there in the active language and in English. */
  loadNamespaces(namespaces: readonly string[]): Promise<void> {
    for (const namespace of namespaces) used.add(namespace);
    return loadAll(i18n.language, namespaces);
  },

  hasLoadedNamespace(namespace: string): boolean {
    return languageChain(i18n.language).every((language) => catalogues.has(`${language}|${namespace}`));
  },

  /** Fetches these catalogues again, keeping the current ones until the new ones are there. */
  reloadResources(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
    const loads = languages.flatMap((language) => namespaces.map((namespace) => load(language, namespace, true)));
    return Promise.all(loads).then(() => undefined);
  },

  addResourceBundle(language: string, namespace: string, catalogue: Catalogue): void {
    catalogues.set(`${language}|${namespace}`, catalogue);
  },

  /** Forgets a catalogue, as if it had never been loaded (tests: a first visit). */
  removeResourceBundle(language: string, namespace: string): void {
    catalogues.delete(`${language}|${namespace}`);
  },

  on(_event: 'languageChanged', listener: Listener): void {
    listeners.add(listener);
  },

  off(_event: 'languageChanged', listener: Listener): void {
    listeners.delete(listener);
  },
};

/** True once the language is switched to; false when a later call overtook this one. */
async function switchTo(language: string): Promise<boolean> {
  const next = isLanguage(language) ? language : FALLBACK_LANGUAGE;
  requestedLanguage = next;
  await loadAll(next, used);
  if (requestedLanguage !== next) return false;
  i18n.language = next;
  for (const listener of [...listeners]) listener(next);
  return true;
}

function storeLanguage(language: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice is harmless.
  }
}

/** <html lang dir>: screen readers, hyphenation and fonts follow the language of the texts. */
function showLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isLanguage(language) ? LANGUAGE_INFO[language].dir : 'ltr';
}

i18n.on('languageChanged', showLanguage);
showLanguage(i18n.language);
// Not English (kept from an earlier visit, or the browser's): English texts first, then the
// language's own once they are here. Not stored: only the visitor's own choice is remembered.
if (i18n.language !== FALLBACK_LANGUAGE) void switchTo(i18n.language);

export default i18n;

/** Resolves once the texts of these namespaces are there (in the language and its fallback). */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/** The active locale for Intl formatters: the same language as <html lang>. */
export function activeLocale(): string {
  return i18n.language || FALLBACK_LANGUAGE;
}
