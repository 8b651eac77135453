import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { storedAccessToken, storeTokens } from './session/session-storage';
import { server } from '../testing/server';
import { storeTestSession } from '../testing/session';
import { api } from './api';
import { makeStore } from '../app/store';

// Two calls that exist only in this test, to watch the base query at work.
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    members: build.query<{ who: string }, undefined>({ query: () => 'test/members/' }),
    events: build.query<{ who: string }, undefined>({ query: () => 'test/events/' }),
  }),
});

/** What another tab of the same browser does: it stores a new pair (refresh, sign-in, password change). */
const otherTabStoresPair = (refresh = 'refresh-other-tab') => storeTokens({ access: 'access-2', refresh });

/**
 * Admin calls that accept only `access-2`; a refresh endpoint that counts its calls. `on401`
 * and `onRefresh` run while the server answers, for other tabs acting meanwhile. The refresh
 * answers only once `refreshAfter401s` calls have been refused, so parallel 401s all arrive
 * while it runs, however slow the machine.
 */
function backend({ refreshWorks = true, on401 = () => {}, onRefresh = () => {}, refreshAfter401s = 1 } = {}) {
  const seen = { refreshCalls: 0, refreshBodies: [] as unknown[], authorizations: [] as (string | null)[] };
  let refused = 0;
  let allRefused = () => {};
  const enoughRefused = new Promise<void>((resolve) => (allRefused = resolve));
  const guarded = (path: string) =>
    http.get(`*/api/test/${path}/`, ({ request }) => {
      const authorization = request.headers.get('Authorization');
      seen.authorizations.push(authorization);
      if (authorization === 'Bearer access-2') return HttpResponse.json({ who: path });
      on401();
      refused += 1;
      if (refused >= refreshAfter401s) allRefused();
      return HttpResponse.json({ detail: 'Token is invalid or expired.', code: 'token_not_valid' }, { status: 401 });
    });
  server.use(
    guarded('members'),
    guarded('events'),
    http.post('*/api/users/token/refresh/', async ({ request }) => {
      seen.refreshCalls += 1;
      seen.refreshBodies.push(await request.json());
      await enoughRefused;
      onRefresh();
      return refreshWorks
        ? HttpResponse.json({ access: 'access-2', refresh: 'refresh-2' })
        : HttpResponse.json({ detail: 'Token is blacklisted.', code: 'token_not_valid' }, { status: 401 });
    }),
  );
  return seen;
}

describe('base query', () => {
  beforeEach(() => {
    storeTestSession();
  });

  it('refreshes once on a 401, keeps the new pair and retries the call', async () => {
    const seen = backend();
    const store = makeStore();
    const expiresAt = localStorage.getItem('expiresAt');

    const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));

    expect(result.data).toEqual({ who: 'members' });
    expect(seen.refreshCalls).toBe(1);
    expect(seen.refreshBodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(seen.authorizations).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    // Refreshing does not extend the 24-hour session.
    expect(localStorage.getItem('expiresAt')).toBe(expiresAt);
  });

  it('refreshes once for two parallel 401s', async () => {
    const seen = backend({ refreshAfter401s: 2 });
    const store = makeStore();

    const [members, events] = await Promise.all([
      store.dispatch(testApi.endpoints.members.initiate(undefined)),
      store.dispatch(testApi.endpoints.events.initiate(undefined)),
    ]);

    expect(members.data).toEqual({ who: 'members' });
    expect(events.data).toEqual({ who: 'events' });
    expect(seen.refreshCalls).toBe(1);
  });

  it('ends the session when the refresh is refused and storage still holds the refused pair', async () => {
    const seen = backend({ refreshWorks: false });
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));

    expect(result.data).toBeUndefined();
    expect(seen.refreshCalls).toBe(1);
    expect(seen.authorizations).toEqual(['Bearer access-1']);
    expect(storedAccessToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
  });

  it('does not refresh when another tab stored a new pair while the call was out', async () => {
    const seen = backend({ on401: () => otherTabStoresPair() });
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));

    expect(result.data).toEqual({ who: 'members' });
    // A refresh with the rotated token would be taken for theft and end every session.
    expect(seen.refreshCalls).toBe(0);
    expect(seen.authorizations).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-other-tab');
  });

  it('keeps the session when the refresh is refused but another tab stored a new pair meanwhile', async () => {
    const seen = backend({ refreshWorks: false, onRefresh: () => otherTabStoresPair() });
    const store = makeStore();

    const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));

    expect(result.data).toEqual({ who: 'members' });
    expect(seen.refreshCalls).toBe(1);
    expect(seen.authorizations).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-other-tab');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(store.getState().session.status).not.toBe('anonymous');
  });

  describe('with Web Locks', () => {
    const lockNames: string[] = [];
    let whileWaiting = () => {};

    beforeEach(() => {
      lockNames.length = 0;
      whileWaiting = () => {};
      // jsdom has none: a lock that lets `whileWaiting` (the tab holding it) run first.
      const locks = {
        request: async <T>(name: string, task: () => Promise<T>) => {
          lockNames.push(name);
          whileWaiting();
          return task();
        },
      };
      Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    it('refreshes under the lock shared by every tab', async () => {
      const seen = backend();
      const result = await makeStore().dispatch(testApi.endpoints.members.initiate(undefined));
      expect(result.data).toEqual({ who: 'members' });
      expect(lockNames).toEqual(['portal-token-refresh']);
      expect(seen.refreshCalls).toBe(1);
    });

    it('uses the pair the tab holding the lock stored, without refreshing again', async () => {
      const seen = backend();
      whileWaiting = () => otherTabStoresPair();
      const result = await makeStore().dispatch(testApi.endpoints.members.initiate(undefined));
      expect(result.data).toEqual({ who: 'members' });
      expect(seen.refreshCalls).toBe(0);
      expect(seen.authorizations).toEqual(['Bearer access-1', 'Bearer access-2']);
    });

    it('ends the session when the tab holding the lock signed out', async () => {
      const seen = backend();
      whileWaiting = () => localStorage.clear();
      const store = makeStore();
      const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));
      expect(result.data).toBeUndefined();
      expect(seen.refreshCalls).toBe(0);
      expect(store.getState().session.status).toBe('anonymous');
    });
  });

  it('does not refresh when sign-in itself is refused', async () => {
    const seen = backend();
    server.use(
      http.post('*/api/users/login/', () =>
        HttpResponse.json({ detail: 'Invalid username or password', code: 'invalid_credentials' }, { status: 401 }),
      ),
    );
    const store = makeStore();
    const login = api.injectEndpoints({
      endpoints: (build) => ({
        testLogin: build.mutation<unknown, undefined>({ query: () => ({ url: 'users/login/', method: 'POST', body: {} }) }),
      }),
    });
    const result = await store.dispatch(login.endpoints.testLogin.initiate(undefined));
    expect(result.error).toMatchObject({ status: 401 });
    expect(seen.refreshCalls).toBe(0);
    expect(storedAccessToken()).toBe('access-1');
  });

  it('sends no token and no refresh for a visitor without a session', async () => {
    localStorage.clear();
    const seen = backend();
    const store = makeStore();
    const result = await store.dispatch(testApi.endpoints.members.initiate(undefined));
    expect(result.error).toMatchObject({ status: 401 });
    expect(seen.authorizations).toEqual([null]);
    expect(seen.refreshCalls).toBe(0);
  });

  it('sends the Accept-Language of the site', async () => {
    let language: string | null = null;
    server.use(
      http.get('*/api/test/members/', ({ request }) => {
        language = request.headers.get('Accept-Language');
        return HttpResponse.json({ who: 'members' });
      }),
    );
    await makeStore().dispatch(testApi.endpoints.members.initiate(undefined));
    expect(language).toBe('en');
  });
});
