import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { publicEventsApi } from '../features/events/public-api';
import { DEMO_PUBLIC_EVENTS, publicEventHandlers } from '../features/events/mocks/public-handlers';
import { registrationPublicApi } from '../features/registrations/public-api';
import { server } from '../testing/server';
import { prefetchRoute } from './route-prefetch';
import { routes } from './router';
import { makeStore } from './store';

describe('prefetchRoute: the first page’s data asked for before React renders it', () => {
  beforeEach(() => {
    server.use(publicEventHandlers.list(), publicEventHandlers.detail());
  });

  it('fills the cache /events reads', async () => {
    const store = makeStore();
    await prefetchRoute(store, routes, { pathname: '/events', search: '' });
    await waitFor(() =>
      expect(publicEventsApi.endpoints.getPublicEvents.select(undefined)(store.getState()).data).toHaveLength(
        DEMO_PUBLIC_EVENTS.length,
      ),
    );
  });

  it('fills the cache of one event on /event/:id', async () => {
    const store = makeStore();
    const [first] = DEMO_PUBLIC_EVENTS;
    if (!first) throw new Error('The demo events are empty.');
    await prefetchRoute(store, routes, { pathname: `/event/${first.id}`, search: '' });
    await waitFor(() =>
      expect(publicEventsApi.endpoints.getPublicEvent.select(first.id)(store.getState()).data?.title).toBe(first.title),
    );
  });

  it('fills the cache of the event /registration?eventId= signs up for', async () => {
    const store = makeStore();
    const [first] = DEMO_PUBLIC_EVENTS;
    if (!first) throw new Error('The demo events are empty.');
    await prefetchRoute(store, routes, { pathname: '/registration', search: `?eventId=${first.id}` });
    await waitFor(() =>
      expect(
        registrationPublicApi.endpoints.getRegistrationEvent.select(first.id)(store.getState()).data?.title,
      ).toBe(first.title),
    );
  });

  it('asks for no data on a page that has none, nor for a malformed event id', async () => {
    const store = makeStore();
    await prefetchRoute(store, routes, { pathname: '/about', search: '' });
    await prefetchRoute(store, routes, { pathname: '/event/abc', search: '' });
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
  });
});
