import i18n, { activeLocale } from './i18n';

/**
 * A price as visitors read it: 'Free' when zero or empty, otherwise the amount with
 * thousands separators and the currency, e.g. '15,000 Rwf'.
 */
export function formatPrice(price: number | string | null | undefined, locale = activeLocale()): string {
  const amount = typeof price === 'string' ? Number(price.trim() === '' ? 0 : price) : (price ?? 0);
  if (!Number.isFinite(amount) || amount === 0) return i18n.t('price.free', { ns: 'common' });
  const figure = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
  return i18n.t('price.amount', { ns: 'common', amount: figure });
}
