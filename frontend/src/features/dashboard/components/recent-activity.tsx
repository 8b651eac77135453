import { Link } from 'react-router-dom';

import { EmptyState } from '../../../components/empty-state';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { DashboardSummary } from '../api';
import { StatusBadge } from '../../../components/status-badge';

interface Props {
  events: DashboardSummary['recent_events'];
  registrations: DashboardSummary['recent_registrations'];
}

/** The five events created last and the five latest registrations (SPEC §9). */
export function RecentActivity({ events, registrations }: Props) {
  const { t } = useTranslation('dashboard-home');
  return (
    <section aria-labelledby="dashboard-activity" className="dashboard-home__section">
      <h2 id="dashboard-activity">{t('activity.title')}</h2>
      <div className="dashboard-activity">
        <div className="dashboard-activity__column">
          <h3 id="dashboard-latest-events">{t('activity.events')}</h3>
          {events.length === 0 ? (
            <EmptyState title={t('activity.eventsEmpty')} />
          ) : (
            <ul className="dashboard-activity__list plain-list" aria-labelledby="dashboard-latest-events">
              {events.map((event) => (
                <li key={event.id} className="dashboard-activity__item">
                  <div className="dashboard-activity__top">
                    <Link to={`/dashboard/edit-event/${event.id}`} className="dashboard-activity__name">
                      {event.title}
                    </Link>
                    <StatusBadge kind="event" status={event.status} small />
                  </div>
                  <p className="dashboard-activity__meta">
                    {t('activity.eventDate', { date: formatDate(event.date) })} ·{' '}
                    {t('activity.created', { date: formatDate(event.created_at) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="dashboard-activity__column">
          <h3 id="dashboard-latest-registrations">{t('activity.registrations')}</h3>
          {registrations.length === 0 ? (
            <EmptyState title={t('activity.registrationsEmpty')} />
          ) : (
            <ul className="dashboard-activity__list plain-list" aria-labelledby="dashboard-latest-registrations">
              {registrations.map((registration) => (
                <li key={registration.id} className="dashboard-activity__item">
                  <div className="dashboard-activity__top">
                    <span className="dashboard-activity__name">{registration.full_name}</span>
                    <StatusBadge kind="registration" status={registration.registration_status} small />
                  </div>
                  <p className="dashboard-activity__meta">
                    <Link to={`/dashboard/registrations/${registration.event_id}`}>
                      {t('activity.registeredFor', { event: registration.event_title })}
                    </Link>{' '}
                    · {t('activity.registeredOn', { date: formatDate(registration.registration_date) })}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
