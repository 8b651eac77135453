import { useId } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { RegistrationCounters as Counters } from '../admin-api';

/**
 * The event's four counters (SPEC §2) and the tickets checked in at the door, then the registrations that ended and hold no seat
 * (rejected, expired, cancelled), counted apart: description lists, so each figure is read with
 * its name.
 */
export function RegistrationCounters({ counters }: { counters: Counters }) {
  const { t } = useTranslation('registrations-admin');
  const headingId = useId();
  const seats = counters.available_seats;
  const items = [
    // What the total counts, said on screen: the registrations that hold a seat, not every sign-up.
    { key: 'total', value: counters.total_registrations, note: t('counters.totalNote') },
    { key: 'pending', value: counters.pending_registrations },
    { key: 'approved', value: counters.approved_registrations },
    // Who came, against who was expected: live while the doors are open (the page polls).
    {
      key: 'checkedIn',
      value: counters.checked_in_registrations,
      note: t('counters.checkedInNote', { count: counters.approved_registrations }),
    },
    {
      key: 'available',
      value: seats === null || counters.maximum_attendees === null ? t('counters.unlimited') : seats,
      note:
        counters.maximum_attendees === null ? undefined : t('counters.ofMaximum', { count: counters.maximum_attendees }),
    },
  ];
  const ended = [
    { key: 'Rejected', value: counters.rejected_registrations },
    { key: 'Expired', value: counters.expired_registrations },
    { key: 'Cancelled', value: counters.cancelled_registrations },
  ];
  return (
    <section className="registration-counters" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('counters.label')}
      </h2>
      <dl className="registration-counters__list">
        {items.map(({ key, value, note }) => (
          <div key={key} className={`registration-counters__item registration-counters__item--${key}`}>
            <dt>{t(`counters.${key}`)}</dt>
            <dd>
              <span className="registration-counters__value">{value}</span>
              {note && <span className="registration-counters__note"> {note}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div className="registration-counters__ended">
        <p className="registration-counters__ended-title">
          {t('counters.ended')}
        </p>
        <dl>
          {ended.map(({ key, value }) => (
            <div key={key}>
              <dt>{t(`common:status.registration.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
