import { activeLocale } from './i18n';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A 'yyyy-mm-dd' string is a calendar day, not an instant: read it in local time. */
function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const match = DATE_ONLY.exec(value);
  const date = match
    ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date for people: short month by default ('Nov 3, 2025' in English), long month for
 * event cards ('November 3, 2025'). An unreadable value gives an empty string.
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: 'short' | 'long' = 'short',
  locale = activeLocale(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: style, day: 'numeric' }).format(date);
}
