import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * The three reports (docs/reports.md, docs/api.md "Dashboard and reports"), counted by the
 * server for a period ending today, with an optional search.
 */

export type ReportPeriod = Schemas['AttendanceOut']['period'];
export const REPORT_PERIODS: readonly ReportPeriod[] = ['week', 'month', 'quarter', 'year'];
export const DEFAULT_PERIOD: ReportPeriod = 'year';

export interface ReportArgs {
  period: ReportPeriod;
  /** Event name (attendance) or member name (activities, growth); '' for all. */
  search: string;
}

/**
 * Events in the period (rows holds at most 100, the most recent); member_percentage has one
 * decimal, null without attendees.
 */
export type AttendanceReport = Schemas['AttendanceOut'];

/** Who an activity was for, by kind. */
export type ActivityKind = Schemas['ActivityRow']['kind'];
export const ACTIVITY_KINDS: readonly ActivityKind[] = [
  'member_applied',
  'member_joined',
  'member_renewed',
  'member_rejected',
  'registration_submitted',
  'registration_approved',
  'registration_rejected',
];

/**
 * Activities in the period (rows holds the latest 100): `who` is null for what the retention
 * period erased, `status` is the member's or the registration's status now (a registration's may
 * be Expired or Cancelled), `decided_by` the staff user who decided, where recorded.
 */
export type ActivityReport = Schemas['ActivitiesOut'];

/**
 * One row per calendar month of the period (month is its first day); members_at_start: members
 * who had joined before the period began, retained: those of them still active.
 */
export type GrowthReport = Schemas['GrowthOut'];

function reportQuery(path: string, { period, search }: ReportArgs): string {
  const query = new URLSearchParams({ period });
  if (search.trim()) query.set('search', search.trim());
  return `dashboard/reports/${path}/?${query}`;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // CPD hours per member per year (docs/reports.md): the server's CSV as text; a refusal's
    // envelope still parsed as JSON.
    exportCpdHours: build.mutation<string, undefined>({
      query: () => ({ url: 'management/reports/cpd-hours.csv', responseHandler: 'content-type' }),
    }),
    getAttendanceReport: build.query<AttendanceReport, ReportArgs>({
      query: (args) => reportQuery('attendance', args),
      providesTags: ['Dashboard'],
    }),
    getActivityReport: build.query<ActivityReport, ReportArgs>({
      query: (args) => reportQuery('activities', args),
      providesTags: ['Dashboard'],
    }),
    getGrowthReport: build.query<GrowthReport, ReportArgs>({
      query: (args) => reportQuery('growth', args),
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetAttendanceReportQuery, useGetActivityReportQuery, useGetGrowthReportQuery, useExportCpdHoursMutation } =
  reportsApi;
