import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';

/** Formats an instant on one line: 'Nov 24, 2026 at 8:21 AM' ('' for none). */
export function useMoment(): (value: string | null | undefined) => string {
  const { t } = useTranslation('system');
  return (value) => {
    const { date, time } = dateAndTime(value);
    return date && time ? t('dateTime', { date, time }) : date;
  };
}
