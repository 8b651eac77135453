import { Link } from 'react-router-dom';

import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { Spinner } from '../../../components/spinner';
import { adminListState, useAdminListView } from '../../../components/use-admin-list';
import { useTranslation } from '../../../lib/use-translation';
import {
  EVENT_STATUSES,
  useGetRegistrationsOverviewQuery,
  type EventStatus,
  type RegistrationsOverview,
} from '../admin-api';
import { EventCard } from '../admin/event-card';
import { LoadFailure } from '../admin/load-failure';
import '../admin/registrations-admin.css';
import { StatusTabs } from '../admin/status-tabs';

const PREFERRED_STATUS: EventStatus = 'Published';

/** The tab to show: Published if it has events, else the first status that has (SPEC §2). */
function defaultStatus(counts: RegistrationsOverview['status_counts']): EventStatus {
  if (counts[PREFERRED_STATUS]) return PREFERRED_STATUS;
  return EVENT_STATUSES.find((status) => counts[status]) ?? PREFERRED_STATUS;
}

/** /dashboard/registrations: the events by status, six cards a page, each leading to its registrations. */
export function RegistrationsOverviewPage() {
  const { t } = useTranslation('registrations-admin');
  // The tab is the list's filter; the page belongs to one tab: another tab starts at page 1.
  const view = useAdminListView<EventStatus>({ filters: PREFERRED_STATUS });
  const { filters: selected, setFilters: setSelected, selectFilters: selectTab, page } = view;

  const query = useGetRegistrationsOverviewQuery({ status: selected, page });
  const { data, currentData } = query;

  // The counts are the same in every answer: a tab whose events are all gone (or Published on
  // a first visit, when it has none) gives way to the default one at once.
  const counts = data?.status_counts;
  if (counts && !counts[selected] && defaultStatus(counts) !== selected) setSelected(defaultStatus(counts));

  // While another tab loads, the previous cards stay (dimmed); a tab that failed says so.
  const { shown, failed: loadFailed } = adminListState(query, { rows: (page) => page.results });
  const tabs = EVENT_STATUSES.flatMap((status) => {
    const count = counts?.[status] ?? 0;
    return count > 0 ? [{ status, count }] : [];
  });

  return (
    <div className="page registrations-admin">
      <PageHeading title={t('overview.title')}>
        <p>{t('overview.lead')}</p>
      </PageHeading>

      {loadFailed ? (
        <LoadFailure message={t('overview.loadFailed')} backTo="/dashboard/events" />
      ) : shown === undefined ? (
        <Spinner label={t('overview.loading')} />
      ) : (
        <StatusTabs tabs={tabs} selected={selected} onSelect={selectTab}>
          {shown.results.length === 0 ? (
            <EmptyState title={t('overview.empty', { status: t(`common:status.event.${selected}`) })}>
              <Link to="/dashboard/create-event" className="button button--primary">
                {t('overview.create')}
              </Link>
            </EmptyState>
          ) : (
            <>
              <ul
                className="registration-event-cards plain-list"
                aria-label={t('overview.cardsLabel', { status: t(`common:status.event.${selected}`) })}
                aria-busy={currentData === undefined}
              >
                {shown.results.map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={shown.page}
                totalPages={shown.total_pages}
                onPageChange={view.setPage}
                label={t('overview.pagesLabel')}
              />
            </>
          )}
        </StatusTabs>
      )}
    </div>
  );
}
