import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { EventCard } from '../components/event-card';
import '../components/public-events.css';
import { useGetPastEventsQuery } from '../public-api';

/** The page number of the address (?page=2), 1 when absent or not a positive whole number. */
function pageFrom(value: string | null): number {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/** /events/past: the archive of the events held, newest first, a page at a time. */
export function PastEventsPage() {
  const { t } = useTranslation(['events', 'common']);
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const { data, isLoading, isError, isFetching } = useGetPastEventsQuery(page);
  const listTop = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Previous/Next, the reader starts at the top of the new page's list.
  useEffect(() => {
    if (moved.current && data && !isFetching) listTop.current?.focus();
  }, [data, isFetching]);

  function goTo(next: number) {
    moved.current = true;
    setParams(next > 1 ? { page: String(next) } : {});
  }

  let body;
  if (isLoading) {
    body = (
      <p className="events-page__state" role="status">
        {t('past.loading')}
      </p>
    );
  } else if (isError || !data) {
    body = (
      <p className="notice notice--error" role="alert">
        {t('past.error')}
      </p>
    );
  } else if (data.results.length === 0) {
    body = <p className="events-page__empty">{t('past.none')}</p>;
  } else {
    body = (
      <>
        <ul className="plain-list past-events__list" aria-busy={isFetching}>
          {data.results.map((event, index) => (
            <li key={event.id} className="past-events__item">
              <EventCard event={event} past priority={index === 0} />
            </li>
          ))}
        </ul>
        {data.total_pages > 1 && (
          <nav className="past-events__pages" aria-label={t('past.pagination')}>
            <button type="button" className="button button--secondary" disabled={data.page <= 1} onClick={() => goTo(data.page - 1)}>
              {t('past.previous')}
            </button>
            <p className="past-events__page-of">{t('past.pageOf', { page: data.page, total: data.total_pages })}</p>
            <button
              type="button"
              className="button button--secondary"
              disabled={data.page >= data.total_pages}
              onClick={() => goTo(data.page + 1)}
            >
              {t('past.next')}
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section className="page events-page">
      <PageHeading title={t('past.title')}>
        <p>{t('past.lead')}</p>
        <p>
          <Link to="/events">{t('past.upcomingLink')}</Link>
        </p>
      </PageHeading>
      <h2 className="visually-hidden" tabIndex={-1} ref={listTop}>
        {t('past.pageOf', { page: data?.page ?? page, total: data?.total_pages ?? 1 })}
      </h2>
      {body}
    </section>
  );
}
