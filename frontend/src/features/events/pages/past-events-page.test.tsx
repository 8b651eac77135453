import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makePublicEvent, publicEventHandlers } from '../mocks/public-handlers';

// Twelve past events, newest first as the server sends them: two pages of ten.
const PAST = Array.from({ length: 12 }, (_, index) =>
  makePublicEvent({
    id: 100 + index,
    title: `Past event ${String.fromCharCode(65 + index)}`,
    date: `2026-0${9 - Math.floor(index / 4)}-1${index % 4}`,
    status: 'Completed',
  }),
);

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

describe('Past events page', () => {
  it('lists the past events newest first, ten a page, without prices, seats or registering', async () => {
    server.use(publicEventHandlers.past(PAST));
    const { user } = renderRoute('/events/past');
    expect(await screen.findByRole('heading', { level: 1, name: 'Past Events' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Past event A' });
    expect(cardTitles()).toEqual(PAST.slice(0, 10).map((event) => event.title));
    const first = screen.getAllByRole('article')[0] as HTMLElement;
    expect(within(first).queryByRole('link', { name: /Register|waiting list/ })).not.toBeInTheDocument();
    expect(within(first).queryByText(/Rwf|seats? left|Completed/)).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', '/event/100');

    const pages = screen.getByRole('navigation', { name: 'Pages of past events' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    await screen.findByRole('heading', { level: 2, name: 'Past event K' });
    expect(cardTitles()).toEqual(['Past event K', 'Past event L']);
    // The reader is taken to the top of the new page's list.
    expect(screen.getByRole('heading', { level: 2, name: 'Page 2 of 2' })).toHaveFocus();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'See upcoming events' })).toHaveAttribute('href', '/events');
  });

  it('opens the page the address names', async () => {
    server.use(publicEventHandlers.past(PAST));
    renderRoute('/events/past?page=2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Past event L' })).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of past events' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('says so when no event has happened yet', async () => {
    server.use(publicEventHandlers.past([]));
    renderRoute('/events/past');
    expect(await screen.findByText('There are no past events yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of past events' })).not.toBeInTheDocument();
  });
});

describe('The old /event page', () => {
  it('goes to the events list', async () => {
    server.use(publicEventHandlers.list());
    const { router } = renderRoute('/event');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upcoming Events' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/events');
  });
});
