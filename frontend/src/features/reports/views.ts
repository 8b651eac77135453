import { formatDate } from '../../lib/format-date';
import type { TFunction } from '../../lib/i18n';
import type { ActivityReport, AttendanceReport, GrowthReport } from './api';
import { formatMonth, formatNumber, formatPercent } from './format';

/**
 * What a report shows, worked out once from the server's answer: the figures, the chart and
 * the table. The page draws the table from this and Export CSV writes the same cells, so the
 * file is exactly what is on screen.
 */

export interface ReportTable {
  caption: string;
  /** numeric: right-aligned figures; nowrap: kept on one line (dates). */
  columns: { label: string; numeric?: boolean; nowrap?: boolean }[];
  /** Cells as shown; the first one of each row names the row. */
  rows: string[][];
}

export interface ChartModel {
  /** Rows (a label above each group's bars) for long names; columns over an axis for months. */
  layout: 'rows' | 'columns';
  title: string;
  /** The figures in a sentence: what a screen reader hears for the picture. */
  summary: string;
  /** One name per bar of a group, in order (the legend). */
  series: string[];
  groups: { label: string; values: number[] }[];
}

export interface ReportView {
  figures: { key: string; label: string; value: string; note?: string }[];
  chart: ChartModel | null;
  table: ReportTable;
  /** When the table holds fewer rows than the period has. */
  note: string | null;
  /** Instead of the chart and table when there is nothing. */
  empty: string | null;
}

/** The attendance chart shows this many of the most recent events (the table has them all). */
export const CHART_EVENTS = 12;

export function attendanceView(report: AttendanceReport, t: TFunction, searching: boolean): ReportView {
  const none = t('none');
  const { totals } = report;
  const rate = formatPercent(totals.member_attendance_rate, none);
  const latest = report.rows.slice(0, CHART_EVENTS);
  return {
    figures: [
      { key: 'attendees', label: t('attendance.totalAttendees'), value: formatNumber(totals.total_attendees) },
      { key: 'rate', label: t('attendance.memberRate'), value: rate },
      {
        key: 'events',
        label: t('attendance.events'),
        value: formatNumber(report.count),
        // Events held before check-in existed are counted another way: said beside their number.
        note:
          totals.events_from_confirmed_seats > 0
            ? t('attendance.fromSeatsNote', { count: totals.events_from_confirmed_seats })
            : undefined,
      },
    ],
    chart: {
      layout: 'rows',
      title:
        report.rows.length > CHART_EVENTS
          ? t('attendance.chartTitleLatest', { count: CHART_EVENTS })
          : t('attendance.chartTitle'),
      summary: t('attendance.chartSummary', {
        attendees: formatNumber(totals.total_attendees),
        events: formatNumber(report.count),
        rate,
      }),
      series: [t('attendance.series.members'), t('attendance.series.nonMembers')],
      groups: latest.map((row) => ({ label: row.event_name, values: [row.members, row.non_members] })),
    },
    table: {
      caption: t('attendance.caption'),
      columns: [
        { label: t('attendance.columns.event') },
        { label: t('attendance.columns.date'), nowrap: true },
        { label: t('attendance.columns.countedFrom') },
        { label: t('attendance.columns.total'), numeric: true },
        { label: t('attendance.columns.members'), numeric: true },
        { label: t('attendance.columns.nonMembers'), numeric: true },
        { label: t('attendance.columns.percentage'), numeric: true },
      ],
      rows: report.rows.map((row) => [
        row.event_name,
        formatDate(row.date),
        t(`attendance.countedFrom.${row.counted_from}`),
        formatNumber(row.total_attendees),
        formatNumber(row.members),
        formatNumber(row.non_members),
        formatPercent(row.member_percentage, none),
      ]),
    },
    note:
      report.count > report.rows.length
        ? t('attendance.shown', { shown: formatNumber(report.rows.length), total: formatNumber(report.count) })
        : null,
    empty: report.rows.length === 0 ? t(searching ? 'attendance.emptySearch' : 'attendance.empty') : null,
  };
}

export function activityView(report: ActivityReport, t: TFunction, searching: boolean): ReportView {
  const none = t('none');
  return {
    figures: [{ key: 'count', label: t('activities.count'), value: formatNumber(report.count) }],
    chart: null,
    table: {
      caption: t('activities.caption'),
      columns: [
        { label: t('activities.columns.who') },
        { label: t('activities.columns.activity') },
        { label: t('activities.columns.date'), nowrap: true },
        { label: t('activities.columns.event') },
        { label: t('activities.columns.status') },
        { label: t('activities.columns.decidedBy') },
      ],
      rows: report.rows.map((row) => [
        row.who ?? t('activities.erased'),
        t(`activities.kinds.${row.kind}`),
        formatDate(row.at),
        row.event_title ?? none,
        // A registration's own words (it may have Expired or been Cancelled); a member's otherwise.
        t(`common:status.${row.kind.startsWith('registration_') ? 'registration' : 'member'}.${row.status}`),
        row.decided_by ?? none,
      ]),
    },
    note:
      report.count > report.rows.length
        ? t('activities.shown', { shown: formatNumber(report.rows.length), total: formatNumber(report.count) })
        : null,
    empty: report.rows.length === 0 ? t(searching ? 'activities.emptySearch' : 'activities.empty') : null,
  };
}

export function growthView(report: GrowthReport, t: TFunction): ReportView {
  const { totals } = report;
  const start = formatDate(report.start);
  const first = report.rows[0];
  const last = report.rows.at(-1);
  return {
    figures: [
      { key: 'new', label: t('growth.newMembers'), value: formatNumber(totals.new_members) },
      { key: 'renewals', label: t('growth.renewals'), value: formatNumber(totals.renewals) },
      {
        key: 'retention',
        label: t('growth.retention'),
        value: formatPercent(totals.retention_rate, t('none')),
        note:
          totals.members_at_start > 0
            ? t('growth.retentionNote', {
                retained: formatNumber(totals.retained),
                total: formatNumber(totals.members_at_start),
                date: start,
              })
            : t('growth.retentionNone', { date: start }),
      },
    ],
    chart: {
      layout: 'columns',
      title: t('growth.chartTitle'),
      summary: t('growth.chartSummary', {
        newMembers: formatNumber(totals.new_members),
        renewals: formatNumber(totals.renewals),
        first: first ? formatMonth(first.month) : '',
        last: last ? formatMonth(last.month) : '',
      }),
      series: [t('growth.series.newMembers'), t('growth.series.renewals')],
      groups: report.rows.map((row) => ({ label: formatMonth(row.month), values: [row.new_members, row.renewals] })),
    },
    table: {
      caption: t('growth.caption'),
      columns: [
        { label: t('growth.columns.month'), nowrap: true },
        { label: t('growth.columns.newMembers'), numeric: true },
        { label: t('growth.columns.renewals'), numeric: true },
      ],
      rows: report.rows.map((row) => [formatMonth(row.month), formatNumber(row.new_members), formatNumber(row.renewals)]),
    },
    note: null,
    empty: null,
  };
}
