import { Link } from 'react-router-dom';

import { eventImage } from '../../../lib/event-images';
import { formatDate, formatTime } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import { isFull, type PublicEvent } from '../public-api';
import { CARD_SIZES, EventPicture } from './event-image';
import { Icon } from './icons';

/**
 * One event: in the carousel of /events (`past` false) with its price, the seats left and a way
 * to register; in the archive of /events/past with what it was. No status badge: visitors see
 * only published events here, and staff words ("Published") mean nothing to them.
 */
export function EventCard({
  event,
  past = false,
  priority = false,
}: {
  event: PublicEvent;
  past?: boolean;
  /** The first card on screen: its picture is the page's largest paint, so fetched at once. */
  priority?: boolean;
}) {
  const { t } = useTranslation('events');
  const image = eventImage(event.event_image_id);
  const titleId = `event-card-${event.id}-title`;
  const time = formatTime(event.time);
  return (
    <article className="event-card" aria-labelledby={titleId}>
      <div className="event-card__media">
        <EventPicture fixed={image} uploaded={event.image} className="event-card__image" sizes={CARD_SIZES} width={300} height={169} priority={priority} />
      </div>
      <div className="event-card__body">
        <p className="event-card__date">
          <Icon name="calendar" />
          <span className="visually-hidden">{t('list.dateLabel')}: </span>
          <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>
        </p>
        <h2 id={titleId} className="event-card__title">
          {event.title}
        </h2>
        <p className="event-card__description">{event.description}</p>
        <ul className="plain-list event-facts">
          <li>
            <Icon name="pin" />
            <span className="visually-hidden">{t('list.locationLabel')}: </span>
            {event.location}
          </li>
          {time && (
            <li>
              <Icon name="clock" />
              <span className="visually-hidden">{t('list.timeLabel')}: </span>
              {time}
            </li>
          )}
          {!past && (
            <li>
              <Icon name="tag" />
              <span className="visually-hidden">{t('list.priceLabel')}: </span>
              {formatPrice(event.price)}
            </li>
          )}
          {!past && event.open_seats !== null && (
            <li className={isFull(event) ? 'event-facts__full' : undefined}>
              <Icon name="seat" />
              {isFull(event) ? t('list.full') : t('list.seatsLeft', { count: event.open_seats })}
            </li>
          )}
        </ul>
        {!past && (
          <Link className="button button--accent event-card__register" to={`/registration?eventId=${event.id}`}>
            {isFull(event) ? t('list.joinWaitlist') : t('list.registerNow')}
            <span className="visually-hidden">: {event.title}</span>
          </Link>
        )}
        <div className="event-card__actions">
          <Link className="button button--primary" to={`/event/${event.id}`}>
            {t('list.viewDetails')}
            <span className="visually-hidden">: {event.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
