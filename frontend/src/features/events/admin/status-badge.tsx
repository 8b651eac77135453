import { useTranslation } from '../../../lib/use-translation';
import type { EventStatus } from '../admin-api';

/** An event's status as a coloured label (colour is never the only cue: the word is there). */
export function StatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation('events-admin');
  return <span className={`status-badge status-badge--${status.toLowerCase()}`}>{t(`status.${status}`)}</span>;
}
