import { http } from 'msw';

import { apiError, json } from '../../../testing/api-answer';
import type { ActivityEntry, ActivityFacets, ActivityPage } from '../../../lib/activity-api';

const LIST_URL = '*/api/management/activity/';
const FACETS_URL = '*/api/management/activity/facets/';

/** An entry of the trail; override what a test is about. */
export function makeEntry(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 1,
    actor: { id: 7, username: 'grace', name: 'Grace Mukamana' },
    at: '2026-03-03T12:02:00Z', // 14:02 in Kigali
    client_ip: '197.243.10.4',
    action: 'event.updated',
    object_type: 'event',
    object_id: 12,
    object_label: 'Annual Conference',
    changes: { location: { before: 'Kigali', after: 'Huye' } },
    ...overrides,
  };
}

export const FACETS: ActivityFacets = {
  actors: [
    { id: 7, username: 'grace', name: 'Grace Mukamana' },
    { id: 8, username: 'eric', name: 'Eric Niyonsaba' },
  ],
  object_types: ['event', 'export', 'registration'],
  actions: ['event.updated', 'export.csv', 'registration.approved', 'registration.created'],
};

/**
 * The activity API over a list of entries (newest first): filters by object type and id,
 * action and actor, pages by `page` and `page_size`; every request kept for the test to read.
 */
export function activityBackend({ entries = [makeEntry()], facets = FACETS }: { entries?: ActivityEntry[]; facets?: ActivityFacets } = {}) {
  const requests: Request[] = [];
  const exports: Request[] = [];
  const handlers = [
    http.get(FACETS_URL, () => json<ActivityFacets>(facets)),
    http.get(LIST_URL, ({ request }) => {
      const url = new URL(request.url);
      const params = url.searchParams;
      if (params.get('format') === 'csv') {
        exports.push(request);
        return new Response('When,Who\r\n2026-03-03,Grace\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="activity.csv"' },
        });
      }
      requests.push(request);
      const matching = entries.filter(
        (entry) =>
          (!params.get('object_type') || entry.object_type === params.get('object_type')) &&
          (!params.get('object_id') || String(entry.object_id) === params.get('object_id')) &&
          (!params.get('action') || entry.action === params.get('action')) &&
          (!params.get('actor') || (typeof entry.actor === 'object' && String(entry.actor.id) === params.get('actor'))),
      );
      const pageSize = Number(params.get('page_size') ?? 20);
      const page = Number(params.get('page') ?? 1);
      return json<ActivityPage>({
        results: matching.slice((page - 1) * pageSize, page * pageSize),
        count: matching.length,
        page,
        page_size: pageSize,
        total_pages: Math.max(1, Math.ceil(matching.length / pageSize)),
      });
    }),
  ];
  return { handlers, requests: () => requests, exports: () => exports };
}

/** The list refused (a server failure). */
export const activityFailure = () =>
  http.get(LIST_URL, () => apiError(500, { detail: 'Something went wrong.', code: 'server_error' }));
