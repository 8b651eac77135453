import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

import { apiError, json } from '../../../../testing/api-answer';
import type { Schemas } from '../../../../lib/api-types';
import {
  DECISIONS,
  PAYMENT_METHODS,
  type AdminRegistration,
  type BulkDecisionAnswer,
  type DecisionAnswer,
  type EventRegistrations,
  type EventStatus,
  type EventSummary,
  type RegistrationsOverview,
  type RegistrationStatus,
  type Waitlist,
  type WaitlistEntry,
} from '../../admin-api';

const OVERVIEW_URL = '*/api/management/registrations/overview/';
const LIST_URL = '*/api/management/events/:id/registrations/';
const EXPORT_URL = '*/api/management/events/:id/registrations/export/';
const ATTENDANCE_URL = '*/api/management/events/:id/attendance/';
const WAITLIST_URL = '*/api/management/events/:id/waitlist/';
const UPDATE_URL = '*/api/management/registrations/:id/update-status/';
const BULK_URL = '*/api/management/events/:id/registrations/bulk/';
const ERASE_URL = '*/api/management/registrations/:id/';
const DETAIL_URL = ERASE_URL; // GET: one registration (the server records that staff opened it)
const ERASE_WAITLIST_URL = '*/api/management/waitlist/:id/';

const PAGE_SIZES = [10, 20, 50];

/** An event as the backend keeps it here: the overview's summary fields, counted from the registrations. */
export type MockEvent = Pick<EventSummary, 'id' | 'title' | 'status' | 'date' | 'time' | 'location' | 'maximum_attendees'> & {
  price: number | null;
};

export function makeEvent(overrides: Partial<MockEvent> = {}): MockEvent {
  return {
    id: 3,
    title: 'Pan-African Interpreters Conference',
    status: 'Published',
    date: '2027-03-10',
    time: '08:30:00',
    location: 'Kigali Convention Center',
    maximum_attendees: 50,
    price: 5000,
    ...overrides,
  };
}

/** `count` events of `status`, ids from `firstId`, titles 'Published event 01'… */
export function makeEvents(count: number, status: EventStatus, firstId = 1): MockEvent[] {
  return Array.from({ length: count }, (_, index) =>
    makeEvent({
      id: firstId + index,
      title: `${status} event ${String(index + 1).padStart(2, '0')}`,
      status,
      date: `2027-04-${String((index % 28) + 1).padStart(2, '0')}`,
    }),
  );
}

/** A pending registration of event 3 with every field filled in (its address confirmed); override what a test is about. */
export function makeRegistration(overrides: Partial<AdminRegistration> = {}): AdminRegistration {
  return {
    id: 1,
    event_id: 3,
    event_title: 'Pan-African Interpreters Conference',
    full_name: 'Jane Doe',
    email: 'jane@example.org',
    phone: '+250788123456',
    preferred_language: 'Kinyarwanda',
    needs_interpreter: false,
    disability: 'None',
    disability_details: '',
    membership_number: '',
    registration_date: '2026-11-02T10:15:00Z',
    registration_status: 'Pending',
    transaction_id: '',
    payment_method: '',
    payment_notes: '',
    payment_reference: 'K7MQ4X',
    free: false,
    decided_by: null,
    decided_at: null,
    reminder_sent_at: null,
    event_reminders: [],
    email_confirmed: true,
    email_confirmed_at: '2026-11-02T10:20:00Z',
    hold_expires_at: '2026-11-02T10:45:00Z',
    payment_due_at: null,
    ended_reason: '',
    status_reason: '',
    ...overrides,
  };
}

/** `count` pending registrations of `eventId`, 'Person 01'…, the newest last. */
export function makeRegistrations(count: number, eventId = 3, firstId = 1): AdminRegistration[] {
  return Array.from({ length: count }, (_, index) =>
    makeRegistration({
      id: firstId + index,
      event_id: eventId,
      full_name: `Person ${String(index + 1).padStart(2, '0')}`,
      email: `person${index + 1}@example.org`,
      phone: `+25078800${String(index + 1).padStart(4, '0')}`,
      payment_reference: `REF${String(index + 1).padStart(3, '0')}`,
      registration_date: new Date(Date.UTC(2026, 10, 1, 12) + index * 60_000).toISOString(),
    }),
  );
}

export function makeWaitlistEntry(overrides: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    id: 1,
    full_name: 'Wanda Waiting',
    email: 'wanda@example.org',
    phone: '+250788999000',
    preferred_language: 'English',
    needs_interpreter: false,
    disability: 'None',
    disability_details: '',
    membership_number: '',
    status: 'waiting',
    position: 1,
    email_confirmed: true,
    created_at: '2026-11-03T12:00:00Z',
    offered_at: null,
    offer_expires_at: null,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

const envelope = apiError;
const notFound = () => envelope(404, { detail: 'Event not found.', code: 'not_found' });

function paged<T>(rows: T[], params: URLSearchParams, defaultSize: number) {
  const pageSize = Number(params.get('page_size') ?? defaultSize);
  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(1, Number(params.get('page') ?? 1)), totalPages);
  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    count: rows.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
  };
}

interface Options {
  events?: MockEvent[];
  registrations?: AdminRegistration[];
  /** Entries by event id. */
  waitlists?: Record<number, WaitlistEntry[]>;
  latency?: number;
  /** Decisions (one or many) are answered only once this settles: a test sees "Saving..." first. */
  hold?: Promise<unknown>;
}

/**
 * A small in-memory registrations API with the server's rules (docs/api.md "Event
 * registration"): counts from the rows, search and filter, paging, the CSV, the waiting list,
 * update-status with its refusals, and erasing a registration or a waiting-list place (a freed
 * seat is offered to the first confirmed person waiting, as the server does). Each test makes its own; `requests` records what the
 * pages sent.
 */
export function registrationsBackend({
  events = [makeEvent()],
  registrations = [makeRegistration()],
  waitlists = {},
  latency = 0,
  hold,
}: Options = {}) {
  const state = {
    events: events.map((event) => ({ ...event })),
    registrations: registrations.map((registration) => ({ ...registration })),
    waitlists: Object.fromEntries(Object.entries(waitlists).map(([id, entries]) => [id, entries.map((e) => ({ ...e }))])),
  };
  const requests: RecordedRequest[] = [];

  async function record(request: Request) {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    requests.push({
      method: request.method,
      url: new URL(request.url),
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('Authorization'),
    });
    if (latency) await delay(latency);
  }

  const rowsOf = (eventId: number) => state.registrations.filter((row) => row.event_id === eventId);
  const countOf = (eventId: number, status: RegistrationStatus) =>
    rowsOf(eventId).filter((row) => row.registration_status === status).length;
  /** As the server counts seats: Approved, and Pending while confirmed or within its hold, and not past its payment deadline. */
  const holdsSeat = (row: AdminRegistration) =>
    row.registration_status === 'Approved' ||
    (row.registration_status === 'Pending' &&
      (row.payment_due_at === null || Date.parse(row.payment_due_at) > Date.now()) &&
      (row.email_confirmed || row.hold_expires_at === null || Date.parse(row.hold_expires_at) > Date.now()));
  const pendingOf = (eventId: number) => rowsOf(eventId).filter((row) => row.registration_status === 'Pending' && holdsSeat(row)).length;

  function summary(event: MockEvent): EventSummary {
    const approved = countOf(event.id, 'Approved');
    return {
      id: event.id,
      title: event.title,
      status: event.status,
      date: event.date,
      time: event.time,
      location: event.location,
      maximum_attendees: event.maximum_attendees,
      // The overview counts the rows by status, as the server's with_registration_counts does.
      total_registrations_count: countOf(event.id, 'Pending') + approved,
      pending_registrations_count: countOf(event.id, 'Pending'),
      approved_registrations_count: approved,
      available_seats: seatsOf(event).available,
    };
  }

  function matching(eventId: number, params: URLSearchParams) {
    const search = (params.get('search') ?? '').trim().toLowerCase();
    const status = params.get('status');
    return rowsOf(eventId)
      .filter((row) => !status || row.registration_status === status)
      .filter(
        (row) =>
          !search ||
          [row.full_name, row.email, row.phone, row.payment_reference ?? ''].some((text) => text.toLowerCase().includes(search)),
      )
      .sort((a, b) => b.registration_date.localeCompare(a.registration_date));
  }

  /** The server's one rule (services/events/seats.py), from the rows: never below 0; no open seat while confirmed people wait. */
  function seatsOf(event: MockEvent) {
    const maximum = event.maximum_attendees;
    const entries = state.waitlists[event.id] ?? [];
    const held = rowsOf(event.id).filter(holdsSeat).length;
    const offered = entries.filter((entry) => entry.status === 'offered').length;
    const waiting = entries.filter((entry) => entry.status === 'waiting' && entry.email_confirmed).length;
    if (maximum === null) return { open: null, available: null, freeForWaitlist: waiting };
    const free = Math.max(0, maximum - held - offered);
    return {
      open: waiting ? 0 : free,
      available: Math.max(0, maximum - countOf(event.id, 'Approved')),
      freeForWaitlist: free,
    };
  }

  /** A seat freed on a full event goes to the first confirmed person waiting (an offer holds it). */
  function offerFreedSeats(eventId: number) {
    const event = state.events.find((item) => item.id === eventId);
    const entries = state.waitlists[eventId] ?? [];
    if (!event || event.maximum_attendees === null) return;
    let free = seatsOf(event).freeForWaitlist;
    for (const entry of entries) {
      if (free <= 0) break;
      if (entry.status !== 'waiting' || entry.position === null) continue;
      const now = Date.now();
      Object.assign(entry, {
        status: 'offered',
        position: null,
        offered_at: new Date(now).toISOString(),
        offer_expires_at: new Date(now + 48 * 3_600_000).toISOString(),
      });
      free -= 1;
    }
    let position = 0;
    for (const entry of entries) if (entry.position !== null) entry.position = (position += 1);
  }

  const handlers = [
    http.get(OVERVIEW_URL, async ({ request }) => {
      await record(request);
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const statusCounts: RegistrationsOverview['status_counts'] = {};
      for (const event of state.events) statusCounts[event.status] = (statusCounts[event.status] ?? 0) + 1;
      const rows = state.events.filter((event) => !status || event.status === status).sort((a, b) => a.date.localeCompare(b.date));
      const { rows: results, ...page } = paged(rows, params, 6);
      const answer: RegistrationsOverview = { results: results.map(summary), ...page, status_counts: statusCounts };
      return json<RegistrationsOverview>(answer);
    }),

    http.get(EXPORT_URL, async ({ request, params }) => {
      await record(request);
      const event = state.events.find((item) => item.id === Number(params.id));
      if (!event) return notFound();
      const lines = [
        'full_name,email,phone,registration_status,payment_reference',
        ...matching(event.id, new URL(request.url).searchParams).map((row) =>
          [row.full_name, row.email, row.phone, row.registration_status, row.payment_reference].join(','),
        ),
      ];
      return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="registrations-${event.id}.csv"`,
        },
      });
    }),

    http.get(ATTENDANCE_URL, async ({ request, params }) => {
      await record(request);
      const event = state.events.find((item) => item.id === Number(params.id));
      if (!event) return notFound();
      if (new URL(request.url).searchParams.get('format') !== 'csv') {
        return envelope(400, { detail: 'Please correct these fields: format.', code: 'validation_error', fields: { format: 'Not one of the allowed values.' } });
      }
      const lines = [
        'Reference,Name,Status,Checked in at,Device,Checked in by',
        ...rowsOf(event.id)
          .filter((row) => row.checked_in_at)
          .map((row) => [row.payment_reference, row.full_name, row.registration_status, row.checked_in_at, 'door-a', 'Portal Admin'].join(',')),
      ];
      return new HttpResponse(`\uFEFF${lines.join('\r\n')}\r\n`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="attendance-${event.id}.csv"`,
        },
      });
    }),

    http.get(LIST_URL, async ({ request, params }) => {
      await record(request);
      const event = state.events.find((item) => item.id === Number(params.id));
      if (!event) return notFound();
      const query = new URL(request.url).searchParams;
      if (query.has('page_size') && !PAGE_SIZES.includes(Number(query.get('page_size')))) {
        return envelope(400, {
          detail: 'Page size must be 10, 20 or 50.',
          code: 'validation_error',
          fields: { page_size: 'Page size must be 10, 20 or 50.' },
        });
      }
      const { rows, ...page } = paged(matching(event.id, query), query, 20);
      const counted = rowsOf(event.id).filter(holdsSeat);
      const disabilities: Record<string, number> = {};
      for (const row of counted) {
        if (row.disability && row.disability !== 'None') disabilities[row.disability] = (disabilities[row.disability] ?? 0) + 1;
      }
      const approved = countOf(event.id, 'Approved');
      const answer: EventRegistrations = {
        event: { id: event.id, title: event.title, date: event.date, time: event.time, status: event.status, location: event.location, price: event.price },
        registrations: rows,
        ...page,
        total_registrations: rowsOf(event.id).filter(holdsSeat).length,
        pending_registrations: pendingOf(event.id),
        approved_registrations: approved,
        rejected_registrations: countOf(event.id, 'Rejected'),
        expired_registrations: countOf(event.id, 'Expired'),
        cancelled_registrations: countOf(event.id, 'Cancelled'),
        maximum_attendees: event.maximum_attendees,
        available_seats: seatsOf(event).available,
        open_seats: seatsOf(event).open,
        waitlist_count: (state.waitlists[event.id] ?? []).filter((entry) => entry.position !== null).length,
        // The door's check-ins: the rows whose ticket was scanned.
        checked_in_registrations: rowsOf(event.id).filter((row) => row.checked_in_at).length,
        access_needs: { needs_interpreter: counted.filter((row) => row.needs_interpreter).length, disabilities },
      };
      return json<EventRegistrations>(answer);
    }),

    http.get(WAITLIST_URL, async ({ request, params }) => {
      await record(request);
      if (!state.events.some((item) => item.id === Number(params.id))) return notFound();
      const results = state.waitlists[Number(params.id)] ?? [];
      const answer: Waitlist = { results, waiting: results.filter((entry) => entry.position !== null).length };
      return json<Waitlist>(answer);
    }),

    http.post(UPDATE_URL, async ({ request, params }) => {
      await record(request);
      await hold;
      const registration = state.registrations.find((row) => row.id === Number(params.id));
      if (!registration) return envelope(404, { detail: 'Registration not found.', code: 'not_found' });
      const body = (await request.json()) as Record<string, string>;
      const status = body.registration_status as RegistrationStatus;
      const transactionId = (body.transaction_id ?? '').trim();
      const reason = (body.reason ?? '').trim();
      const notes = (body.payment_notes ?? '').trim();
      const fields: Record<string, string> = {};
      if (status !== 'Approved' && status !== 'Rejected' && status !== 'Cancelled') {
        fields.registration_status = 'Choose Approved, Rejected or Cancelled.';
      }
      // Only an approval records a payment, and a free seat none.
      if (status === 'Approved' && !registration.free) {
        if (!transactionId) fields.transaction_id = 'Transaction ID is required';
        if (!(PAYMENT_METHODS as readonly string[]).includes(body.payment_method ?? '')) {
          fields.payment_method = 'Payment method is required';
        }
      }
      if (reason.length > 500) fields.reason = 'Please keep this under 500 characters.';
      if (Object.keys(fields).length > 0) {
        return envelope(400, { detail: 'Please fill in all required fields', code: 'validation_error', fields });
      }
      if (!DECISIONS[registration.registration_status].includes(status as 'Approved')) {
        return envelope(409, {
          detail: `This registration is already ${registration.registration_status}.`,
          code: 'invalid_transition',
          fields: { registration_status: 'Choose another status.' },
        });
      }
      if (status === 'Approved' && transactionId) {
        const duplicate = state.registrations.some(
          (row) => row.id !== registration.id && row.transaction_id.trim().toLowerCase() === transactionId.toLowerCase(),
        );
        if (duplicate) {
          return envelope(409, {
            detail: 'This transaction ID is already recorded for another registration.',
            code: 'duplicate_transaction',
            fields: { transaction_id: 'This transaction ID is already recorded for another registration.' },
          });
        }
        const event = state.events.find((item) => item.id === registration.event_id);
        const open = event ? seatsOf(event).open : null;
        if (!holdsSeat(registration) && open !== null && open <= 0) {
          return envelope(409, {
            detail: 'This event has reached its maximum capacity (1 seat). Please contact the organizer before registering.',
            code: 'event_full',
          });
        }
        Object.assign(registration, {
          transaction_id: transactionId,
          payment_method: body.payment_method,
          payment_notes: notes,
          ended_reason: '',
          status_reason: '',
        });
      } else {
        Object.assign(registration, { status_reason: reason, ...(notes ? { payment_notes: notes } : {}) });
      }
      Object.assign(registration, {
        registration_status: status,
        decided_by: 'Portal Admin',
        decided_at: new Date().toISOString(),
      });
      const message = {
        Approved: 'Registration approved successfully',
        Rejected: 'Registration rejected successfully',
        Cancelled: 'Registration cancelled successfully',
      }[status as 'Approved' | 'Rejected' | 'Cancelled'];
      return json<DecisionAnswer>({ registration, message });
    }),

    http.post(BULK_URL, async ({ request, params }) => {
      await record(request);
      await hold;
      const event = state.events.find((item) => item.id === Number(params.id));
      if (!event) return notFound();
      const body = (await request.json()) as { ids?: unknown; action?: string; reason?: string };
      const ids = Array.isArray(body.ids) ? (body.ids as number[]) : [];
      if (ids.length === 0 || ids.length > 500) {
        return envelope(400, { detail: 'Choose at least one registration.', code: 'validation_error', fields: { ids: 'Choose at least one registration.' } });
      }
      const target = body.action === 'reject' ? 'Rejected' : body.action === 'cancel' ? 'Cancelled' : null;
      if (!target) {
        return envelope(400, { detail: 'Choose reject or cancel.', code: 'validation_error', fields: { action: 'Choose reject or cancel.' } });
      }
      const answer: BulkDecisionAnswer = { updated: [], skipped: [], message: '' };
      for (const id of ids) {
        const row = state.registrations.find((item) => item.id === id && item.event_id === event.id);
        if (!row || !DECISIONS[row.registration_status].includes(target)) {
          answer.skipped.push(id);
          continue;
        }
        Object.assign(row, {
          registration_status: target,
          status_reason: (body.reason ?? '').trim(),
          decided_by: 'Portal Admin',
          decided_at: new Date().toISOString(),
        });
        answer.updated.push(id);
      }
      const count = answer.updated.length;
      answer.message = `${count} registration${count === 1 ? '' : 's'} ${target === 'Rejected' ? 'rejected' : 'cancelled'}.`;
      return json<BulkDecisionAnswer>(answer);
    }),

    http.get(DETAIL_URL, async ({ request, params }) => {
      await record(request);
      const registration = state.registrations.find((row) => row.id === Number(params.id));
      if (!registration) return envelope(404, { detail: 'Registration not found.', code: 'not_found' });
      return json<AdminRegistration>(registration);
    }),

    http.delete(ERASE_URL, async ({ request, params }) => {
      await record(request);
      await hold;
      const index = state.registrations.findIndex((row) => row.id === Number(params.id));
      const registration = state.registrations[index];
      if (!registration) return envelope(404, { detail: 'Registration not found.', code: 'not_found' });
      state.registrations.splice(index, 1);
      offerFreedSeats(registration.event_id);
      return json<Schemas['MessageOut']>({ message: 'Registration erased.' });
    }),

    http.delete(ERASE_WAITLIST_URL, async ({ request, params }) => {
      await record(request);
      await hold;
      for (const [eventId, entries] of Object.entries(state.waitlists)) {
        const index = entries.findIndex((entry) => entry.id === Number(params.id));
        if (index < 0) continue;
        entries.splice(index, 1);
        offerFreedSeats(Number(eventId));
        return json<Schemas['MessageOut']>({ message: 'Waiting-list entry erased.' });
      }
      return envelope(404, { detail: 'Waiting-list entry not found.', code: 'not_found' });
    }),
  ];

  const callsTo = (suffix: string, method = 'GET') =>
    requests.filter((item) => item.method === method && item.url.pathname.endsWith(suffix));

  return {
    handlers,
    ...state,
    requests,
    /** The overview calls made so far. */
    overviewRequests: () => callsTo('/registrations/overview/'),
    /** The registrations list calls made so far. */
    listRequests: () => callsTo('/registrations/').filter((item) => !item.url.pathname.includes('overview')),
    /** The openings of one registration's details (the server records each). */
    detailRequests: () =>
      requests.filter((item) => item.method === 'GET' && /\/management\/registrations\/\d+\/$/.test(item.url.pathname)),
    exportRequests: () => callsTo('/registrations/export/'),
    attendanceRequests: () => callsTo('/attendance/'),
    waitlistRequests: () => callsTo('/waitlist/'),
    updateRequests: () => callsTo('/update-status/', 'POST'),
    bulkRequests: () => callsTo('/registrations/bulk/', 'POST'),
    eraseRequests: () => requests.filter((item) => item.method === 'DELETE'),
  };
}

/** A call answered with an error envelope (or a network failure when `status` is 'network'). */
export function registrationsFailure(
  method: 'get' | 'post' | 'delete',
  what: 'overview' | 'list' | 'export' | 'attendance' | 'waitlist' | 'update' | 'bulk' | 'erase' | 'eraseWaitlist',
  status: number | 'network',
  body: JsonBodyType = { detail: 'Something went wrong on the server.', code: 'server_error' },
) {
  const url = {
    overview: OVERVIEW_URL,
    list: LIST_URL,
    export: EXPORT_URL,
    attendance: ATTENDANCE_URL,
    waitlist: WAITLIST_URL,
    update: UPDATE_URL,
    bulk: BULK_URL,
    erase: ERASE_URL,
    eraseWaitlist: ERASE_WAITLIST_URL,
  }[what];
  return http[method](url, () => (status === 'network' ? HttpResponse.error() : HttpResponse.json(body, { status })));
}
