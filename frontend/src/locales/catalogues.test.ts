import { describe, expect, it } from 'vitest';

import { check, findProblems, languages, synced } from '../../scripts/catalogues.mjs';
import { LANGUAGES } from '../lib/i18n';

describe("the app's catalogues", () => {
  it('are checked for English and for every language that has its common catalogue', () => {
    const checked = languages();
    expect(checked[0]).toBe('en');
    expect(checked.every((language) => (LANGUAGES as readonly string[]).includes(language))).toBe(true);
  });

  it('hold every English key in every language, none empty, and no key that no code uses', () => {
    expect(check()).toEqual([]);
  });
});

// The same check on catalogues and code of its own: it finds what it should, and only that.
const ENGLISH = {
  title: 'Events',
  seats_one: '{{count}} seat',
  seats_other: '{{count}} seats',
  status: { Draft: 'Draft', Published: 'Published' },
  agenda: [{ time: '08:30' }],
  greeting: 'Hello {{name}}',
};
const CODE = [
  {
    file: 'src/page.tsx',
    text: `
      const { t } = useTranslation('events');
      t('title'); t('seats', { count }); t(\`status.\${event.status}\`);
      t('agenda', { returnObjects: true }); t('greeting', { name });
      /** Example: t('not.a.call') */
    `,
  },
];

describe('the catalogue check', () => {
  it('passes complete catalogues, plural forms and keys reached through templates included', () => {
    const sw = { ...ENGLISH, title: 'Matukio', seats_one: 'nafasi {{count}}', seats_other: 'nafasi {{count}}', greeting: 'Habari {{name}}' };
    const fr = { ...ENGLISH, seats_one: 'une place', seats_many: '{{count}} de places', seats_other: '{{count}} places' };
    expect(findProblems({ catalogues: { en: { common: ENGLISH }, sw: { common: sw }, fr: { common: fr } }, code: CODE })).toEqual([]);
  });

  it('names what is missing, empty, extra, unused, unknown or has the wrong placeholders', () => {
    const rw = {
      title: '',
      seats_other: 'imyanya {{count}}',
      status: { Draft: 'Umushinga', Published: 'Byatangajwe', Old: 'Ibya kera' },
      agenda: [{ time: '08:30' }],
      greeting: 'Muraho {{nom}}',
    };
    const code = [{ file: 'src/other.tsx', text: "t('events:intro'); t('nowhere.key');" }, ...CODE];
    const catalogues = { en: { common: { ...ENGLISH, forgotten: 'Nobody reads me' }, events: { intro: 'Hi' } }, rw: { common: rw } };
    expect(findProblems({ catalogues, code })).toEqual([
      'unused: common:forgotten (no code uses it)',
      "unknown: t('nowhere.key') in src/other.tsx (no English catalogue has it)",
      'empty: rw/common:title',
      'missing: rw/common:seats_one',
      'placeholders: rw/common:greeting has {{nom}} for {{name}}',
      'missing: rw/common:forgotten',
      'extra: rw/common:status.Old (English has no such key)',
      'missing: rw/events.json',
    ]);
  });

  it("gives a language English's keys, keeping its translations and the plural forms it needs", () => {
    const fr = { title: 'Événements', old: 'ancien', seats_many: '{{count}} de places' };
    expect(synced(ENGLISH, fr, 'fr')).toEqual({
      title: 'Événements',
      seats_one: '',
      seats_other: '',
      seats_many: '{{count}} de places',
      status: { Draft: '', Published: '' },
      agenda: [{ time: '' }],
      greeting: '',
    });
  });
});
