import { matchRoutes, type RouteObject } from 'react-router-dom';

import { type PublicEvent, type PublicEventDetail, publicEventsApi } from '../features/events/public-api';
import type { AppStore } from './store';
import { startLoading } from './lazy-page';

function eventIdOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The API answer the server put in the page's HTML for this address (services/core/preload.py,
 * PageData), taken once: later visits within the app ask the API as usual.
 */
function carried<T>(api: string): T | undefined {
  const node = document.getElementById('page-data');
  if (node?.getAttribute('data-api') !== api) return undefined;
  node.remove();
  try {
    return JSON.parse(node.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/**
 * What the first page needs, asked for as the app's script starts rather than once React has
 * rendered down to it: the route's chunk and texts, and its data (RTK Query's prefetch fills the
 * cache the page's hook then reads). On a slow phone network each round trip saved is about half
 * a second off the page's main content (docs/architecture.md, "Loading"). Resolves once the
 * code and texts have arrived (or failed: the page's own lazy load then reports it).
 * `hold`: the data the HTML carries goes into the cache only once it resolves, when main.tsx takes
 * over the server's markup, which was rendered before any data (the first render must match it).
 */
export function prefetchRoute(
  store: AppStore,
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search'>,
  hold?: Promise<unknown>,
) {
  const after = (apply: () => unknown) => (hold ? void hold.then(apply) : apply());
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const code = Promise.allSettled(
    matches.map((match) => startLoading(match.route.element as Parameters<typeof startLoading>[0])),
  );
  const leaf = matches[matches.length - 1];
  const path = leaf?.route.path;
  // The data in the page's HTML when the server put it there, else asked for now.
  if (path === 'events') {
    const events = carried<PublicEvent[]>('management/public-events/');
    if (events) {
      after(() =>
        store.dispatch(
          publicEventsApi.util.upsertQueryEntries([{ endpointName: 'getPublicEvents', arg: undefined, value: events }]),
        ),
      );
    } else {
      store.dispatch(publicEventsApi.util.prefetch('getPublicEvents', undefined, {}));
    }
  } else if (path === 'event/:id') {
    const id = eventIdOf(leaf?.params.id);
    const event = id === null ? undefined : carried<PublicEventDetail>(`management/public-events/${id}/`);
    if (event && id !== null) {
      after(() =>
        store.dispatch(publicEventsApi.util.upsertQueryEntries([{ endpointName: 'getPublicEvent', arg: id, value: event }])),
      );
    } else if (id !== null) {
      store.dispatch(publicEventsApi.util.prefetch('getPublicEvent', id, {}));
    }
  } else if (path === 'registration') {
    const id = eventIdOf(new URLSearchParams(location.search).get('eventId'));
    const event = id === null ? undefined : carried<PublicEvent>(`management/public-events/${id}/`);
    // The page's own chunk imports this module too: it costs no request of its own, and keeps
    // the registration calls out of the entry chunk.
    if (id !== null) {
      void import('../features/registrations/public-api').then(({ registrationPublicApi }) =>
        event
          ? after(() =>
              store.dispatch(
                registrationPublicApi.util.upsertQueryEntries([{ endpointName: 'getRegistrationEvent', arg: id, value: event }]),
              ),
            )
          : store.dispatch(registrationPublicApi.util.prefetch('getRegistrationEvent', id, {})),
      );
    }
  }
  return code;
}
