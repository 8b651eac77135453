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

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A time of day ('HH:MM' or 'HH:MM:SS') as people read it in the active language, e.g.
 * '9:00 AM' in English. An empty or unreadable value gives an empty string.
 */
export function formatTime(value: string | null | undefined, locale = activeLocale()): string {
  const match = CLOCK.exec(value ?? '');
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return '';
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(2000, 0, 1, hours, minutes),
  );
}
