import { describe, expect, it } from 'vitest';

import { compileCatalogue } from '../../scripts/catalogue-compile.mjs';
import { loadCatalogues } from '../../scripts/catalogues.mjs';

describe('the catalogue compiler', () => {
  it('compiles every catalogue of the app', () => {
    for (const [language, namespaces] of Object.entries(loadCatalogues())) {
      for (const [namespace, catalogue] of Object.entries(namespaces)) {
        expect(() => compileCatalogue(catalogue), `${language}/${namespace}`).not.toThrow();
      }
    }
  });

  it('keeps plain texts as they are, apostrophes, braces and # included', () => {
    expect(compileCatalogue({ a: "l'été", b: "it's {not} an argument", c: 'no. #1', d: '' })).toEqual({
      a: "l'été",
      b: "it's {not} an argument",
      c: 'no. #1',
      d: '',
    });
  });

  it('turns {{values}} into arguments, right after an apostrophe too', () => {
    expect(compileCatalogue({ hello: "l'{{name}} '{{ user.role }}'" })).toEqual({
      hello: ["l'", ['name'], " '", ['user__role'], "'"],
    });
  });

  it('makes one plural message of a group, _zero for 0 exactly, nested keys dotted', () => {
    const compiled = compileCatalogue({ list: [{ seats_zero: 'None', seats_one: '{{count}} seat', seats_other: '{{count}} # seats' }] });
    expect(Object.keys(compiled)).toEqual(['list.0.seats']);
    expect(compiled['list.0.seats']).toEqual([
      ['count', 'plural', { 0: ['None'], one: [['count'], ' seat'], other: [['count'], ' # seats'] }],
    ]);
  });

  it('leaves a plural group with an untranslated form empty, so that English speaks', () => {
    expect(compileCatalogue({ seats_one: 'umwanya {{count}}', seats_other: '' })).toEqual({ seats: '' });
  });

  it('refuses a key that is both a text and a plural group', () => {
    expect(() => compileCatalogue({ seats: 'Seats', seats_other: '{{count}} seats' })).toThrow(/seats/);
  });
});
