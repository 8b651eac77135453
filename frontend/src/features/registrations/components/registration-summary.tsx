import { Link } from 'react-router-dom';

import { phoneHref } from '../../../lib/event-defaults';
import { formatDate, formatTime } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import type { RegistrationEvent } from '../public-api';
import { CapacityBar, capacityOf } from './capacity-bar';

/** The event being registered for: when, where, the price, its seats and its organizer. */
export function RegistrationSummary({ event }: { event: RegistrationEvent }) {
  const { t } = useTranslation(['registration', 'events']);
  const time = formatTime(event.time);
  const capacity = capacityOf(event);
  const email = event.contact_email?.trim();
  const phone = event.contact_phone?.trim();
  const facts: [string, string][] = [
    [t('events:list.dateLabel'), formatDate(event.date, 'long')],
    [t('events:list.timeLabel'), time],
    [t('events:list.locationLabel'), event.location],
    [t('summary.priceLabel'), formatPrice(event.price)],
  ];

  return (
    <section className="card registration-summary" aria-labelledby="registration-event-title">
      <h2 id="registration-event-title">{event.title}</h2>
      <dl className="registration-facts">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {capacity && <CapacityBar capacity={capacity} />}
      {email && phone && (
        <section aria-labelledby="registration-organizer-heading">
          <h3 id="registration-organizer-heading">{t('summary.organizerHeading')}</h3>
          <ul className="plain-list">
            <li>
              {t('summary.emailLabel')}: <a href={`mailto:${email}`}>{email}</a>
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
