import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';

import { publicEventsApi } from '../features/events/public-api';
import { DEMO_PUBLIC_EVENTS, makeTicket, publicEventHandlers } from '../features/events/mocks/public-handlers';
import { ticketApi } from '../features/events/ticket-api';
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

  it('takes the events the page’s HTML carries, without asking the API', async () => {
    const [first] = DEMO_PUBLIC_EVENTS;
    if (!first) throw new Error('The demo events are empty.');
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'page-data';
    carried.setAttribute('data-api', 'management/public-events/');
    carried.textContent = JSON.stringify([{ ...first, title: 'From the page' }]);
    document.body.append(carried);
    let asked = false;
    server.use(
      http.get('*/api/management/public-events/', () => {
        asked = true;
        return HttpResponse.json([]);
      }),
    );
    const store = makeStore();
    await prefetchRoute(store, routes, { pathname: '/events', search: '' });
    const events = publicEventsApi.endpoints.getPublicEvents.select(undefined)(store.getState()).data;
    expect(events?.map((event) => event.title)).toEqual(['From the page']);
    expect(asked).toBe(false);
    // Taken once: the next visit within the app asks the API.
    expect(document.getElementById('page-data')).toBeNull();
  });

  it('takes the ticket the page’s HTML carries, without asking the API, and asks when it carries none', async () => {
    const carried = document.createElement('script');
    carried.type = 'application/json';
    carried.id = 'page-data';
    carried.setAttribute('data-api', 'tickets/Carried-code_1/');
    carried.textContent = JSON.stringify(makeTicket({ holder_name: 'From the page' }));
    document.body.append(carried);
    const asked: string[] = [];
    server.use(
      http.get('*/api/tickets/:code/', ({ params }) => {
        asked.push(String(params.code));
        return HttpResponse.json(makeTicket({ holder_name: 'From the API' }));
      }),
    );
    const store = makeStore();
    await prefetchRoute(store, routes, { pathname: '/ticket/Carried-code_1', search: '' });
    const holder = (code: string) => ticketApi.endpoints.getTicket.select(code)(store.getState()).data?.holder_name;
    await waitFor(() => expect(holder('Carried-code_1')).toBe('From the page'));
    expect(asked).toEqual([]);
    // Another ticket's page (the HTML carried nothing for it): asked for at once.
    await prefetchRoute(store, routes, { pathname: '/ticket/Other-code', search: '' });
    await waitFor(() => expect(holder('Other-code')).toBe('From the API'));
    expect(asked).toEqual(['Other-code']);
  });

  it('asks for no data on a page that has none, nor for a malformed event id', async () => {
    const store = makeStore();
    await prefetchRoute(store, routes, { pathname: '/about', search: '' });
    await prefetchRoute(store, routes, { pathname: '/event/abc', search: '' });
    expect(Object.keys(store.getState().api.queries)).toEqual([]);
  });
});
