import { afterEach, describe, expect, it } from 'vitest';

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
});
