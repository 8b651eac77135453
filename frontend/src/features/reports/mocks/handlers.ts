import { http } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody } from '../../../lib/api-types';
import type { ActivityReport, AttendanceReport, GrowthReport, ReportPeriod } from '../api';

const URLS = {
  attendance: '*/api/dashboard/reports/attendance/',
  activities: '*/api/dashboard/reports/activities/',
  growth: '*/api/dashboard/reports/growth/',
} as const;
type Kind = keyof typeof URLS;

const STARTS: Record<ReportPeriod, string> = {
  week: '2026-11-18',
  month: '2026-10-25',
  quarter: '2026-08-25',
  year: '2025-11-25',
};
const END = '2026-11-24';

/** Past year: three events; past month: only the masterclass. */
const EVENTS: AttendanceReport['rows'] = [
  {
    event_id: 6,
    event_name: 'Medical Interpreting Masterclass',
    date: '2026-11-12',
    counted_from: 'check_ins',
    total_attendees: 9,
    members: 6,
    non_members: 3,
    member_percentage: 66.7,
  },
  {
    event_id: 5,
    event_name: 'Annual General Meeting 2026',
    date: '2026-10-15',
    counted_from: 'confirmed_seats',
    total_attendees: 12,
    members: 10,
    non_members: 2,
    member_percentage: 83.3,
  },
  {
    event_id: 7,
    event_name: '=Deaf Culture, "History" Seminar',
    date: '2026-09-10',
    counted_from: 'check_ins',
    total_attendees: 0,
    members: 0,
    non_members: 0,
    member_percentage: null,
  },
];

const ACTIVITIES: ActivityReport['rows'] = [
  {
    kind: 'member_renewed',
    at: '2026-11-20T08:00:00Z',
    who: 'Alphonse Nkurunziza',
    event_title: null,
    status: 'Approved',
    decided_by: 'Demo Administrator',
  },
  {
    kind: 'registration_submitted',
    at: '2026-11-02T09:00:00Z',
    who: 'Théogène Bizimana',
    event_title: 'Medical Interpreting Masterclass',
    // Its hold ended unconfirmed: the registration's own word, which members do not have.
    status: 'Expired',
    decided_by: null,
  },
  {
    // Erased at the end of the retention period: counted, with no name.
    kind: 'registration_rejected',
    at: '2026-10-01T10:00:00Z',
    who: null,
    event_title: 'Deaf Awareness Week',
    status: 'Rejected',
    decided_by: 'Demo Administrator',
  },
];

const GROWTH: GrowthReport = {
  period: 'quarter',
  start: STARTS.quarter,
  end: END,
  rows: [
    { month: '2026-08-01', new_members: 1, renewals: 0 },
    { month: '2026-09-01', new_members: 2, renewals: 1 },
    { month: '2026-10-01', new_members: 0, renewals: 1 },
    { month: '2026-11-01', new_members: 1, renewals: 0 },
  ],
  totals: { new_members: 4, renewals: 2, members_at_start: 5, retained: 4, retention_rate: 80 },
};

function matches(text: string, search: string) {
  return !search || text.toLowerCase().includes(search.toLowerCase());
}

/**
 * The three report endpoints over a fixed small association: the period picks the rows
 * (attendance: one event in a month, all in a year), the search filters by name. Every
 * request is recorded; `failing` names a report that answers 500.
 */
type Report = AttendanceReport | ActivityReport | GrowthReport;

export function reportsBackend() {
  const state = {
    requests: [] as { kind: Kind; url: URL }[],
    failing: null as Kind | null,
    /** While set, answers wait for it (a test looks at the page mid-request). */
    hold: null as Promise<void> | null,
  };
  const answer = (kind: Kind, build: (period: ReportPeriod, search: string) => Report) =>
    http.get(URLS[kind], async ({ request }) => {
      const url = new URL(request.url);
      state.requests.push({ kind, url });
      if (state.hold) await state.hold;
      if (state.failing === kind) {
        return json<ApiErrorBody>({ detail: 'Something went wrong.', code: 'server_error' }, { status: 500 });
      }
      const period = (url.searchParams.get('period') ?? 'year') as ReportPeriod;
      return json<Report>(build(period, url.searchParams.get('search') ?? ''));
    });

  const handlers = [
    answer('attendance', (period, search): AttendanceReport => {
      const rows = EVENTS.filter((row) => row.date >= STARTS[period] && matches(row.event_name, search));
      const attendees = rows.reduce((sum, row) => sum + row.total_attendees, 0);
      const members = rows.reduce((sum, row) => sum + row.members, 0);
      return {
        period,
        start: STARTS[period],
        end: END,
        rows,
        count: rows.length,
        totals: {
          total_attendees: attendees,
          members,
          non_members: attendees - members,
          member_attendance_rate: attendees ? Math.round((members * 1000) / attendees) / 10 : null,
          events_from_confirmed_seats: rows.filter((row) => row.counted_from === 'confirmed_seats').length,
        },
      };
    }),
    answer('activities', (period, search): ActivityReport => {
      const rows = ACTIVITIES.filter((row) => matches(row.who ?? '', search));
      return { period, start: STARTS[period], end: END, rows, count: rows.length + (search ? 0 : 140) };
    }),
    answer('growth', (period): GrowthReport => ({ ...GROWTH, period, start: STARTS[period] })),
  ];
  const requestsOf = (kind: Kind) => state.requests.filter((request) => request.kind === kind);
  return { state, handlers, requestsOf };
}
