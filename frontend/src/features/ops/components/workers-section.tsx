import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/use-translation';
import type { SystemReport, WorkerState } from '../api';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SystemSection } from './system-section';
import { useMoment } from './use-moment';

const TONES: Record<WorkerState, StatusTone> = { online: 'good', offline: 'bad', stopped: 'quiet' };

/** The workers seen in the last day: online, offline (silent) or stopped, with their queues,
 * and where the states come from. */
export function WorkersSection({ workers }: { workers: SystemReport['workers'] }) {
  const { t } = useTranslation('system');
  const moment = useMoment();
  const online = workers.items.filter((worker) => worker.state === 'online').length;
  const source =
    workers.source === 'broker'
      ? t('workers.sourceBroker')
      : t('workers.sourceRecords', { reason: t(`workers.reason.${workers.source_reason ?? 'inspect_failed'}`) });

  return (
    <SystemSection title={t('workers.heading')} lead={source}>
      {online === 0 && (
        <p className="notice notice--error" role="alert">
          {t('workers.noneOnline')}
        </p>
      )}
      {workers.items.length === 0 ? (
        <EmptyState title={t('workers.none')} hint={<code>{t('workers.noneHint')}</code>} />
      ) : (
        <>
          <p className="system-workers__summary">
            {t('workers.summary', { count: workers.items.length, online })}
          </p>
          <ul className="system-workers plain-list">
            {workers.items.map((worker) => (
              <li key={worker.hostname} className={`system-worker system-worker--${worker.state}`}>
                <div className="system-worker__head">
                  <span className="system-worker__name">{worker.hostname}</span>
                  <StatusBadge tone={TONES[worker.state]}>{t(`workers.state.${worker.state}`)}</StatusBadge>
                </div>
                <dl className="system-worker__facts">
                  <div>
                    <dt>{t('workers.queues')}</dt>
                    <dd>{worker.queues.length > 0 ? worker.queues.join(', ') : t('workers.noQueues')}</dd>
                  </div>
                  {worker.state === 'stopped' ? (
                    <div>
                      <dt>{t('workers.stoppedAt')}</dt>
                      <dd>{moment(worker.stopped_at)}</dd>
                    </div>
                  ) : (
                    <div>
                      <dt>{t('workers.lastSeen')}</dt>
                      <dd>{moment(worker.seen_at) || t('never')}</dd>
                    </div>
                  )}
                  {worker.started_at && (
                    <div>
                      <dt>{t('workers.started')}</dt>
                      <dd>{moment(worker.started_at)}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </SystemSection>
  );
}
