import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { compileCatalogue } from '../../scripts/catalogue-compile.mjs';
import { server } from '../testing/server';
import { formatPrice } from './format-price';
import i18n, { availableLanguages, chooseLanguage, fixedT, LANGUAGE_INFO, LANGUAGES, preferredLanguage } from './i18n';

// Catalogues of the tests' own, in namespaces the app does not have.
const SPEC = ['spec', 'spec-a', 'spec-b'];

/** A catalogue as translators write it, compiled as the build compiles it. */
function addSource(language: string, namespace: string, source: Record<string, unknown>) {
  i18n.addResourceBundle(language, namespace, compileCatalogue(source));
}

/** `contact` in use, in English only so far: as if French had never been chosen. */
async function forgetFrenchContact() {
  i18n.removeResourceBundle('fr', 'contact');
  // The English one is still there.
  await i18n.loadNamespaces(['contact']);
}

describe('i18n', () => {
  afterEach(async () => {
    server.resetHandlers();
    await i18n.changeLanguage('en');
    for (const language of LANGUAGES) for (const namespace of SPEC) i18n.removeResourceBundle(language, namespace);
    // The real English contact texts again, whatever a test made of them.
    await i18n.reloadResources(['en', 'fr'], ['contact']);
  });

  it('plans English, Kinyarwanda, French and Swahili, with English available', () => {
    expect(LANGUAGES).toEqual(['en', 'rw', 'fr', 'sw']);
    expect(availableLanguages[0]).toBe('en');
  });

  it('has the English common texts from the start', () => {
    expect(i18n.language).toBe('en');
    expect(i18n.hasLoadedNamespace('common')).toBe(true);
    expect(i18n.t('nav.contact')).toBe('Contact Us');
  });

  it('keeps <html lang> and dir in step with the active language', async () => {
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(document.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('names each language in itself', () => {
    expect(Object.values(LANGUAGE_INFO).map((info) => info.name)).toEqual(['Ikinyarwanda', 'English', 'Français', 'Kiswahili']);
  });

  it("follows the browser's first language the site offers on a first visit, else English", () => {
    const all = [...LANGUAGES];
    expect(preferredLanguage(['fr-CA', 'en-US'], all)).toBe('fr');
    expect(preferredLanguage(['de-DE', 'rw-RW', 'en'], all)).toBe('rw');
    expect(preferredLanguage(['sw_KE'], all)).toBe('sw');
    expect(preferredLanguage(['kin'], all)).toBe('rw');
    expect(preferredLanguage(['fr-FR', 'sw'], ['en', 'sw'])).toBe('sw'); // French not offered (yet)
    expect(preferredLanguage(['de', 'zh-Hans'], all)).toBe('en');
    expect(preferredLanguage([], all)).toBe('en');
  });

  it('remembers only a choice: a first visit stores nothing', async () => {
    window.localStorage.clear();
    vi.resetModules();
    const fresh = (await import('./i18n')).default;
    expect(fresh.language).toBe('en'); // jsdom's browser asks for en-US
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });

  it('tells its listeners of a language change, and remembers a choice', async () => {
    const listener = vi.fn();
    i18n.on('languageChanged', listener);
    await chooseLanguage('fr');
    expect(listener).toHaveBeenCalledWith('fr');
    expect(i18n.language).toBe('fr');
    expect(window.localStorage.getItem('language')).toBe('fr');
    i18n.off('languageChanged', listener);
    await i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('switches only once the namespaces in use are there in the new language', async () => {
    await forgetFrenchContact();
    server.use(
      http.get('*/locales/fr/contact.json', async () => {
        await delay(20);
        return HttpResponse.json({ formHeading: 'Écrivez-nous' });
      }),
    );
    let loadedWhenSwitched = false;
    const listener = () => {
      loadedWhenSwitched = i18n.hasLoadedNamespace('contact');
    };
    i18n.on('languageChanged', listener);
    await i18n.changeLanguage('fr');
    i18n.off('languageChanged', listener);
    expect(loadedWhenSwitched).toBe(true);
    expect(i18n.t('contact:formHeading')).toBe('Écrivez-nous');
  });

  it('switches to the language asked for last only, when two changes overlap', async () => {
    await forgetFrenchContact();
    server.use(
      http.get('*/locales/fr/contact.json', async () => {
        await delay(50);
        return HttpResponse.json({});
      }),
    );
    const switched: string[] = [];
    const listener = (language: string) => switched.push(language);
    i18n.on('languageChanged', listener);
    await Promise.all([i18n.changeLanguage('fr'), i18n.changeLanguage('sw')]);
    i18n.off('languageChanged', listener);
    expect(switched).toEqual(['sw']);
    expect(i18n.language).toBe('sw');
  });

  it('takes English for a language it does not know', async () => {
    await i18n.changeLanguage('xx');
    expect(i18n.language).toBe('en');
  });

  it('formats with the active language, words and numbers', async () => {
    await i18n.changeLanguage('fr');
    // The words from the French catalogue, the number from French Intl.
    expect(formatPrice(15000)).toBe('15\u202f000 Rwf');
    expect(formatPrice(0)).toBe('Gratuit');
  });

  it('fills in {{values}}, nested ones too, without escaping HTML (React does)', () => {
    addSource('en', 'spec', { greeting: 'Hello {{name}} ({{ user.role }}), {{html}} {{missing}}' });
    expect(i18n.t('greeting', { ns: 'spec', name: 'Ada', user: { role: 'admin' }, html: '<b>&</b>' })).toBe(
      'Hello Ada (admin), <b>&</b> {{missing}}',
    );
  });

  it('picks the plural key of the count: _zero, then the language form, then _other', () => {
    addSource('en', 'spec', {
      seats_zero: 'No seats left',
      seats_one: '{{count}} seat left',
      seats_other: '{{count}} seats left',
      items_one: '{{count}} item',
      items_other: '{{count}} items',
      things_other: '{{count}} things',
      plain: '{{count}} of them',
    });
    const t = fixedT('spec');
    expect(t('seats', { count: 0 })).toBe('No seats left');
    expect(t('seats', { count: 1 })).toBe('1 seat left');
    expect(t('seats', { count: 7 })).toBe('7 seats left');
    // No _zero: English says "0 items".
    expect(t('items', { count: 0 })).toBe('0 items');
    expect(t('things', { count: 1 })).toBe('1 things');
    expect(t('plain', { count: 3 })).toBe('3 of them');
  });

  it('uses the plural rules of the language: French counts 0 as one', async () => {
    addSource('fr', 'spec', { seats_one: '{{count}} place', seats_other: '{{count}} places' });
    addSource('en', 'spec', { items_one: '{{count}} item', items_other: '{{count}} items' });
    await i18n.changeLanguage('fr');
    const t = fixedT('spec');
    expect(t('seats', { count: 0 })).toBe('0 place');
    expect(t('seats', { count: 1 })).toBe('1 place');
    expect(t('seats', { count: 2 })).toBe('2 places');
    // English standing in for a missing French text speaks English plurals.
    expect(t('items', { count: 0 })).toBe('0 items');
  });

  it('counts Kinyarwanda as its catalogues are written: one for 1, other for 0 and more', async () => {
    // CLDR has no Kinyarwanda rules: Intl would answer with the browser's own locale's.
    addSource('rw', 'spec', { seats_one: 'umwanya {{count}}', seats_other: 'imyanya {{count}}' });
    await i18n.changeLanguage('rw');
    const t = fixedT('spec');
    expect([0, 1, 2, 1000000].map((count) => t('seats', { count }))).toEqual([
      'imyanya 0',
      'umwanya 1',
      'imyanya 2',
      'imyanya 1000000',
    ]);
  });

  it("shows a French apostrophe or a brace as written, next to a value or not", async () => {
    addSource('fr', 'spec', { about: "À propos de l'{{name}}", plain: "Aujourd'hui {pas une valeur}" });
    await i18n.changeLanguage('fr');
    const t = fixedT('spec');
    expect(t('about', { name: 'association' })).toBe("À propos de l'association");
    expect(t('plain')).toBe("Aujourd'hui {pas une valeur}");
  });

  it('speaks English, with its plurals, for a plural not translated yet', async () => {
    addSource('sw', 'spec', { seats_one: '', seats_other: 'nafasi {{count}}' });
    addSource('en', 'spec', { seats_zero: 'No seats', seats_one: '{{count}} seat', seats_other: '{{count}} seats' });
    await i18n.changeLanguage('sw');
    const t = fixedT('spec');
    expect([0, 1, 2].map((count) => t('seats', { count }))).toEqual(['No seats', '1 seat', '2 seats']);
  });

  it('returns the object or array at a key with returnObjects, filled in and copied', () => {
    addSource('en', 'spec', { agenda: [{ time: '08:30' }, { time: '09:30' }] });
    const agenda = i18n.t('agenda', { ns: 'spec', returnObjects: true }) as { time: string }[];
    expect(agenda).toHaveLength(2);
    expect(agenda[0]?.time).toBe('08:30');
    addSource('en', 'spec', { people: [{ hello: 'Hi {{name}}' }] });
    const people = i18n.t('people', { ns: 'spec', returnObjects: true, name: 'Ada' }) as { hello: string }[];
    expect(people).toEqual([{ hello: 'Hi Ada' }]);
    for (const person of people) person.hello = 'changed';
    expect(i18n.t('people.0.hello', { ns: 'spec', name: 'Ada' })).toBe('Hi Ada');
    // Without it, an object is no text.
    expect(i18n.t('people', { ns: 'spec' })).toBe('people');
  });

  it('reads another namespace by prefix, and a list of namespaces in order', () => {
    expect(i18n.t('contact:formHeading')).toBe('Send us a message');
    expect(fixedT(['common', 'contact'])('contact:formHeading')).toBe('Send us a message');
    addSource('en', 'spec-a', { shared: 'from a', onlyA: 'only a' });
    addSource('en', 'spec-b', { shared: 'from b', onlyB: 'only b' });
    const ab = fixedT(['spec-a', 'spec-b']);
    expect([ab('shared'), ab('onlyA'), ab('onlyB')]).toEqual(['from a', 'only a', 'only b']);
    expect(fixedT(['spec-b', 'spec-a'])('shared')).toBe('from b');
    expect(i18n.t('shared', { ns: ['spec-b', 'spec-a'] })).toBe('from b');
  });

  it('falls back to English for a text the language does not have', async () => {
    addSource('fr', 'spec', { hello: 'Bonjour {{name}}' });
    addSource('en', 'spec', { hello: 'Hello {{name}}', bye: 'Goodbye {{name}}' });
    await i18n.changeLanguage('fr');
    const t = fixedT('spec');
    expect(t('hello', { name: 'Ada' })).toBe('Bonjour Ada');
    expect(t('bye', { name: 'Ada' })).toBe('Goodbye Ada');
  });

  it('takes an empty text for one not translated yet, and shows English', async () => {
    addSource('fr', 'spec', { hello: '', bye: 'Au revoir' });
    addSource('en', 'spec', { hello: 'Hello', bye: 'Goodbye' });
    await i18n.changeLanguage('fr');
    const t = fixedT('spec');
    expect([t('hello'), t('bye')]).toEqual(['Hello', 'Au revoir']);
  });

  it('answers a missing key with the key, or the default value', () => {
    expect(i18n.t('nav.nowhere')).toBe('nav.nowhere');
    expect(i18n.t('contact:nowhere')).toBe('nowhere');
    expect(i18n.t('nav.nowhere', { defaultValue: 'Somewhere {{n}}', n: 2 })).toBe('Somewhere 2');
    // A colon in words is no namespace.
    expect(i18n.t('Note: nothing')).toBe('Note: nothing');
  });

  it('fetches the catalogues beyond common as JSON files', async () => {
    let fetched = '';
    server.use(
      http.get('*/locales/en/contact.json', ({ request }) => {
        fetched = new URL(request.url).pathname;
        return HttpResponse.json({ intro: 'From the JSON file' });
      }),
    );
    await i18n.reloadResources(['en'], ['contact']);
    expect(fetched).toMatch(/locales\/en\/contact\.json$/);
    expect(i18n.t('intro', { ns: 'contact' })).toBe('From the JSON file');
  });

  it("takes the texts the page's HTML carries without fetching them", async () => {
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'catalogues-en';
    carried.textContent = JSON.stringify({ contact: { intro: 'From the page' } });
    document.body.append(carried);
    let fetched = false;
    server.use(
      http.get('*/locales/en/contact.json', () => {
        fetched = true;
        return HttpResponse.json({ intro: 'From the JSON file' });
      }),
    );
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.loadNamespaces(['contact']);
    expect(fresh.default.t('intro', { ns: 'contact' })).toBe('From the page');
    expect(fetched).toBe(false);
    carried.remove();
  });

  it('shows the keys while a catalogue cannot be fetched, and fetches it again when next asked', async () => {
    i18n.removeResourceBundle('en', 'contact');
    server.use(http.get('*/locales/en/contact.json', () => new HttpResponse(null, { status: 404 })));
    await i18n.loadNamespaces(['contact']);
    expect(i18n.t('contact:formHeading')).toBe('formHeading');
    server.resetHandlers();
    await i18n.loadNamespaces(['contact']);
    expect(i18n.t('contact:formHeading')).toBe('Send us a message');
  });
});
