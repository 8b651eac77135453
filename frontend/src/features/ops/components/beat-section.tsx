import { EmptyState } from '../../../components/empty-state';
import { formatDuration, formatTime } from '../../../lib/format-date';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import type { BeatTask } from '../api';
import { StatusBadge } from '../../../components/status-badge';
import { SystemSection } from './system-section';
import { SystemTable } from './system-table';
import { useMoment } from './use-moment';

const DAILY = /^(\d{1,2}) (\d{1,2}) \* \* \*$/;

/** A schedule as people read it: 'Every 30 sec', 'Daily at 12:10 AM (Africa/Kigali)', else the cron line. */
export function scheduleText(task: BeatTask, t: TFunction): string {
  if (task.every_seconds !== null) return t('beat.every', { duration: formatDuration(task.every_seconds) });
  if (task.crontab === null) return t('beat.otherSchedule');
  const [, minute, hour] = DAILY.exec(task.crontab) ?? [];
  if (minute !== undefined && hour !== undefined) {
    const time = formatTime(`${hour}:${minute.padStart(2, '0')}`);
    return t('beat.daily', { time, timezone: task.timezone ?? 'UTC' });
  }
  return t('beat.cron', { expression: task.crontab, timezone: task.timezone ?? 'UTC' });
}

function BeatStatus({ task }: { task: BeatTask }) {
  const { t } = useTranslation('system');
  if (!task.enabled) return <StatusBadge tone="quiet">{t('beat.disabled')}</StatusBadge>;
  if (task.late) {
    return <StatusBadge tone="bad">{t('beat.late', { duration: formatDuration(task.overdue_seconds ?? 0) })}</StatusBadge>;
  }
  return <StatusBadge tone="good">{t('beat.onTime')}</StatusBadge>;
}

/** Each periodic task: its schedule, when beat last sent it, and whether it is late. */
export function BeatSection({ tasks }: { tasks: BeatTask[] }) {
  const { t } = useTranslation('system');
  const moment = useMoment();
  const late = tasks.filter((task) => task.enabled && task.late).length;
  return (
    <SystemSection title={t('beat.heading')} lead={t('beat.lead')}>
      {late > 0 && (
        <p className="notice notice--error" role="alert">
          {t('beat.lateAlert', { count: late })}
        </p>
      )}
      {tasks.length === 0 ? (
        <EmptyState title={t('beat.none')} hint={<code>{t('beat.noneHint')}</code>} />
      ) : (
        <SystemTable
          caption={t('beat.caption')}
          columns={[
            t('beat.columns.task'),
            t('beat.columns.schedule'),
            t('beat.columns.lastRun'),
            t('beat.columns.status'),
          ]}
        >
          {tasks.map((task) => (
            <tr key={task.name}>
              <th scope="row" className="system-table__name">
                <span className="system-table__strong">{task.name}</span>
                <code className="system-table__muted">{task.task}</code>
              </th>
              <td>{scheduleText(task, t)}</td>
              <td className="system-table__nowrap">
                {task.last_run_at ? moment(task.last_run_at) : t('never')}
                {task.total_run_count > 0 && (
                  <span className="system-table__muted">{t('beat.runs', { count: task.total_run_count })}</span>
                )}
              </td>
              <td>
                <BeatStatus task={task} />
              </td>
            </tr>
          ))}
        </SystemTable>
      )}
    </SystemSection>
  );
}
