import { type I18n, type Messages, setupI18n } from '@lingui/core';

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

/** `t`: the text at a key, filled in; with `returnObjects`, the object or list there. */
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

/** A compiled message (scripts/catalogue-compile.mjs): Lingui's tokens, or the text itself. */
type Compiled = string | unknown[];
/** A namespace's compiled catalogue: { 'dotted.key': message }. */
export type Catalogue = Record<string, Compiled>;

const inlined = new Map<string, Record<string, Catalogue>>();

/**
 * A catalogue the page's HTML carries (<script type="application/json" id="catalogues-en">, put
 * there by the server for the page's namespaces, services/core/preload.py), so the first render
 * needs no request for it; read once per language.
 */
function inlineCatalogue(language: string, namespace: string): Catalogue | undefined {
  if (!inlined.has(language)) {
    let texts: Record<string, Catalogue> = {};
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
 * A catalogue as its JSON file, data rather than code, cached for good under a hashed folder
 * (scripts/catalogue-assets.mjs); index.html has already asked for the visitor's `common`. A
 * language not offered gets an empty one (English speaks instead); a failed fetch gets none: the
 * keys (or English) show for now, and the next `loadNamespaces` fetches it again.
 */
async function readCatalogue(language: string, namespace: string): Promise<Catalogue | null> {
  if (!availableLanguages.includes(language as Language) || !(NAMESPACES as readonly string[]).includes(namespace)) return {};
  const inline = inlineCatalogue(language, namespace);
  if (inline) return inline;
  const url = `${__CATALOGUE_BASE__}${language}/${namespace}.json`;
  try {
    // Absolute, as fetch needs outside a browser (tests). Default mode and credentials: the
    // request matches index.html's <link rel=preload as=fetch crossorigin> of the same file.
    const response = await fetch(new URL(url, document.baseURI));
    return response.ok ? ((await response.json()) as Catalogue) : null;
  } catch {
    return null;
  }
}

// One Lingui instance per language, holding that language's messages as `namespace:key`: a text
// English stands in for is then formatted with English's plural rules. Kinyarwanda: CLDR has no
// rules for it, so `Intl.PluralRules('rw')` answers with the browser's own default locale (French
// rules in a French browser); English's rule (one for 1, other for everything else, 0 included)
// is what the catalogues are written for, in every browser.
const engines = new Map<string, I18n>();
function engine(language: string): I18n {
  let found = engines.get(language);
  if (!found) {
    found = setupI18n({ locale: language, locales: language === 'rw' ? ['en'] : undefined, messages: { [language]: {} } });
    engines.set(language, found);
  }
  return found;
}
const messagesOf = (language: string) => engine(language).messages as Record<string, Compiled>;

let current: Language = initialLanguage();
let latestChoice = 0;
const loaded = new Set<string>(); // 'language/namespace'
const pending = new Map<string, Promise<void>>();
const inUse = new Set<string>(['common']);
const namespacesSeen = new Set<string>(NAMESPACES);
const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

function emit(event: 'languageChanged' | 'loaded', value: unknown): void {
  for (const listener of [...(listeners.get(event) ?? [])]) listener(value);
}

/** The active language, then English for the texts it lacks. */
function lookupOrder(): Language[] {
  return current === FALLBACK_LANGUAGE ? [current] : [current, FALLBACK_LANGUAGE];
}

function addCatalogue(language: string, namespace: string, catalogue: Catalogue): void {
  const messages: Messages = {};
  for (const [key, message] of Object.entries(catalogue)) messages[`${namespace}:${key}`] = message as Messages[string];
  engine(language).load(language, messages);
  namespacesSeen.add(namespace);
  loaded.add(`${language}/${namespace}`);
  emit('loaded', { [language]: [namespace] });
}

function removeCatalogue(language: string, namespace: string): void {
  const messages = messagesOf(language);
  for (const id of Object.keys(messages)) if (id.startsWith(`${namespace}:`)) Reflect.deleteProperty(messages, id);
  loaded.delete(`${language}/${namespace}`);
}

/** Fetches a catalogue unless it is there or on its way (one request, whoever asks). */
function loadCatalogue(language: string, namespace: string): Promise<void> {
  const id = `${language}/${namespace}`;
  if (loaded.has(id)) return Promise.resolve();
  let request = pending.get(id);
  if (!request) {
    request = readCatalogue(language, namespace)
      .then((catalogue) => {
        if (catalogue) addCatalogue(language, namespace, catalogue);
      })
      .finally(() => pending.delete(id));
    pending.set(id, request);
  }
  return request;
}

async function loadIn(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
  await Promise.all(languages.flatMap((language) => namespaces.map((namespace) => loadCatalogue(language, namespace))));
}

/** The value at `user.role` (compiled as `user__role`) among t's options. */
function valueAt(options: TOptions, path: readonly string[]): unknown {
  let value: unknown = options;
  for (const part of path) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  return value;
}

/** The values a compiled message's arguments read; one not given shows as `{{name}}`, as i18next did. */
function argumentValues(tokens: unknown, options: TOptions, into: Record<string, unknown> = {}): Record<string, unknown> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens) {
    if (!Array.isArray(token) || typeof token[0] !== 'string') continue;
    const name = token[0];
    into[name] ??= valueAt(options, name.split('__')) ?? `{{${name.replace(/__/g, '.')}}}`;
    if (token[2] && typeof token[2] === 'object') for (const branch of Object.values(token[2] as object)) argumentValues(branch, options, into);
  }
  return into;
}

/** A message of `language` filled in by Lingui (a plain text as it is); '' when not translated. */
function render(language: string, id: string, options: TOptions): string {
  const message = messagesOf(language)[id];
  if (message === undefined || typeof message === 'string') return message ?? '';
  return engine(language)._(id, argumentValues(message, options));
}

/** The object or list at `id` (a returnObjects answer) put back together from its dotted keys. */
function objectAt(language: string, id: string, options: TOptions): unknown {
  let found: Record<string, unknown> | undefined;
  for (const key of Object.keys(messagesOf(language))) {
    if (!key.startsWith(`${id}.`)) continue;
    const path = key.slice(id.length + 1).split('.');
    let node = (found ??= {});
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path[path.length - 1] ?? ''] = render(language, key, options) || render(FALLBACK_LANGUAGE, key, options);
  }
  return found && asLists(found);
}

/** Objects keyed 0, 1, ... back into the lists they were in the catalogue. */
function asLists(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, child]) => [key, asLists(child)] as const);
  return entries.every(([key], index) => key === String(index)) ? entries.map(([, child]) => child) : Object.fromEntries(entries);
}

function translate(namespaces: readonly string[], key: string, options: TOptions = {}): unknown {
  let spaces = options.ns === undefined ? namespaces : typeof options.ns === 'string' ? [options.ns] : options.ns;
  const colon = key.indexOf(':');
  // 'contact:intro' reads another namespace; a colon in words ('Note: ...') is no namespace.
  if (colon > 0 && namespacesSeen.has(key.slice(0, colon))) {
    spaces = [key.slice(0, colon)];
    key = key.slice(colon + 1);
  }
  for (const namespace of spaces) {
    for (const language of lookupOrder()) {
      const id = `${namespace}:${key}`;
      const text = render(language, id, options);
      if (text) return text;
      const object = options.returnObjects ? objectAt(language, id, options) : undefined;
      if (object) return object;
    }
  }
  if (options.defaultValue === undefined) return key;
  return options.defaultValue.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const value = valueAt(options, name.split('.'));
    return value === undefined ? whole : String(value);
  });
}

/** A `t` reading these namespaces in order, in whatever language is active when it is called. */
export function fixedT(namespaces: string | readonly string[]): TFunction {
  const list = typeof namespaces === 'string' ? [namespaces] : [...namespaces];
  return ((key: string, options?: TOptions) => translate(list, key, options)) as TFunction;
}

/** Resolves once the texts of these namespaces are there (in the language and its fallback). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  for (const namespace of namespaces) inUse.add(namespace);
  return loadIn(lookupOrder(), namespaces);
}

/** <html lang dir>: screen readers, hyphenation and fonts follow the language of the texts. */
function showLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = isLanguage(language) ? LANGUAGE_INFO[language].dir : 'ltr';
}

/**
 * The engine, Lingui underneath: the language, its catalogues and its events. `languageChanged`
 * once a switch is done, `loaded` when a catalogue arrives (what reads it re-renders).
 */
const i18n = {
  get language(): Language {
    return current;
  },
  t: fixedT('common'),
  /**
   * Switches once the namespaces in use are there in the new language (and English); a language
   * not offered is English. Of overlapping switches, only the last asked for happens.
   */
  async changeLanguage(requested: string): Promise<void> {
    const language = isLanguage(requested) ? requested : FALLBACK_LANGUAGE;
    const turn = ++latestChoice;
    await loadIn(language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE], [...inUse]);
    if (turn !== latestChoice || language === current) return;
    current = language;
    showLanguage(language);
    emit('languageChanged', language);
  },
  loadNamespaces,
  /** Whether a namespace's texts are there in the active language and English. */
  hasLoadedNamespace(namespace: string): boolean {
    return lookupOrder().every((language) => loaded.has(`${language}/${namespace}`));
  },
  on(event: 'languageChanged' | 'loaded', listener: (...args: never[]) => void): void {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event)?.add(listener as (...args: unknown[]) => void);
  },
  off(event: 'languageChanged' | 'loaded', listener: (...args: never[]) => void): void {
    listeners.get(event)?.delete(listener as (...args: unknown[]) => void);
  },
  /** A compiled catalogue given directly (tests), merged into what the namespace has. */
  addResourceBundle: addCatalogue,
  removeResourceBundle: removeCatalogue,
  /** The catalogues fetched again, in place of what they held. */
  async reloadResources(languages: readonly string[], namespaces: readonly string[]): Promise<void> {
    for (const language of languages) for (const namespace of namespaces) removeCatalogue(language, namespace);
    await loadIn(languages, namespaces);
  },
};

export default i18n;

/**
 * Resolves once `common` is there in the visitor's language (and English): main.tsx renders
 * then, so the first render is already in their language. index.html's script asked for these
 * files with the page, so the wait is rarely longer than the script's own download.
 */
export const ready: Promise<void> = loadNamespaces(['common']);
showLanguage(current);

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

/** The active locale for Intl formatters: the same language as <html lang>. */
export function activeLocale(): string {
  return current;
}
