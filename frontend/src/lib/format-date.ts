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
 * Kinyarwanda as CLDR writes it (day, month, year; a 24-hour clock). Browsers' Intl may not know
 * the language at all (Chromium's trimmed ICU falls back to US English) while Node's full ICU
 * does: one table, so that every browser and the tests agree.
 */
const KINYARWANDA = {
  months: ['Mutarama', 'Gashyantare', 'Werurwe', 'Mata', 'Gicurasi', 'Kamena', 'Nyakanga', 'Kanama', 'Nzeri', 'Ukwakira', 'Ugushyingo', 'Ukuboza'],
  shortMonths: ['Mut.', 'Gas.', 'Wer.', 'Mat.', 'Gic.', 'Kam.', 'Nya.', 'Kan.', 'Nze.', 'Ukw.', 'Ugu.', 'Uku.'],
};

function isKinyarwanda(locale: string): boolean {
  return locale.toLowerCase().split('-')[0] === 'rw';
}

/**
 * A date for people: short month by default ('Nov 3, 2025' in English), long month for
 * event cards ('November 3, 2025'), in the active language ('3 novembre 2025', '3 Ugushyingo
 * 2025'). An unreadable value gives an empty string.
 */
export function formatDate(
  value: string | Date | null | undefined,
  style: 'short' | 'long' = 'short',
  locale = activeLocale(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  if (isKinyarwanda(locale)) {
    const months = style === 'long' ? KINYARWANDA.months : KINYARWANDA.shortMonths;
    return `${date.getDate()} ${months[date.getMonth()]} ${date.getFullYear()}`;
  }
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: style, day: 'numeric' }).format(date);
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A time of day ('HH:MM' or 'HH:MM:SS') as people read it in the active language, e.g.
 * '9:00 AM' in English, '9:00' (24-hour clock) in the other languages. An empty or unreadable
 * value gives an empty string.
 */
export function formatTime(value: string | null | undefined, locale = activeLocale()): string {
  const match = CLOCK.exec(value ?? '');
  if (!match) return '';
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return '';
  if (isKinyarwanda(locale)) return `${hours}:${match[2]}`;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(2000, 0, 1, hours, minutes),
  );
}

/**
 * An instant (ISO date-time) as the day and the time of day people read, in local time, with
 * the formatters above: { date: 'Nov 3, 2026', time: '2:30 PM' }. Empty strings for an empty
 * or unreadable value.
 */
export function dateAndTime(value: string | null | undefined, locale = activeLocale()): { date: string; time: string } {
  const date = formatDate(value, 'short', locale);
  if (!value || !date) return { date: '', time: '' };
  const instant = new Date(value);
  const clock = `${instant.getHours()}:${String(instant.getMinutes()).padStart(2, '0')}`;
  return { date, time: formatTime(clock, locale) };
}

const DURATION_UNITS = [
  { unit: 'day', seconds: 86_400, from: 2 * 86_400 },
  { unit: 'hour', seconds: 3600, from: 90 * 60 },
  { unit: 'minute', seconds: 60, from: 90 },
  { unit: 'second', seconds: 1, from: 0 },
] as const;

/**
 * A length of time in its largest fitting unit, rounded, as the language writes it short:
 * 45 → '45 sec', 420 → '7 min', 7200 → '2 hr', 259200 → '3 days' in English.
 */
export function formatDuration(seconds: number, locale = activeLocale()): string {
  const value = Math.max(0, seconds);
  const { unit, seconds: size } = DURATION_UNITS.find(({ from }) => value >= from) ?? DURATION_UNITS[3];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(Math.round(value / size));
}
