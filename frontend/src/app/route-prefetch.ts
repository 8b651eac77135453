import { matchRoutes, type RouteObject } from 'react-router-dom';

import { publicEventsApi } from '../features/events/public-api';
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
function carried(api: string): unknown {
  const node = document.getElementById('page-data');
  if (node?.getAttribute('data-api') !== api) return undefined;
  node.remove();
  try {
    return JSON.parse(node.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** RTK Query's cache calls, for an endpoint named at run time (the pages' own modules type them). */
interface LooseApi {
  util: {
    prefetch(endpoint: string, arg: unknown, options: object): Parameters<AppStore['dispatch']>[0];
    upsertQueryEntries(entries: { endpointName: string; arg: unknown; value: unknown }[]): Parameters<AppStore['dispatch']>[0];
  };
}

interface FirstData {
  address: string; // under /api/, as the HTML's data-api names it
  endpoint: string;
  arg: unknown;
  calls: () => Promise<unknown>; // the module whose api defines `endpoint`
}

const eventCalls = () => Promise.resolve(publicEventsApi);

/** The data a page reads first, if it has any. */
function firstData(path: string | undefined, params: Record<string, string | undefined>, search: string): FirstData | null {
  if (path === 'events') {
    return { address: 'management/public-events/', endpoint: 'getPublicEvents', arg: undefined, calls: eventCalls };
  }
  const id = eventIdOf(path === 'registration' ? new URLSearchParams(search).get('eventId') : params.id);
  const eventAddress = `management/public-events/${id}/`;
  if (path === 'event/:id' && id !== null) {
    return { address: eventAddress, endpoint: 'getPublicEvent', arg: id, calls: eventCalls };
  }
  if (path === 'registration' && id !== null) {
    // The page's own chunk imports this module too: it costs no request of its own, and keeps
    // the registration calls out of the entry chunk.
    const calls = () => import('../features/registrations/public-api').then((module) => module.registrationPublicApi);
    return { address: eventAddress, endpoint: 'getRegistrationEvent', arg: id, calls };
  }
  if (path === 'ticket/:code' && params.code) {
    // The ticket call comes with the ticket page's own code, which startLoading has asked for.
    const calls = () => import('../features/events/pages/ticket-page').then((module) => module.ticketApi);
    return { address: `tickets/${encodeURIComponent(params.code)}/`, endpoint: 'getTicket', arg: params.code, calls };
  }
  if (path === 'verify/:code' && params.code) {
    // Scanned at a desk or a door, often on a weak connection: the answer with the page's code.
    const calls = () => import('../features/members/pages/verify-page').then((module) => module.verifyApi);
    return { address: `verify/${encodeURIComponent(params.code)}/`, endpoint: 'getVerification', arg: params.code, calls };
  }
  return null;
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
  const wanted = firstData(leaf?.route.path, leaf?.params ?? {}, location.search);
  if (wanted) {
    // The data in the page's HTML when the server put it there, else asked for now; once the
    // module that defines its call (for some, the page's own code, already on its way) is here.
    const value = carried(wanted.address);
    void wanted.calls().then((calls) => {
      const { util } = calls as unknown as LooseApi;
      if (value === undefined) store.dispatch(util.prefetch(wanted.endpoint, wanted.arg, {}));
      else after(() => store.dispatch(util.upsertQueryEntries([{ endpointName: wanted.endpoint, arg: wanted.arg, value }])));
    });
  }
  return code;
}
