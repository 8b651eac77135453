import { api } from '../../lib/api';

/**
 * The three reports (docs/reports.md, docs/api.md "Dashboard and reports"), counted by the
 * server for a period ending today, with an optional search.
 */

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_PERIOD: ReportPeriod = 'year';

export interface ReportArgs {
  period: ReportPeriod;
  /** Event name (attendance) or member name (activities, growth); '' for all. */
  search: string;
}

interface Report {
  period: ReportPeriod;
  /** 'yyyy-mm-dd', the first day covered */
  start: string;
  /** 'yyyy-mm-dd', today */
  end: string;
}

export interface AttendanceReport extends Report {
  rows: {
    event_id: number;
    event_name: string;
    date: string;
    total_attendees: number;
    members: number;
    non_members: number;
    /** One decimal; null without attendees. */
    member_percentage: number | null;
  }[];
  /** Events in the period; rows holds at most 100, the most recent. */
  count: number;
  totals: { total_attendees: number; members: number; non_members: number; member_attendance_rate: number | null };
}

export const ACTIVITY_KINDS = [
  'member_applied',
  'member_joined',
  'member_renewed',
  'member_rejected',
  'registration_submitted',
  'registration_approved',
  'registration_rejected',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityReport extends Report {
  rows: {
    kind: ActivityKind;
    /** ISO date-time */
    at: string;
    /** Null for what the retention period erased: the activity is counted, the name is gone. */
    who: string | null;
    event_title: string | null;
    /** The member's or the registration's status now. */
    status: 'Pending' | 'Approved' | 'Rejected';
    /** The staff user who decided, where recorded. */
    decided_by: string | null;
  }[];
  /** Activities in the period; rows holds the latest 100. */
  count: number;
}

export interface GrowthReport extends Report {
  /** One per calendar month of the period; month is its first day ('yyyy-mm-dd'). */
  rows: { month: string; new_members: number; renewals: number }[];
  totals: {
    new_members: number;
    renewals: number;
    /** Members who had joined before the period began, and those of them still active. */
    members_at_start: number;
    retained: number;
    retention_rate: number | null;
  };
}

function reportQuery(path: string, { period, search }: ReportArgs): string {
  const query = new URLSearchParams({ period });
  if (search.trim()) query.set('search', search.trim());
  return `dashboard/reports/${path}/?${query}`;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetAttendanceReportQuery, useGetActivityReportQuery, useGetGrowthReportQuery } = reportsApi;
