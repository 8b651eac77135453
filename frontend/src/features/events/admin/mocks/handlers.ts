import { delay, http, HttpResponse, type JsonBodyType } from 'msw';

import { apiError, json } from '../../../../testing/api-answer';
import type { Schemas } from '../../../../lib/api-types';
import type { AdminEvent, AdminEventDetail, EventInput, EventPage, EventStatus } from '../../admin-api';
import { makePublicEventDetail } from '../../mocks/public-handlers';

const LIST_URL = '*/api/management/events/';
const ITEM_URL = '*/api/management/events/:id/';
const STATUS_URL = '*/api/management/events/:id/change-status/';

const STATUSES: EventStatus[] = ['Draft', 'Published', 'Completed', 'Cancelled'];
const PAGE_SIZES = [5, 10, 20, 50];
const REQUIRED = 'Please fill in all required fields: Title, Date, and Location';

/** An admin-side event (the same shape as the public one), every field filled in; override what a test is about. */
export function makeAdminEvent(overrides: Partial<AdminEventDetail> = {}): AdminEventDetail {
  const { payment_deadline_hours = null, ...rest } = overrides;
  return {
    ...makePublicEventDetail({
      title: 'Legal Interpreting Workshop',
      location: 'Kigali Convention Center',
      event_image_id: 'workshop1',
      ...rest,
    }),
    payment_deadline_hours,
  };
}

/** `count` events, the newest created last, with distinct titles, dates and statuses. */
export function makeAdminEvents(count: number): AdminEventDetail[] {
  return Array.from({ length: count }, (_, index) =>
    makeAdminEvent({
      id: index + 1,
      title: `Event ${String(index + 1).padStart(2, '0')}`,
      location: `Venue ${index + 1}`,
      date: `2027-01-${String((index % 28) + 1).padStart(2, '0')}`,
      status: STATUSES[index % STATUSES.length],
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString(),
    }),
  );
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

const envelope = apiError;

/**
 * A small in-memory events API with the server's rules for listing (status, case-insensitive
 * search over title/description/location, ordering, DB-like paging with the last page for a
 * page past the end). Each test makes its own; `requests` records what the page sent.
 */
/** A list's row: the lists leave the venue access text out, as the server's do. */
function listRow({ access_info: _access, ...row }: AdminEventDetail): AdminEvent {
  return row;
}

export function eventsBackend(initial: AdminEventDetail[] = makeAdminEvents(3), { latency = 0 } = {}) {
  const events = initial.map((event) => ({ ...event }));
  const requests: RecordedRequest[] = [];
  let nextId = Math.max(0, ...events.map((event) => event.id)) + 1;

  async function record(request: Request) {
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    requests.push({ method: request.method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined });
  }

  const handlers = [
    http.get(LIST_URL, async ({ request }) => {
      await record(request);
      if (latency) await delay(latency);
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const search = (params.get('search') ?? '').toLowerCase();
      const ordering = params.get('ordering') ?? '-created_at';
      let rows = events.filter((event) => !status || event.status === status);
      if (search) {
        rows = rows.filter((event) =>
          [event.title, event.description, event.location].some((text) => text.toLowerCase().includes(search)),
        );
      }
      const field = ordering.replace(/^-/, '') as 'title' | 'date' | 'created_at';
      rows = [...rows].sort((a, b) => String(a[field]).localeCompare(String(b[field])));
      if (ordering.startsWith('-')) rows.reverse();

      if (!params.has('page') && !params.has('page_size')) return json<AdminEvent[]>(rows.map(listRow));
      const pageSize = Number(params.get('page_size') ?? 10);
      if (!PAGE_SIZES.includes(pageSize)) {
        const detail = 'Page size must be 5, 10, 20 or 50.';
        return envelope(400, { detail, code: 'validation_error', fields: { page_size: detail } });
      }
      const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
      const page = Math.min(Math.max(1, Number(params.get('page') ?? 1)), totalPages);
      return json<EventPage>({
        results: rows.slice((page - 1) * pageSize, page * pageSize).map(listRow),
        count: rows.length,
        page,
        page_size: pageSize,
        total_pages: totalPages,
      });
    }),

    http.get(ITEM_URL, async ({ request, params }) => {
      await record(request);
      if (latency) await delay(latency);
      const event = events.find((item) => item.id === Number(params.id));
      return event ? json<AdminEventDetail>(event) : envelope(404, { detail: 'Event not found.', code: 'not_found' });
    }),

    http.post(LIST_URL, async ({ request }) => {
      await record(request);
      if (latency) await delay(latency);
      const input = (await request.json()) as EventInput;
      const missing = (['title', 'date', 'location'] as const).filter((name) => !String(input[name] ?? '').trim());
      if (missing.length) {
        return envelope(400, {
          detail: REQUIRED,
          code: 'validation_error',
          fields: Object.fromEntries(missing.map((name) => [name, 'This field is required.'])),
        });
      }
      const event = makeAdminEvent({
        ...input,
        id: nextId,
        status: input.status ?? 'Draft',
        created_at: new Date().toISOString(),
        time: input.time ? `${input.time}:00`.slice(0, 8) : null,
      });
      nextId += 1;
      events.push(event);
      return json<AdminEventDetail>(event, { status: 201 });
    }),

    http.put(ITEM_URL, async ({ request, params }) => {
      await record(request);
      if (latency) await delay(latency);
      const index = events.findIndex((item) => item.id === Number(params.id));
      const current = events[index];
      if (!current) return envelope(404, { detail: 'Event not found.', code: 'not_found' });
      const changes = (await request.json()) as Partial<EventInput>;
      const updated = { ...current, ...changes, status: changes.status ?? current.status } as AdminEventDetail;
      events[index] = updated;
      return json<AdminEventDetail>(updated);
    }),

    http.delete(ITEM_URL, async ({ request, params }) => {
      await record(request);
      if (latency) await delay(latency);
      const index = events.findIndex((item) => item.id === Number(params.id));
      if (index < 0) return envelope(404, { detail: 'Event not found.', code: 'not_found' });
      events.splice(index, 1);
      return json<Schemas['MessageOut']>({ message: 'Event deleted successfully' });
    }),

    http.post(STATUS_URL, async ({ request, params }) => {
      await record(request);
      if (latency) await delay(latency);
      const { status } = (await request.json()) as { status: EventStatus };
      const event = events.find((item) => item.id === Number(params.id));
      if (!event) return envelope(404, { detail: 'Event not found.', code: 'not_found' });
      if (!STATUSES.includes(status)) {
        const detail = 'Status must be one of Draft, Published, Completed or Cancelled.';
        return envelope(400, { detail, code: 'validation_error', fields: { status: detail } });
      }
      event.status = status;
      return json<AdminEventDetail>(event);
    }),
  ];

  return {
    handlers,
    events,
    requests,
    /** The list calls made so far. */
    listRequests: () => requests.filter((item) => item.method === 'GET' && item.url.pathname === '/api/management/events/'),
  };
}

/**
 * A call answered with an error envelope (or a network failure when `status` is 'network'). The
 * body is the test's: also what a proxy or an older server may send instead of the envelope.
 */
export function eventsFailure(
  method: 'get' | 'post' | 'put' | 'delete',
  what: 'list' | 'item' | 'status',
  status: number | 'network',
  body: JsonBodyType = { detail: 'Something went wrong on the server.', code: 'server_error' },
) {
  const url = what === 'list' ? LIST_URL : what === 'item' ? ITEM_URL : STATUS_URL;
  return http[method](url, () => (status === 'network' ? HttpResponse.error() : HttpResponse.json(body, { status })));
}
