import { matchRoutes, type RouteObject } from 'react-router-dom';

import { publicEventsApi } from '../features/events/public-api';
import type { AppStore } from './store';
import { startLoading } from './lazy-page';

function eventIdOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * What the first page needs, asked for as the app's script starts rather than once React has
 * rendered down to it: the route's chunk and texts, and its data (RTK Query's prefetch fills the
 * cache the page's hook then reads). On a slow phone network each round trip saved is about half
 * a second off the page's main content (docs/architecture.md, "Loading"). Resolves once the
 * code and texts have arrived (or failed: the page's own lazy load then reports it).
 */
export function prefetchRoute(store: AppStore, routes: RouteObject[], location: Pick<Location, 'pathname' | 'search'>) {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const code = Promise.allSettled(
    matches.map((match) => startLoading(match.route.element as Parameters<typeof startLoading>[0])),
  );
  const leaf = matches[matches.length - 1];
  const path = leaf?.route.path;
  if (path === 'events') {
    store.dispatch(publicEventsApi.util.prefetch('getPublicEvents', undefined, {}));
  } else if (path === 'event/:id') {
    const id = eventIdOf(leaf?.params.id);
    if (id !== null) store.dispatch(publicEventsApi.util.prefetch('getPublicEvent', id, {}));
  } else if (path === 'registration') {
    const id = eventIdOf(new URLSearchParams(location.search).get('eventId'));
    // The page's own chunk imports this module too: it costs no request of its own, and keeps
    // the registration calls out of the entry chunk.
    if (id !== null) {
      void import('../features/registrations/public-api').then(({ registrationPublicApi }) =>
        store.dispatch(registrationPublicApi.util.prefetch('getRegistrationEvent', id, {})),
      );
    }
  }
  return code;
}
