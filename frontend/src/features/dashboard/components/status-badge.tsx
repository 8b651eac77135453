import { useTranslation } from '../../../lib/use-translation';
import type { EventStatus, RegistrationStatus } from '../api';

/** An event's or a registration's status as a tinted word (the colour never carries it alone). */
export function StatusBadge({ status }: { status: EventStatus | RegistrationStatus }) {
  const { t } = useTranslation('dashboard-home');
  return <span className={`dashboard-badge dashboard-badge--${status.toLowerCase()}`}>{t(`status.${status}`)}</span>;
}
