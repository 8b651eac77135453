import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { dateAndTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { SYSTEM_POLLING_INTERVAL, useGetSystemReportQuery } from '../api';
import { BeatSection } from '../components/beat-section';
import { DeadDeliveriesSection } from '../components/dead-deliveries-section';
import { FailedEmailsSection } from '../components/failed-emails-section';
import { FiguresSection } from '../components/figures-section';
import { RecentEmailsSection } from '../components/recent-emails-section';
import '../components/system.css';
import { WorkersSection } from '../components/workers-section';

/**
 * /dashboard/system, for the people who run the portal: the workers and their queues, queue
 * depths, the outbox, the periodic tasks, failed e-mails and handlers (with Retry) and the
 * last 50 e-mails. It asks again every 10 s; the figures stay on screen while it does.
 */
export function SystemPage() {
  const { t } = useTranslation('system');
  const { data, isError, isFetching, refetch } = useGetSystemReportQuery(undefined, {
    pollingInterval: SYSTEM_POLLING_INTERVAL,
    skipPollingIfUnfocused: true,
    refetchOnMountOrArgChange: true,
  });
  const checkedAt = data ? dateAndTime(data.checked_at).time : '';

  return (
    <div className="page system-page">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
        {data && <p className="system-page__checked">{t('checkedAt', { time: checkedAt })}</p>}
      </PageHeading>

      {data === undefined ? (
        isError && !isFetching ? (
          <div role="alert" className="system-page__failure">
            <p className="notice notice--error">{t('loadFailed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              {t('tryAgain')}
            </button>
          </div>
        ) : (
          <Spinner label={t('loading')} />
        )
      ) : (
        <>
          {isError && (
            <p className="notice notice--error" role="status">
              {t('refreshFailed', { time: checkedAt })}
            </p>
          )}
          <WorkersSection workers={data.workers} />
          <FiguresSection report={data} />
          <BeatSection tasks={data.beat} />
          <FailedEmailsSection failed={data.failed_emails} />
          <DeadDeliveriesSection deliveries={data.dead_deliveries} count={data.outbox.dead_deliveries} />
          <RecentEmailsSection emails={data.recent_emails} />
        </>
      )}
    </div>
  );
}
