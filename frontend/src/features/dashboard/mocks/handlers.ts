import { http } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody } from '../../../lib/api-types';
import type { DashboardSummary } from '../api';

const SUMMARY_URL = '*/api/dashboard/summary/';

/** A small association's figures; override what a test is about. */
export function makeSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    members: { total: 24, active: 16, inactive: 2, pending: 6, expiring_30_days: 3 },
    registrations: { total: 62, pending: 7, approved: 50, rejected: 5 },
    events: { total: 9, upcoming: 3 },
    upcoming_events: [
      {
        id: 3,
        title: 'Deaf Awareness Community Day',
        date: '2026-12-01',
        time: '10:00:00',
        location: 'Amahoro Stadium grounds, Remera',
        maximum_attendees: null,
        total_registrations_count: 0,
        approved_registrations_count: 0,
      },
      {
        id: 2,
        title: 'Legal Interpreting Workshop',
        date: '2026-12-08',
        time: '09:00:00',
        location: 'RNUD Hall, Kacyiru, Kigali',
        maximum_attendees: 25,
        total_registrations_count: 20,
        approved_registrations_count: 13,
      },
    ],
    recent_events: [
      { id: 9, title: 'Interpreting for Television Training', date: '2026-12-15', status: 'Cancelled', created_at: '2026-11-20T08:00:00Z' },
      { id: 5, title: 'Annual General Meeting 2026', date: '2026-10-15', status: 'Completed', created_at: '2026-11-19T08:00:00Z' },
    ],
    recent_registrations: [
      {
        id: 21,
        full_name: 'Diane Uwimana',
        event_id: 2,
        event_title: 'Legal Interpreting Workshop',
        registration_status: 'Pending',
        registration_date: '2026-11-21T10:30:00Z',
      },
    ],
    ...overrides,
  };
}

/**
 * GET /api/dashboard/summary/ answering `summary` (which a test may change between polls), or
 * the status of `failure` while it is set. Every request is counted.
 */
export function dashboardBackend(summary: DashboardSummary = makeSummary()) {
  const state = {
    summary,
    failure: null as number | null,
    requests: 0,
    /** While set, answers wait for it (a test looks at the page mid-request). */
    hold: null as Promise<void> | null,
  };
  const handlers = [
    http.get(SUMMARY_URL, async () => {
      state.requests += 1;
      if (state.hold) await state.hold;
      if (state.failure !== null) {
        return json<ApiErrorBody>({ detail: 'Something went wrong.', code: 'server_error' }, { status: state.failure });
      }
      return json<DashboardSummary>(state.summary);
    }),
  ];
  return { state, handlers };
}
