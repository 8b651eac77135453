import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { server } from '../testing/server';
import { formatPrice } from './format-price';
import i18n, { availableLanguages, LANGUAGES } from './i18n';

describe('i18n', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('plans English, Kinyarwanda, French and Swahili, with English available', () => {
    expect(LANGUAGES).toEqual(['en', 'rw', 'fr', 'sw']);
    expect(availableLanguages[0]).toBe('en');
  });

  it('keeps <html lang> in step with the active language', async () => {
    await i18n.changeLanguage('fr');
    expect(document.documentElement.lang).toBe('fr');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('formats with the active language and falls back to English texts', async () => {
    await i18n.changeLanguage('fr');
    // No French catalogue yet: the words come from English, the number from French Intl.
    expect(formatPrice(15000)).toBe('15\u202f000 Rwf');
    expect(formatPrice(0)).toBe('Free');
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
    server.resetHandlers();
    await i18n.reloadResources(['en'], ['contact']);
  });
});
