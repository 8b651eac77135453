import { activeLocale } from '../../lib/i18n';

/** The reports' numbers in the reader's language. */

export function formatNumber(value: number, locale = activeLocale()): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** 66.7 → '66.7%' in the reader's language; null (nothing to divide) → the dash. */
export function formatPercent(value: number | null, none: string, locale = activeLocale()): string {
  if (value === null) return none;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
}

/** 'yyyy-mm-dd' (a month's first day) → 'Nov 2026'. */
export function formatMonth(value: string, locale = activeLocale()): string {
  const [year, month] = value.split('-').map(Number);
  if (!year || !month) return '';
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }).format(new Date(year, month - 1, 1));
}
