import { api } from '../../lib/api';

/**
 * The dashboard home's figures (SPEC §2, §9; docs/api.md "Dashboard and reports"): one call,
 * counted by the server, whatever the number of members, events and registrations.
 */

export type EventStatus = 'Draft' | 'Published' | 'Completed' | 'Cancelled';
export type RegistrationStatus = 'Pending' | 'Approved' | 'Rejected' | 'Expired' | 'Cancelled';

export interface DashboardSummary {
  /** active = Approved and active; inactive = Approved, not active; pending = anything not Approved. */
  members: { total: number; active: number; inactive: number; pending: number };
  registrations: { total: number; pending: number; approved: number; rejected: number };
  /** upcoming = Published. */
  events: { total: number; upcoming: number };
  /** The 3 soonest Published events from today. */
  upcoming_events: {
    id: number;
    title: string;
    /** 'yyyy-mm-dd' */
    date: string;
    /** 'HH:MM:SS' or null */
    time: string | null;
    location: string;
    maximum_attendees: number | null;
    total_registrations_count: number;
    approved_registrations_count: number;
  }[];
  /** The 5 events created last. */
  recent_events: { id: number; title: string; date: string; status: EventStatus; created_at: string }[];
  /** The 5 latest registrations. */
  recent_registrations: {
    id: number;
    full_name: string;
    event_id: number;
    event_title: string;
    registration_status: RegistrationStatus;
    registration_date: string;
  }[];
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardSummary: build.query<DashboardSummary, undefined>({
      query: () => 'dashboard/summary/',
      // Member, event and registration changes invalidate 'Dashboard': the figures follow at once.
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardSummaryQuery } = dashboardApi;
