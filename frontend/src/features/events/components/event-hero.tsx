import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../../../components/use-document-title';
import type { EventImage } from '../../../lib/event-images';
import { useTranslation } from '../../../lib/use-translation';
import type { UploadedEventImage } from '../public-api';
import { AGENDA_ANCHOR } from './event-details';
import { EventPicture } from './event-image';
import { Icon } from './icons';

interface Props {
  image: EventImage;
  uploaded?: UploadedEventImage | null | undefined;
  title: string;
  subtitle: string;
  /** The date (and time) as people read it. */
  when: string;
  location: string;
  price?: string;
  /** The registration link, when registering is possible. */
  register?: { to: string; label: string };
}

/** The top of an event page: its picture behind the date, title, subtitle and key facts. */
export function EventHero({ image, uploaded, title, subtitle, when, location, price, register }: Props) {
  const { t } = useTranslation('event-detail');
  useDocumentTitle(title);
  return (
    <header className="event-hero">
      <EventPicture fixed={image} uploaded={uploaded} className="event-hero__image" sizes="100vw" width={800} height={450} priority />
      <div className="event-hero__content container">
        <p className="event-hero__when">
          <Icon name="calendar" />
          <span className="visually-hidden">{t('detail.dateLabel')}: </span>
          {when}
        </p>
        <h1 className="event-hero__title">{title}</h1>
        <p className="event-hero__subtitle">{subtitle}</p>
        <ul className="plain-list event-hero__facts">
          <li>
            <Icon name="pin" />
            <span className="visually-hidden">{t('detail.locationLabel')}: </span>
            {location}
          </li>
          {price && (
            <li>
              <Icon name="tag" />
              <span className="visually-hidden">{t('detail.priceLabel')}: </span>
              {price}
            </li>
          )}
        </ul>
        <div className="event-hero__actions">
          {register && (
            <Link className="button button--accent" to={register.to}>
              {register.label}
            </Link>
          )}
          <a className="button button--light" href={`#${AGENDA_ANCHOR}`}>
            {t('detail.viewSchedule')}
          </a>
        </div>
      </div>
    </header>
  );
}
