// The catalogues as the app reads them: Lingui's compiled messages, made at build time from the
// i18next-style JSON that translators edit (src/locales/<language>/<namespace>.json).
//
// - `{{name}}` becomes an ICU argument (`{{user.role}}`: `{user__role}`, ICU names have no dots);
//   every other character is literal (ICU's quotes added where ICU would read one as syntax).
// - A plural group (`seats_zero`, `seats_one`, ..., `seats_other`) becomes one message under its
//   base key, `{count, plural, =0 {…} one {…} other {…}}`: `_zero` for 0 exactly, as i18next.
// - Nested objects and lists become dotted keys (`agenda.0.time`), as `t` reads them; the app
//   puts a `returnObjects` answer back together from them (lib/i18n.ts).
// - The result per message is Lingui's compiled form (@lingui/message-utils, the compiler Lingui's
//   own CLI uses), or a plain string for a text without arguments. An empty text stays empty:
//   not translated yet, English shows.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** Literal text as ICU reads it literally: quotes doubled, braces (and `#` in a plural) quoted. */
function literal(text, inPlural) {
  return text.replace(/'/g, "''").replace(inPlural ? /[{}#]+/g : /[{}]+/g, (special) => `'${special}'`);
}

/** An i18next text as an ICU message. */
export function toIcu(text, inPlural = false) {
  let icu = '';
  let last = 0;
  for (const found of text.matchAll(PLACEHOLDER)) {
    icu += `${literal(text.slice(last, found.index), inPlural)}{${found[1].replace(/\./g, '__')}}`;
    last = found.index + found[0].length;
  }
  return icu + literal(text.slice(last), inPlural);
}

/** Lingui's compiled form of an ICU message; a plain string when it has no arguments. */
function compile(icu) {
  const compiled = compileMessageOrThrow(icu);
  if (compiled.length === 0) return '';
  return compiled.length === 1 && typeof compiled[0] === 'string' ? compiled[0] : compiled;
}

/** The forms of a plural group as one ICU message; empty if any form is (English then speaks). */
function pluralIcu(forms) {
  if (Object.values(forms).some((text) => text === '')) return '';
  const cases = Object.entries(forms).map(([form, text]) => `${form === 'zero' ? '=0' : form} {${toIcu(text, true)}}`);
  if (!('other' in forms)) cases.push(`other {${toIcu(forms.one ?? Object.values(forms)[0], true)}}`);
  return `{count, plural, ${cases.join(' ')}}`;
}

/**
 * One catalogue (a namespace's JSON) compiled: { 'dotted.key': compiled message }. Throws on a
 * text ICU cannot read or a key that is both a text and a plural group, naming the key.
 */
export function compileCatalogue(catalogue) {
  const messages = {};
  const add = (key, icu) => {
    if (key in messages) throw new Error(`catalogue key ${key} is both a text and a plural group`);
    try {
      messages[key] = compile(icu);
    } catch (error) {
      throw new Error(`catalogue key ${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  const walk = (value, prefix) => {
    const groups = new Map();
    for (const [name, child] of Object.entries(value)) {
      const key = `${prefix}${name}`;
      const plural = typeof child === 'string' ? PLURAL.exec(name) : null;
      if (plural) {
        const base = `${prefix}${plural[1]}`;
        groups.set(base, { ...groups.get(base), [plural[2]]: child });
      } else if (typeof child === 'string') {
        add(key, toIcu(child));
      } else if (child && typeof child === 'object') {
        walk(child, `${key}.`);
      }
    }
    for (const [base, forms] of groups) add(base, pluralIcu(forms));
  };
  walk(catalogue, '');
  return messages;
}
