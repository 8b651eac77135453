#!/usr/bin/env node
// The frontend's translation catalogues (src/locales/<language>/<namespace>.json) against the code
// and against English: what is missing, empty or stale. A language counts as soon as it has a
// common.json (as the app offers it then).
//
//   node scripts/catalogues.mjs          report; exit 1 when something must be done
//   node scripts/catalogues.mjs --sync   give every language English's keys: missing ones are
//                                        added empty (the app shows English for them until they
//                                        are translated), ones English no longer has are dropped
//
// Vitest runs the same checks (src/locales/catalogues.test.ts).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FRONTEND = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(FRONTEND, 'src');
const LOCALES = join(SOURCE, 'locales');
const SOURCE_LANGUAGE = 'en';
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Keys the code builds in ways the scanner cannot follow (a template literal with no fixed text
 * before its first `${`): each entry names the prefix of the keys it reaches, and where.
 */
export const DYNAMIC_KEYS = [
  // registration-form.tsx: t(`${optionKey}.${choice}`), optionKey = 'languages' | 'disabilities'
  { namespace: 'registration', prefix: 'languages.' },
  { namespace: 'registration', prefix: 'disabilities.' },
  // content-admin's lists: t(`${kind}.add`), kind = 'resources' | 'updates' | 'messages'
  { namespace: 'content-admin', prefix: 'resources.' },
  { namespace: 'content-admin', prefix: 'updates.' },
  { namespace: 'content-admin', prefix: 'messages.' },
  // reports-page.tsx: t(`${report}.definitions`), report = 'attendance' | 'growth' (not 'activities')
  { namespace: 'reports', prefix: 'attendance.definitions' },
  { namespace: 'reports', prefix: 'growth.definitions' },
];

/** Languages with a common.json, English first. */
export function languages(locales = LOCALES) {
  const found = readdirSync(locales, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(locales, entry.name, 'common.json')))
    .map((entry) => entry.name);
  return [SOURCE_LANGUAGE, ...found.filter((language) => language !== SOURCE_LANGUAGE).sort()];
}

function namespaces(locales = LOCALES) {
  return readdirSync(join(locales, SOURCE_LANGUAGE))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

function cataloguePath(locales, language, namespace) {
  return join(locales, language, `${namespace}.json`);
}

/** { language: { namespace: catalogue } } of every language the app offers; a file not there is left out. */
export function loadCatalogues(locales = LOCALES) {
  const catalogues = {};
  for (const language of languages(locales)) {
    catalogues[language] = {};
    for (const namespace of namespaces(locales)) {
      const path = cataloguePath(locales, language, namespace);
      if (existsSync(path)) catalogues[language][namespace] = JSON.parse(readFileSync(path, 'utf8'));
    }
  }
  return catalogues;
}

/** The app's code (no tests, no catalogues) as { file, text }. */
export function loadCode(folder = SOURCE, found = []) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (path !== LOCALES && entry.name !== 'testing') loadCode(path, found);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push({ file: relative(FRONTEND, path), text: readFileSync(path, 'utf8') });
    }
  }
  return found;
}

/** Every text of a catalogue by its dotted path (arrays by index): {'nav.home': 'Home', ...}. */
function flatten(value, prefix = '', into = new Map()) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) flatten(item, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, value);
  return into;
}

const KEY = /^[\w-]+(?::[\w.-]+|(?:\.[\w-]+)*)$/;

function stripNamespace(key) {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(colon + 1) : key;
}

/**
 * What the code can reach: every string literal shaped like a key (wherever it is: keys often
 * sit in arrays and objects before they reach `t`), the fixed start of template literals
 * (`status.${value}` reaches every key under status.), the keys read with returnObjects (all
 * their subkeys), and the literal keys passed straight to `t`, to check they exist.
 */
function scanCode(code) {
  const literals = new Set();
  const prefixes = new Set();
  const called = [];
  for (const { file, text } of code) {
    for (const match of text.matchAll(/(['"])((?:\\.|(?!\1)[^\\\n])*)\1/g)) {
      if (KEY.test(match[2])) literals.add(stripNamespace(match[2]));
    }
    for (const match of text.matchAll(/`([^`$]*)\$\{/g)) {
      const head = stripNamespace(match[1]);
      if (/^[\w-]+(\.[\w-]+)*\.[\w-]*$/.test(head)) prefixes.add(head);
    }
    for (const match of text.matchAll(/\bt\(\s*(['"])([^'"]+)\1\s*,\s*\{[^}]*returnObjects:\s*true/g)) {
      prefixes.add(`${stripNamespace(match[2])}.`);
    }
    // A list read whole through the site pages' helper: catalogueList(t, 'about.goals.items').
    for (const match of text.matchAll(/\bcatalogueList(?:<[^>]*>)?\(\s*t\s*,\s*(['"])([^'"]+)\1/g)) {
      prefixes.add(`${stripNamespace(match[2])}.`);
    }
    for (const match of text.matchAll(/\bt\(\s*(['"])([^'"\n]+)\1/g)) {
      const line = text.slice(text.lastIndexOf('\n', match.index) + 1, match.index).trim();
      if (/^(\*|\/\/|\/\*)/.test(line)) continue; // an example in a comment
      called.push({ key: match[2], file });
    }
  }
  return { literals, prefixes, called };
}

function baseKey(key) {
  return key.replace(PLURAL_SUFFIX, '');
}

function reached(namespace, key, { literals, prefixes }) {
  if (literals.has(key) || literals.has(baseKey(key))) return true;
  for (const prefix of prefixes) if (key.startsWith(prefix)) return true;
  return DYNAMIC_KEYS.some((entry) => entry.namespace === namespace && key.startsWith(entry.prefix));
}

function placeholders(text) {
  return new Set([...String(text).matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((match) => match[1]));
}

/** The plural forms a language uses ('one', 'other', ...), by the rules the app applies too. */
function pluralForms(language) {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

/**
 * Everything to fix, as lines a person can act on:
 * - unused: a key of an English catalogue no code reaches;
 * - unknown: a literal key passed to t() that no English catalogue has;
 * - missing / empty: a key of English that a language lacks or leaves empty;
 * - extra: a key a language has and English does not;
 * - placeholders: a translation with {{names}} the code does not fill in, or without one it does.
 */
export function findProblems({ catalogues, code }) {
  const scanned = scanCode(code);
  const problems = [];
  const english = new Map(Object.entries(catalogues[SOURCE_LANGUAGE]).map(([namespace, catalogue]) => [namespace, flatten(catalogue)]));

  for (const [namespace, texts] of english) {
    for (const key of texts.keys()) {
      if (!reached(namespace, key, scanned)) problems.push(`unused: ${namespace}:${key} (no code uses it)`);
    }
  }
  const known = [...english].flatMap(([namespace, texts]) => [...texts.keys()].flatMap((key) => [key, `${namespace}:${key}`]));
  for (const { key, file } of scanned.called) {
    const exists = known.some((path) => baseKey(path) === key || path === key || path.startsWith(`${key}.`));
    if (!exists) problems.push(`unknown: t('${key}') in ${file} (no English catalogue has it)`);
  }

  for (const [language, own] of Object.entries(catalogues)) {
    if (language === SOURCE_LANGUAGE) continue;
    const forms = pluralForms(language);
    for (const [namespace, source] of english) {
      if (own[namespace] === undefined) {
        problems.push(`missing: ${language}/${namespace}.json`);
        continue;
      }
      const texts = flatten(own[namespace]);
      for (const [key, text] of source) {
        const form = key.match(PLURAL_SUFFIX)?.[1];
        if (form && form !== 'other' && !forms.includes(form)) continue; // a form this language lacks
        const translated = texts.get(key);
        if (translated === undefined) problems.push(`missing: ${language}/${namespace}:${key}`);
        else if (typeof translated !== 'string' || translated.trim() === '') {
          problems.push(`empty: ${language}/${namespace}:${key}`);
        } else {
          const wanted = placeholders(text);
          const found = placeholders(translated);
          const unknown = [...found].filter((name) => !wanted.has(name));
          const lost = [...wanted].filter((name) => !found.has(name) && !(form && name === 'count'));
          if (unknown.length || lost.length) {
            const list = (names) => [...names].map((name) => `{{${name}}}`).join(', ');
            problems.push(`placeholders: ${language}/${namespace}:${key} has ${list(found)} for ${list(wanted)}`);
          }
        }
      }
      for (const key of texts.keys()) {
        if (source.has(key)) continue;
        // A plural form English does not need but this language does (French 'many').
        const form = key.match(PLURAL_SUFFIX)?.[1];
        if (form && forms.includes(form) && source.has(`${baseKey(key)}_other`)) continue;
        problems.push(`extra: ${language}/${namespace}:${key} (English has no such key)`);
      }
    }
  }
  return problems;
}

/** The problems of the app's own catalogues and code. */
export function check() {
  return findProblems({ catalogues: loadCatalogues(), code: loadCode() });
}

/** English's shape with a language's texts: its translations kept, the rest empty. */
export function synced(source, translated, language) {
  if (typeof source === 'string') return typeof translated === 'string' ? translated : '';
  if (Array.isArray(source)) {
    return source.map((item, index) => synced(item, Array.isArray(translated) ? translated[index] : undefined, language));
  }
  const forms = pluralForms(language);
  const result = {};
  for (const [key, value] of Object.entries(source)) {
    result[key] = synced(value, translated?.[key], language);
    // Plural forms this language has beyond English's (French 'many'), next to the others.
    if (key.endsWith('_other')) {
      for (const form of forms) {
        const extra = `${key.slice(0, -'other'.length)}${form}`;
        if (!(extra in source)) result[extra] = typeof translated?.[extra] === 'string' ? translated[extra] : '';
      }
    }
  }
  return result;
}

/** Rewrites every language's catalogues to English's keys; the paths it changed. */
export function sync(locales = LOCALES) {
  const catalogues = loadCatalogues(locales);
  const written = [];
  for (const language of Object.keys(catalogues)) {
    if (language === SOURCE_LANGUAGE) continue;
    for (const [namespace, source] of Object.entries(catalogues[SOURCE_LANGUAGE])) {
      const next = `${JSON.stringify(synced(source, catalogues[language][namespace], language), null, 2)}\n`;
      const path = cataloguePath(locales, language, namespace);
      if (!existsSync(path) || readFileSync(path, 'utf8') !== next) {
        writeFileSync(path, next);
        written.push(relative(FRONTEND, path));
      }
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--sync')) for (const path of sync()) console.log(`updated ${path}`);
  const problems = check();
  console.log(`Languages with catalogues: ${languages().join(', ')}`);
  for (const problem of problems) console.log(problem);
  console.log(problems.length ? `${problems.length} to fix (see docs/translations.md)` : 'Catalogues complete.');
  process.exitCode = problems.length ? 1 : 0;
}
