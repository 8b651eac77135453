import i18n, { activeLocale } from './i18n';

/**
 * Kinyarwanda's separators (CLDR: 1.234.567,5). Browsers' Intl may not know the language (it would
 * write US English '1,234,567.5'), so the English figure's separators are swapped, the same in
 * every browser and in the tests.
 */
const KINYARWANDA_SYMBOLS: Partial<Record<Intl.NumberFormatPartTypes, string>> = { group: '.', decimal: ',' };

function formatNumber(amount: number, locale: string): string {
  const options = { maximumFractionDigits: 2 };
  if (locale.toLowerCase().split('-')[0] !== 'rw') return new Intl.NumberFormat(locale, options).format(amount);
  return new Intl.NumberFormat('en', options)
    .formatToParts(amount)
    .map((part) => KINYARWANDA_SYMBOLS[part.type] ?? part.value)
    .join('');
}

/**
 * A price as visitors read it: 'Free' when zero or empty, otherwise the amount with the active
 * language's separators and the currency: '15,000 Rwf' in English, '15 000 Rwf' in French,
 * '15.000 Rwf' in Kinyarwanda (the words, and where the currency goes, come from the catalogue).
 */
export function formatPrice(price: number | string | null | undefined, locale = activeLocale()): string {
  const amount = typeof price === 'string' ? Number(price.trim() === '' ? 0 : price) : (price ?? 0);
  if (!Number.isFinite(amount) || amount === 0) return i18n.t('price.free', { ns: 'common' });
  return i18n.t('price.amount', { ns: 'common', amount: formatNumber(amount, locale) });
}
