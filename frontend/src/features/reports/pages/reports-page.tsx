import { useId, useMemo, useState } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { RetryNotice } from '../../../components/retry-notice';
import { Spinner } from '../../../components/spinner';
import { Tabs } from '../../../components/tabs';
import { csvText } from '../../../lib/csv';
import { CpdHoursExport } from '../components/cpd-hours-export';
import { formatDate } from '../../../lib/format-date';
import { csvBlob, saveFile } from '../../../lib/save-file';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useTranslation } from '../../../lib/use-translation';
import {
  DEFAULT_PERIOD,
  REPORT_PERIODS,
  useGetActivityReportQuery,
  useGetAttendanceReportQuery,
  useGetGrowthReportQuery,
  type ReportPeriod,
} from '../api';
import { ReportPanel } from '../components/report-panel';
import '../components/reports.css';
import { activityView, attendanceView, growthView, type ReportView } from '../views';

const REPORTS = ['attendance', 'activities', 'growth'] as const;
type Report = (typeof REPORTS)[number];

/** The search box waits for typing to pause this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /dashboard/reports: Event Attendance (the default), Member Activities and Membership Growth,
 * counted by the server for a period ending today and searched by event or member name; the
 * table on screen exports as CSV.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const periodId = useId();
  const searchId = useId();
  const [report, setReport] = useState<Report>('attendance');
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_PERIOD);
  const [searchText, setSearchText] = useState('');
  const typed = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // An emptied box (or another report, which empties it) applies at once.
  const search = searchText.trim() === '' ? '' : typed;

  const args = { period, search };
  const options = { refetchOnMountOrArgChange: true } as const;
  const attendance = useGetAttendanceReportQuery(args, { ...options, skip: report !== 'attendance' });
  const activities = useGetActivityReportQuery(args, { ...options, skip: report !== 'activities' });
  const growth = useGetGrowthReportQuery(args, { ...options, skip: report !== 'growth' });
  const query = { attendance, activities, growth }[report];

  // While another period or search loads, the previous report stays (dimmed); one that
  // failed says so, with Try Again.
  const [retrying, setRetrying] = useState(false);
  const shownOf = <T,>(result: { currentData?: T; data?: T; isError: boolean }) =>
    result.currentData ?? (result.isError ? undefined : result.data);
  const shown = shownOf<{ start: string; end: string; period: ReportPeriod }>(query);
  const loadFailed = query.currentData === undefined && ((query.isError && !query.isFetching) || retrying);

  const searching = search !== '';
  const attendanceShown = shownOf(attendance);
  const activitiesShown = shownOf(activities);
  const growthShown = shownOf(growth);
  const view: ReportView | undefined = useMemo(() => {
    if (report === 'attendance') return attendanceShown && attendanceView(attendanceShown, t, searching);
    if (report === 'activities') return activitiesShown && activityView(activitiesShown, t, searching);
    return growthShown && growthView(growthShown, t);
  }, [report, attendanceShown, activitiesShown, growthShown, t, searching]);

  function selectReport(next: Report) {
    if (next === report) return;
    setReport(next);
    // Event names and member names: a search of one report means nothing to the other.
    setSearchText('');
  }

  async function retry() {
    if (retrying) return;
    setRetrying(true);
    try {
      await query.refetch();
    } finally {
      setRetrying(false);
    }
  }

  function exportCsv() {
    if (!view || !shown) return;
    const { columns, rows } = view.table;
    const csv = csvText([columns.map((column) => column.label), ...rows]);
    saveFile(csvBlob(csv), `report-${report}-${shown.period}-${shown.end}.csv`);
  }

  const searchesEvents = report === 'attendance';
  return (
    <div className="page reports">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
      </PageHeading>

      <div className="reports__toolbar">
        <div className="reports__field">
          <label htmlFor={periodId}>{t('period.label')}</label>
          <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as ReportPeriod)}>
            {REPORT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="reports__field reports__search">
          <label htmlFor={searchId}>{t(searchesEvents ? 'search.events' : 'search.members')}</label>
          <input
            id={searchId}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t(searchesEvents ? 'search.eventsPlaceholder' : 'search.membersPlaceholder')}
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <button
          type="button"
          className="button button--secondary reports__export"
          onClick={exportCsv}
          disabled={!view || view.table.rows.length === 0}
        >
          {t('export')}
        </button>
        <CpdHoursExport />
      </div>

      <Tabs
        label={t('tabsLabel')}
        idPrefix="reports"
        tabs={REPORTS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
        selected={report}
        onSelect={selectReport}
        busy={view !== undefined && query.currentData === undefined}
      >
        <div role="alert">
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
        {view === undefined || shown === undefined ? (
          !loadFailed && <Spinner label={t('loading')} />
        ) : (
          <>
            <p className="reports__range">
              {t('period.range', { start: formatDate(shown.start), end: formatDate(shown.end) })}
            </p>
            <ReportPanel view={view} definitions={report === 'activities' ? undefined : t(`${report}.definitions`)} />
          </>
        )}
      </Tabs>
    </div>
  );
}
