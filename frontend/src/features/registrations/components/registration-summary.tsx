import { Link } from 'react-router-dom';

import { phoneHref } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import type { RegistrationEvent } from '../public-api';
import { CapacityBar, capacityOf } from './capacity-bar';
import { EventFacts } from './event-facts';
import { mailtoHref } from '../../../lib/mailto';

/** The event being registered for: when, where, the price, its seats and its organizer. */
export function RegistrationSummary({ event }: { event: RegistrationEvent }) {
  const { t } = useTranslation('registration');
  const capacity = capacityOf(event);
  const email = event.contact_email?.trim();
  const phone = event.contact_phone?.trim();

  return (
    <section className="card registration-summary" aria-labelledby="registration-event-title">
      <h2 id="registration-event-title">{event.title}</h2>
      <EventFacts event={event} withPrice />
      {capacity && <CapacityBar capacity={capacity} />}
      {email && phone && (
        <section aria-labelledby="registration-organizer-heading">
          <h3 id="registration-organizer-heading">{t('summary.organizerHeading')}</h3>
          <ul className="plain-list">
            <li>
              {t('summary.emailLabel')}: <a href={mailtoHref(email)}>{email}</a>
            </li>
            <li>
              {t('summary.phoneLabel')}: <a href={phoneHref(phone)}>{phone}</a>
            </li>
          </ul>
        </section>
      )}
      <p className="registration-summary__link">
        <Link to={`/event/${event.id}`}>{t('summary.eventLink')}</Link>
      </p>
    </section>
  );
}
