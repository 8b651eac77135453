import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

/** Formats an instant on one line: 'Nov 3, 2026 at 2:30 PM' ('' for none). */
export function useMoment(): (value: string | null | undefined) => string {
  const { t } = useTranslation('registrations-admin');
  return (value) => {
    const { date, time } = dateAndTime(value);
    return date && time ? t('dateTime', { date, time }) : date;
  };
}
