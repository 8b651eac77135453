import type { ReactNode } from 'react';

import { formatDuration } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { SystemReport } from '../api';
import { SystemSection } from './system-section';

interface Figure {
  key: string;
  term: string;
  value: ReactNode;
  note?: string;
  /** Worth a look: shown in the danger colour (with its figure, never by colour alone). */
  alarm?: boolean;
  /** A word rather than a number: set smaller, so that it fits its tile. */
  word?: boolean;
}

/** The broker, each queue's depth, the outbox backlog and the counts of what waits for ops. */
export function FiguresSection({ report }: { report: SystemReport }) {
  const { t } = useTranslation('system');
  const { broker, outbox } = report;
  const figures: Figure[] = [
    {
      key: 'broker',
      term: t('figures.broker', { transport: broker.transport }),
      value: broker.ok ? t('figures.brokerOk') : t('figures.brokerDown'),
      alarm: !broker.ok,
      word: true,
    },
    ...report.queues.map((queue) => ({
      key: `queue-${queue.name}`,
      term: t('figures.queue', { name: queue.name }),
      value: queue.depth ?? t('unknown'),
      note: queue.depth === null ? undefined : t('figures.queueNote'),
      word: queue.depth === null,
    })),
    {
      key: 'backlog',
      term: t('figures.backlog'),
      value: outbox.backlog,
      note:
        outbox.oldest_age_seconds === null
          ? undefined
          : t('figures.oldest', { age: formatDuration(outbox.oldest_age_seconds) }),
    },
    { key: 'pending', term: t('figures.pending'), value: outbox.pending_deliveries },
    { key: 'dead', term: t('figures.dead'), value: outbox.dead_deliveries, alarm: outbox.dead_deliveries > 0 },
    {
      key: 'failed-emails',
      term: t('figures.failedEmails'),
      value: report.failed_emails.count,
      alarm: report.failed_emails.count > 0,
    },
  ];
  return (
    <SystemSection title={t('figures.heading')}>
      <dl className="system-figures">
        {figures.map(({ key, term, value, note, alarm, word }) => (
          <div key={key} className={`system-figure${alarm ? ' system-figure--alarm' : ''}`}>
            <dt>{term}</dt>
            <dd>
              <span className={`system-figure__value${word ? ' system-figure__value--word' : ''}`}>{value}</span>
              {note && <span className="system-figure__note"> {note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </SystemSection>
  );
}
