import { Link } from 'react-router-dom';

import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { EventSummary } from '../admin-api';
import { StatusBadge } from '../../../components/status-badge';

/** One event on the overview (SPEC §2): title, status, date and time, its counts and the way in. */
export function EventCard({ event }: { event: EventSummary }) {
  const { t } = useTranslation('registrations-admin');
  const time = formatTime(event.time);
  const counts = [
    ['total', event.total_registrations_count],
    ['pending', event.pending_registrations_count],
    ['approved', event.approved_registrations_count],
  ] as const;
  return (
    <article className="registration-event-card">
      <div className="registration-event-card__top">
        <h2 className="registration-event-card__title">{event.title}</h2>
        <StatusBadge kind="event" status={event.status} />
      </div>
      <p className="registration-event-card__when">
        {time ? t('dateTime', { date: formatDate(event.date), time }) : formatDate(event.date)}
      </p>
      <dl className="registration-event-card__counts">
        {counts.map(([key, value]) => (
          <div key={key} className={`registration-event-card__count registration-event-card__count--${key}`}>
            <dt>{t(`overview.counts.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={`/dashboard/registrations/${event.id}`}
        className="button button--primary registration-event-card__manage"
        aria-label={t('overview.manageFor', { title: event.title })}
      >
        {t('overview.manage')}
      </Link>
    </article>
  );
}
