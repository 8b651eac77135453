import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { makeEvent, makeEvents, makeRegistrations, registrationsBackend, registrationsFailure } from '../admin/mocks/handlers';
import { RegistrationsOverviewPage } from './registrations-overview-page';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderOverview(backend = registrationsBackend()) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <Routes>
      <Route path="/dashboard/registrations" element={<RegistrationsOverviewPage />} />
      <Route path="*" element={<CurrentPath />} />
    </Routes>,
    { route: '/dashboard/registrations' },
  );
  return { ...view, backend };
}

const cards = () => within(screen.getByRole('tabpanel')).getAllByRole('article');
const cardTitles = () => cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
const lastOverviewParams = (backend: ReturnType<typeof registrationsBackend>) =>
  backend.overviewRequests().at(-1)?.url.searchParams;

describe('Registrations overview', () => {
  it('shows a tab for each status that has events, with its count, Published first chosen', async () => {
    const backend = registrationsBackend({
      events: [...makeEvents(2, 'Draft', 1), ...makeEvents(3, 'Published', 10), ...makeEvents(1, 'Completed', 20)],
      registrations: [],
    });
    renderOverview(backend);
    expect(screen.getByText('Loading events...')).toBeInTheDocument();

    const tablist = await screen.findByRole('tablist', { name: 'Events by status' });
    expect(screen.getByRole('heading', { level: 1, name: 'Event Registrations' })).toBeInTheDocument();
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Draft (2)',
      'Published (3)',
      'Completed (1)',
    ]);
    expect(within(tablist).queryByRole('tab', { name: /Cancelled/ })).not.toBeInTheDocument();
    expect(within(tablist).getByRole('tab', { name: 'Published (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Published (3)' })).toBeInTheDocument();
    await waitFor(() => expect(cardTitles()).toEqual(['Published event 01', 'Published event 02', 'Published event 03']));
    expect(lastOverviewParams(backend)?.get('status')).toBe('Published');
    expect(lastOverviewParams(backend)?.get('page_size')).toBe('6');
  });

  it('shows each card with its status, date and time, counts and a Manage Registrations link', async () => {
    const backend = registrationsBackend({
      events: [makeEvent({ id: 3, title: 'Deaf Awareness Day', date: '2027-03-05', time: '14:30:00', maximum_attendees: 40 })],
      registrations: [
        ...makeRegistrations(3, 3, 1),
        ...makeRegistrations(2, 3, 10).map((row) => ({ ...row, registration_status: 'Approved' as const })),
      ],
    });
    const { user } = renderOverview(backend);
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('heading', { level: 2, name: 'Deaf Awareness Day' })).toBeInTheDocument();
    expect(within(card).getByText('Published')).toHaveClass('status-badge--good');
    expect(within(card).getByText('Mar 5, 2027 at 2:30 PM')).toBeInTheDocument();
    const count = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(count('Holding a seat')).toBe('5');
    expect(count('Pending')).toBe('3');
    expect(count('Approved')).toBe('2');

    const link = within(card).getByRole('link', { name: 'Manage Registrations for Deaf Awareness Day' });
    expect(link).toHaveTextContent('Manage Registrations');
    await user.click(link);
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/registrations/3');
  });

  it('pages six cards at a time on the server', async () => {
    const backend = registrationsBackend({ events: makeEvents(8, 'Published'), registrations: [] });
    const { user } = renderOverview(backend);
    await screen.findByRole('tabpanel');
    await waitFor(() => expect(cards()).toHaveLength(6));
    const pager = screen.getByRole('navigation', { name: 'Event pages' });

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Published event 07', 'Published event 08']));
    expect(lastOverviewParams(backend)?.get('page')).toBe('2');
    expect(lastOverviewParams(backend)?.get('page_size')).toBe('6');
  });

  it('switches tabs by click and by arrow keys, starting again at page 1', async () => {
    const backend = registrationsBackend({
      events: [...makeEvents(7, 'Published', 1), ...makeEvents(2, 'Cancelled', 20)],
      registrations: [],
    });
    const { user } = renderOverview(backend);
    await screen.findByRole('tabpanel');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Published event 07']));

    await user.click(screen.getByRole('tab', { name: 'Cancelled (2)' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Cancelled event 01', 'Cancelled event 02']));
    expect(lastOverviewParams(backend)?.get('status')).toBe('Cancelled');
    expect(lastOverviewParams(backend)?.get('page')).toBe('1');
    expect(screen.getByRole('tab', { name: 'Cancelled (2)' })).toHaveFocus();

    // Arrow keys move the focus and the selection (and wrap around); only the selected tab is in the Tab order.
    await user.keyboard('{ArrowRight}');
    const published = screen.getByRole('tab', { name: 'Published (7)' });
    expect(published).toHaveFocus();
    expect(published).toHaveAttribute('aria-selected', 'true');
    expect(published).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Cancelled (2)' })).toHaveAttribute('tabindex', '-1');
    await waitFor(() => expect(cards()).toHaveLength(6));
  });

  it('opens the first status that has events when none is Published', async () => {
    const backend = registrationsBackend({ events: makeEvents(2, 'Completed'), registrations: [] });
    renderOverview(backend);
    expect(await screen.findByRole('tab', { name: 'Completed (2)' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(cardTitles()).toEqual(['Completed event 01', 'Completed event 02']));
    expect(lastOverviewParams(backend)?.get('status')).toBe('Completed');
  });

  it('says there are no events, with a Create New Event link', async () => {
    const { user } = renderOverview(registrationsBackend({ events: [], registrations: [] }));
    expect(await screen.findByText('No Published events found.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create New Event' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/create-event');
  });

  it('says the list failed to load, with a Back to Events button', async () => {
    server.use(registrationsFailure('get', 'overview', 500));
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/dashboard/registrations" element={<RegistrationsOverviewPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>,
      { route: '/dashboard/registrations' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load events list');
    await user.click(within(alert).getByRole('link', { name: 'Back to Events' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/events');
  });

  it('has no axe violations, with cards and with the empty state', async () => {
    // Colour contrast needs a layout, which jsdom has not; axe's icon-font check needs a canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };
    const { container, unmount } = renderOverview(
      registrationsBackend({ events: [...makeEvents(8, 'Published'), ...makeEvents(1, 'Draft', 30)], registrations: [] }),
    );
    await screen.findByRole('navigation', { name: 'Event pages' });
    expect((await axe.run(container, options)).violations).toEqual([]);
    unmount();

    const empty = renderOverview(registrationsBackend({ events: [], registrations: [] }));
    await screen.findByText('No Published events found.');
    expect((await axe.run(empty.container, options)).violations).toEqual([]);
  });

  it('is the page of /dashboard/registrations, loaded with its texts', async () => {
    storeTestSession();
    const backend = registrationsBackend({ events: makeEvents(1, 'Published'), registrations: [] });
    server.use(...backend.handlers);
    renderRoute('/dashboard/registrations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Registrations' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Manage Registrations for Published event 01' })).toBeInTheDocument();
    expect(backend.overviewRequests()[0]?.authorization).toBe('Bearer access-1');
  });
});
