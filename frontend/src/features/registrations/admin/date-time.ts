import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

/**
 * An instant (ISO date-time) as the day and the time of day people read, in local time, with
 * the app's one date and time formatters: { date: 'Nov 3, 2026', time: '2:30 PM' }. Empty
 * strings for an empty or unreadable value.
 */
export function dateAndTime(value: string | null | undefined): { date: string; time: string } {
  const date = formatDate(value);
  if (!value || !date) return { date: '', time: '' };
  const instant = new Date(value);
  const clock = `${instant.getHours()}:${String(instant.getMinutes()).padStart(2, '0')}`;
  return { date, time: formatTime(clock) };
}

/** Formats an instant on one line: 'Nov 3, 2026 at 2:30 PM' ('' for none). */
export function useMoment(): (value: string | null | undefined) => string {
  const { t } = useTranslation('registrations-admin');
  return (value) => {
    const { date, time } = dateAndTime(value);
    return date && time ? t('dateTime', { date, time }) : date;
  };
}
