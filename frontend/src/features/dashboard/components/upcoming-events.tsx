import { Link } from 'react-router-dom';

import { EmptyState } from '../../../components/empty-state';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { DashboardSummary } from '../api';

/** The three soonest published events, each leading to its registrations. */
export function UpcomingEvents({ events }: { events: DashboardSummary['upcoming_events'] }) {
  const { t } = useTranslation('dashboard-home');
  return (
    <section aria-labelledby="dashboard-upcoming" className="dashboard-home__section">
      <h2 id="dashboard-upcoming">{t('upcoming.title')}</h2>
      {events.length === 0 ? (
        <EmptyState title={t('upcoming.empty')} />
      ) : (
        <ul className="dashboard-upcoming plain-list">
          {events.map((event) => {
            const date = formatDate(event.date, 'long');
            const time = formatTime(event.time);
            return (
              <li key={event.id} className="dashboard-upcoming__event">
                <h3 className="dashboard-upcoming__title">
                  <Link to={`/dashboard/registrations/${event.id}`}>{event.title}</Link>
                </h3>
                <p className="dashboard-upcoming__when">{time ? t('upcoming.dateTime', { date, time }) : date}</p>
                <p className="dashboard-upcoming__where">{event.location}</p>
                <p className="dashboard-upcoming__seats">
                  {event.maximum_attendees === null
                    ? t('upcoming.registered', { count: event.total_registrations_count })
                    : t('upcoming.seats', {
                        approved: event.approved_registrations_count,
                        maximum: event.maximum_attendees,
                      })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
