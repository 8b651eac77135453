import { useTranslation } from '../../../lib/use-translation';
import type { EventStatus, RegistrationStatus } from '../admin-api';

type Props = { kind: 'event'; status: EventStatus } | { kind: 'registration'; status: RegistrationStatus };

/** A status as a coloured label; the word is always there, so colour is never the only cue. */
export function StatusBadge({ kind, status }: Props) {
  const { t } = useTranslation('registrations-admin');
  return (
    <span className={`registration-badge registration-badge--${status.toLowerCase()}`}>
      {t(`${kind}Status.${status}`)}
    </span>
  );
}
