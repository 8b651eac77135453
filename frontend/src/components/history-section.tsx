import { useId, useState } from 'react';

import { Pagination } from './pagination';
import { Spinner } from './spinner';
import { useTranslation } from '../lib/use-translation';
import { useGetActivityQuery } from '../lib/activity-api';
import { entrySentence } from '../lib/activity-words';
import './history-section.css';

/** A record's History shows this many entries a page. */
export const HISTORY_PAGE_SIZE = 10;

interface Props {
  /** The record: `event`, `registration`, `member` and its id. */
  objectType: string;
  objectId: number;
  /** The heading's level where the section sits (h3 inside a dialog titled by an h2). */
  headingLevel?: 2 | 3;
}

/**
 * "History": what happened to one record, newest first, a sentence an entry ("Approved by Grace
 * on Mar 3, 2026 at 2:02 PM: Transaction ID MM-4431"), ten a page. A record's own values come
 * unmasked (the server shows them when one record is asked for).
 */
export function HistorySection({ objectType, objectId, headingLevel = 2 }: Props) {
  const { t } = useTranslation('dashboard');
  const headingId = useId();
  const [page, setPage] = useState(1);
  // The previous page stays while the next one loads: the pages' buttons keep the focus.
  const { data: currentData, isFetching, isError, refetch } = useGetActivityQuery(
    { objectType, objectId, page, pageSize: HISTORY_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const entries = currentData?.results ?? [];

  return (
    <section className="history" aria-labelledby={headingId} aria-busy={isFetching || undefined}>
      <Heading id={headingId} className="history__title">
        {t('activity.history.title')}
      </Heading>
      {/* Only while it failed: the dialog or page around it has its own alert for its own errors. */}
      {isError && !currentData && !isFetching && (
        <div role="alert" className="notice notice--error history__notice">
          <p>{t('activity.history.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            {t('activity.history.tryAgain')}
          </button>
        </div>
      )}
      {currentData === undefined ? (
        isFetching && <Spinner label={t('activity.history.loading')} />
      ) : entries.length === 0 ? (
        <p>{t('activity.history.empty')}</p>
      ) : (
        <>
          <ol className="history__list">
            {entries.map((entry) => (
              <li key={entry.id} className="history__entry">
                {entrySentence(entry, t)}
              </li>
            ))}
          </ol>
          <div className="history__footer">
            <p className="history__count">
              {t('activity.history.showing', {
                from: (currentData.page - 1) * HISTORY_PAGE_SIZE + 1,
                to: (currentData.page - 1) * HISTORY_PAGE_SIZE + entries.length,
                total: currentData.count,
              })}
            </p>
            <Pagination
              page={currentData.page}
              totalPages={currentData.total_pages}
              onPageChange={setPage}
              label={t('activity.history.pagesLabel')}
            />
          </div>
        </>
      )}
    </section>
  );
}
