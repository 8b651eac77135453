import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { DEMO_PUBLIC_EVENTS, makePublicEvent, publicEventHandlers } from '../mocks/public-handlers';
import { registrationPublicApi, type RegistrationPayload } from '../../registrations/public-api';
import { EventsPage } from './events-page';

function renderEventsPage() {
  return renderWithProviders(<EventsPage />, { route: '/events' });
}

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

/** jsdom has no layout: give the carousel track the sizes a browser would. */
function layOut(track: HTMLElement, { scrollWidth, clientWidth, scrollLeft }: Record<string, number>) {
  Object.defineProperty(track, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(track, 'clientWidth', { configurable: true, value: clientWidth });
  Object.defineProperty(track, 'scrollLeft', { configurable: true, writable: true, value: scrollLeft });
  fireEvent.scroll(track);
}

describe('Upcoming events page', () => {
  beforeEach(() => {
    server.use(publicEventHandlers.list());
  });
  afterEach(() => {
    // jsdom has no scrollBy: the carousel test lends one, which no later test may find there.
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollBy');
  });

  it('shows the heading and a loading text, then one card per event', async () => {
    renderEventsPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
    // The loading state is the carousel's shape (so nothing below jumps), and says so once.
    expect(screen.getByText('Loading events...').closest('[role="status"]')).not.toBeNull();
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    expect(await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(DEMO_PUBLIC_EVENTS.map((event) => event.title));
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
  });

  it('fetches the first card picture at once (the largest paint of the page) and the others lazily', async () => {
    renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    const [first, ...others] = screen.getAllByRole('article').map((card) => card.querySelector('img'));
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(others.length).toBeGreaterThan(0);
    for (const image of others) expect(image).toHaveAttribute('loading', 'lazy');
  });

  it('shows each card with image, long date, description, location, time, price, seats left and links', async () => {
    renderEventsPage();
    const title = await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    const card = title.closest('article') as HTMLElement;

    const image = within(card).getByRole('img', { name: 'Workshop' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.getAttribute('src')).toContain('workshop1');
    // Visitors see published events only: no staff status badge.
    expect(within(card).queryByText('Published')).not.toBeInTheDocument();
    expect(within(card).getByText('March 5, 2027')).toBeInTheDocument();
    expect(within(card).getByText(/A practical one-day workshop/)).toBeInTheDocument();
    expect(within(card).getByText('Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali')).toBeInTheDocument();
    expect(within(card).getByText(/^9:00\sAM$/)).toBeInTheDocument();
    expect(within(card).getByText('5,000 Rwf')).toBeInTheDocument();
    expect(within(card).getByText('3 seats left')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Register now: Legal Interpreting Workshop' })).toHaveAttribute(
      'href',
      '/registration?eventId=2',
    );
    expect(within(card).getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', '/event/2');
    // No button that does nothing: the card's only action is its way to the event.
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says Free for a free event, and no seat count when seats are unlimited', async () => {
    renderEventsPage();
    const title = await screen.findByRole('heading', { name: 'Deaf Awareness Community Day' });
    const card = title.closest('article') as HTMLElement;
    expect(within(card).getByText('Free')).toBeInTheDocument();
    expect(within(card).queryByText(/seats? left/)).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^Register now/ })).toBeInTheDocument();
  });

  it('offers the waiting list instead of "Register now" on a full event', async () => {
    const full = makePublicEvent({ id: 7, title: 'Full Workshop', maximum_attendees: 20, total_registrations_count: 20, open_seats: 0 });
    server.use(publicEventHandlers.list([full]));
    renderEventsPage();
    const card = (await screen.findByRole('heading', { name: 'Full Workshop' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Full')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /^Register now/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Full, join the waiting list: Full Workshop' })).toHaveAttribute(
      'href',
      '/registration?eventId=7',
    );
  });

  it('reads the seats left again after a sign-up', async () => {
    const events = DEMO_PUBLIC_EVENTS.map((event) => ({ ...event }));
    const workshop = events[1] as (typeof events)[number];
    server.use(
      publicEventHandlers.list(events),
      http.post('*/api/management/events/:id/register/', () => {
        events[1] = { ...workshop, total_registrations_count: 23, open_seats: 2 };
        return HttpResponse.json({ message: 'Registered.' }, { status: 201 });
      }),
    );
    const { store } = renderEventsPage();
    const card = (await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' })).closest('article') as HTMLElement;
    expect(within(card).getByText('3 seats left')).toBeInTheDocument();

    const registration = { full_name: 'Ada Uwase', email: 'ada@example.org', phone: '+250788123456' } as RegistrationPayload;
    await store.dispatch(registrationPublicApi.endpoints.registerForEvent.initiate({ eventId: 2, registration }));
    await waitFor(() => expect(within(card).getByText('2 seats left')).toBeInTheDocument());
  });

  it('links to the past events', async () => {
    renderEventsPage();
    expect(screen.getByRole('link', { name: 'See past events' })).toHaveAttribute('href', '/events/past');
  });

  it('shows the error text when the list cannot be loaded', async () => {
    server.use(publicEventHandlers.listFails());
    renderEventsPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load events. Please try again later.');
  });

  it('says so when there is no upcoming event at all', async () => {
    server.use(publicEventHandlers.list([]));
    renderEventsPage();
    expect(await screen.findByText(/There are no upcoming events at the moment/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it.each([
    ['workshop', ['Legal Interpreting Workshop', 'Pan-African Sign Language Interpreters Conference']],
    ['TASTER', ['Deaf Awareness Community Day']],
    ['Kiyovu', ['Legal Interpreting Workshop']],
  ])('searches %j in titles, descriptions and locations, ignoring case', async (query, expected) => {
    const { user } = renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), query);
    expect(cardTitles()).toEqual(expected);
    expect(screen.getByText(`${expected.length} ${expected.length === 1 ? 'event' : 'events'} found`)).toBeInTheDocument();
  });

  it('has the search placeholder and a Clear button that restores every event', async () => {
    const { user } = renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    const search = screen.getByRole('searchbox', { name: 'Search events' });
    expect(search).toHaveAttribute('placeholder', 'Search events by title, description or location...');
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();

    await user.type(search, 'legal');
    expect(cardTitles()).toEqual(['Legal Interpreting Workshop']);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(cardTitles()).toHaveLength(3);
  });

  it('shows the empty result with the query and a Clear search button', async () => {
    const { user } = renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'zumba');

    expect(screen.getByText('No events found for "zumba"')).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardTitles()).toHaveLength(3);
    expect(screen.queryByText(/No events found/)).not.toBeInTheDocument();
  });

  it('scrolls the carousel one card (300 px + 32 px gap) per arrow, disabling the arrows at the ends', async () => {
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    const { user } = renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    const track = await screen.findByRole('region', { name: 'Upcoming events' });
    const previous = await screen.findByRole('button', { name: 'Previous events' });
    const next = await screen.findByRole('button', { name: 'Next events' });

    layOut(track, { scrollWidth: 1000, clientWidth: 400, scrollLeft: 0 });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: 332 }));

    layOut(track, { scrollWidth: 1000, clientWidth: 400, scrollLeft: 332 });
    expect(previous).toBeEnabled();
    await user.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith(expect.objectContaining({ left: -332 }));

    // The right end counts as reached within 10 px.
    layOut(track, { scrollWidth: 1000, clientWidth: 400, scrollLeft: 591 });
    expect(next).toBeDisabled();
    layOut(track, { scrollWidth: 1000, clientWidth: 400, scrollLeft: 589 });
    expect(next).toBeEnabled();
  });

  it('keeps the carousel reachable from the keyboard and links to the contact page', async () => {
    renderEventsPage();
    await screen.findByRole('heading', { name: 'Legal Interpreting Workshop' });
    expect(await screen.findByRole('region', { name: 'Upcoming events' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
