import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { EventsCarousel, EventsCarouselSkeleton } from '../components/events-carousel';
import '../components/public-events.css';
import { searchEvents } from '../event-search';
import { useGetPublicEventsQuery } from '../public-api';

/** /events: the upcoming published events, searchable, in a scrolling row of cards. */
export function EventsPage() {
  const { t } = useTranslation(['events', 'common']);
  const { data: events, isLoading, isError } = useGetPublicEventsQuery(undefined);
  const [query, setQuery] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const found = useMemo(() => searchEvents(events ?? [], query), [events, query]);
  const searching = query.trim() !== '';

  function clearSearch() {
    setQuery('');
    searchInput.current?.focus();
  }

  let body;
  if (isLoading) {
    body = <EventsCarouselSkeleton label={t('list.loading')} />;
  } else if (isError || !events) {
    body = (
      <p className="notice notice--error" role="alert">
        {t('list.error')}
      </p>
    );
  } else if (found.length > 0) {
    body = <EventsCarousel events={found} />;
  } else if (searching) {
    body = (
      <div className="events-page__empty">
        <p>{t('list.noResults', { query: query.trim() })}</p>
        <button type="button" className="button button--secondary" onClick={clearSearch}>
          {t('list.clearSearch')}
        </button>
      </div>
    );
  } else {
    body = <p className="events-page__empty">{t('list.noEvents')}</p>;
  }

  return (
    <section className="page events-page">
      <PageHeading title={t('list.title')}>
        <p>{t('list.lead')}</p>
        <p>
          <Link to="/events/past">{t('list.pastLink')}</Link>
        </p>
      </PageHeading>

      <form className="events-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="events-search-input" className="visually-hidden">
          {t('list.searchLabel')}
        </label>
        <input
          ref={searchInput}
          id="events-search-input"
          className="events-search__input"
          type="search"
          value={query}
          placeholder={t('list.searchPlaceholder')}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
        {query !== '' && (
          <button type="button" className="button button--secondary events-search__clear" onClick={clearSearch}>
            {t('list.clear')}
          </button>
        )}
      </form>
      {/* Tells screen-reader users how many events match as they type. */}
      <p className="visually-hidden" role="status">
        {events && searching ? t('list.resultCount', { count: found.length }) : ''}
      </p>

      {body}

      <aside className="events-banner" aria-labelledby="events-banner-title">
        <div>
          <h2 id="events-banner-title">{t('list.bannerTitle')}</h2>
          <p>{t('list.bannerText')}</p>
        </div>
        <Link className="button button--accent" to="/contact">
          {t('list.bannerLink')}
        </Link>
      </aside>
    </section>
  );
}
