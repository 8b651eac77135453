import { useTranslation } from '../../../lib/use-translation';
import type { AdminRegistration } from '../admin-api';
import { useMoment } from './date-time';

/**
 * The line under a registration's status that says what it depends on or why it ended: until when
 * an unconfirmed sign-up holds its seat, the payment deadline, why it expired, the reason staff
 * gave. `now` is when the figures were read (the view's fetch), so a render stays pure.
 */
export function useStatusNote(): (registration: AdminRegistration, now: number) => string | null {
  const { t } = useTranslation('registrations-admin');
  const moment = useMoment();
  return (registration, now) => {
    const past = (instant: string) => Date.parse(instant) <= now;
    switch (registration.registration_status) {
      case 'Pending':
        if (!registration.email_confirmed) {
          const until = registration.hold_expires_at;
          if (until === null) return t('note.emailNotSent');
          return t(past(until) ? 'note.holdEnded' : 'note.heldUntil', { when: moment(until) });
        }
        if (registration.payment_due_at) {
          const due = registration.payment_due_at;
          return t(past(due) ? 'note.paymentDuePassed' : 'note.paymentDue', { when: moment(due) });
        }
        return null;
      case 'Expired':
        return registration.ended_reason ? t(`note.expired.${registration.ended_reason}`) : null;
      case 'Cancelled':
        if (registration.ended_reason === 'by_registrant' || registration.ended_reason === 'event_cancelled') {
          return t(`note.cancelled.${registration.ended_reason}`);
        }
        return registration.status_reason ? t('note.reason', { reason: registration.status_reason }) : null;
      case 'Rejected':
        return registration.status_reason ? t('note.reason', { reason: registration.status_reason }) : null;
      default:
        return null;
    }
  };
}
