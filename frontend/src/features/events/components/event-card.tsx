import { Link } from 'react-router-dom';

import { eventImage } from '../../../lib/event-images';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { PublicEvent } from '../public-api';
import { Icon } from './icons';

/** One upcoming event in the carousel of /events. */
export function EventCard({ event }: { event: PublicEvent }) {
  const { t } = useTranslation('events');
  const image = eventImage(event.event_image_id);
  const titleId = `event-card-${event.id}-title`;
  const time = formatTime(event.time);
  return (
    <article className="event-card" aria-labelledby={titleId}>
      <div className="event-card__media">
        <img className="event-card__image" src={image.url} alt={image.label} width="300" height="169" loading="lazy" />
        <span className={`event-badge event-badge--${event.status.toLowerCase()}`}>{t(`status.${event.status}`)}</span>
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
        </ul>
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
