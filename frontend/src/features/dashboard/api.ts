import { api } from '../../lib/api';
import type { EventStatus, RegistrationStatus, Schemas } from '../../lib/api-types';

/**
 * The dashboard home's figures (SPEC §2, §9; docs/api.md "Dashboard and reports"): one call,
 * counted by the server, whatever the number of members, events and registrations.
 */

export type { EventStatus, RegistrationStatus };

/**
 * members: active = Approved and active; inactive = Approved, not active; pending = anything not
 * Approved. events: upcoming = Published. upcoming_events: the 3 soonest Published events from
 * today; recent_events: the 5 created last; recent_registrations: the 5 latest.
 */
export type DashboardSummary = Schemas['SummaryOut'];

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
