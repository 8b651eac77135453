import { useTranslation } from '../../../lib/use-translation';
import type { EventStatus, RegistrationStatus } from '../admin-api';

type Props =
  | { kind: 'event'; status: EventStatus }
  | { kind: 'registration'; status: RegistrationStatus; free?: boolean };

/** A status as a coloured label; the word is always there, so colour is never the only cue. */
export function StatusBadge(props: Props) {
  const { t } = useTranslation('registrations-admin');
  const { kind, status } = props;
  // "Approved (free)": no payment stands behind it, so staff do not look for one.
  const free = props.kind === 'registration' && props.free && status === 'Approved';
  return (
    <span className={`registration-badge registration-badge--${status.toLowerCase()}`}>
      {free ? t('registrationStatus.ApprovedFree') : t(`${kind}Status.${status}`)}
    </span>
  );
}
