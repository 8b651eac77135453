import { useEffect, useRef, useState } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { RetryNotice } from '../../../components/retry-notice';
import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/use-translation';
import { useGetDashboardSummaryQuery } from '../api';
import { RecentActivity } from '../components/recent-activity';
import { SummaryCards } from '../components/summary-cards';
import { UpcomingEvents } from '../components/upcoming-events';
import '../components/dashboard-home.css';

/** New members, registrations and events show up without a reload (SPEC §9's 30 s). */
export const DASHBOARD_POLLING_INTERVAL = 30_000;

/**
 * /dashboard: member, registration and event counts with links to their pages, the three
 * soonest events and the latest events and registrations, from one call polled every 30 s.
 * A background reload never shows a loader; one that fails keeps the figures silently.
 */
export function DashboardHomePage() {
  const { t } = useTranslation('dashboard-home');
  const { data, isError, isFetching, refetch } = useGetDashboardSummaryQuery(undefined, {
    pollingInterval: DASHBOARD_POLLING_INTERVAL,
    skipPollingIfUnfocused: true,
    // Figures seen earlier are asked again on return, not shown as they were then.
    refetchOnMountOrArgChange: true,
  });
  const [retrying, setRetrying] = useState(false);
  const loadFailed = data === undefined && ((isError && !isFetching) || retrying);

  // Try Again's banner goes once the figures are there: the focus goes to them, not to the top.
  const figuresRef = useRef<HTMLElement>(null);
  const focusFigures = useRef(false);
  useEffect(() => {
    if (focusFigures.current && data) {
      focusFigures.current = false;
      figuresRef.current?.focus();
    }
  });

  async function retry() {
    if (retrying) return;
    setRetrying(true);
    try {
      await refetch().unwrap();
      focusFigures.current = true;
    } catch {
      // The banner stays and says so.
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div className="page dashboard-home">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
      </PageHeading>

      <div role="alert" className="dashboard-home__alert">
        {loadFailed && (
          <RetryNotice
            message={t('loadFailed')}
            tryAgain={t('tryAgain')}
            retrying={t('retrying')}
            busy={retrying}
            onRetry={() => void retry()}
          />
        )}
      </div>

      {data === undefined ? (
        !loadFailed && <Spinner label={t('loading')} />
      ) : (
        <>
          <section ref={figuresRef} tabIndex={-1} aria-labelledby="dashboard-figures" className="dashboard-home__figures">
            <h2 id="dashboard-figures" className="visually-hidden">
              {t('figures')}
            </h2>
            <SummaryCards summary={data} />
          </section>
          <UpcomingEvents events={data.upcoming_events} />
          <RecentActivity events={data.recent_events} registrations={data.recent_registrations} />
        </>
      )}
    </div>
  );
}
