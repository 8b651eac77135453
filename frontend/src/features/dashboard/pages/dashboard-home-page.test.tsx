import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { dashboardBackend, makeSummary } from '../mocks/handlers';
import { DASHBOARD_POLLING_INTERVAL, DashboardHomePage } from './dashboard-home-page';

const FAILURE = 'Unable to load dashboard data. Please try again later.';

function renderPage(backend = dashboardBackend()) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <Routes>
      <Route path="/dashboard" element={<DashboardHomePage />} />
    </Routes>,
    { route: '/dashboard' },
  );
  return { ...view, backend };
}

/** The figures of one card, as "term value" pairs. */
function cardFigures(name: string) {
  const card = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!card) throw new Error(`No card ${name}`);
  return Array.from(card.querySelectorAll('dl > div')).map((pair) => pair.textContent);
}

describe('Dashboard home', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the member, registration and event figures with links to their pages', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 3, name: 'Members' });

    expect(cardFigures('Members')).toEqual(['Applications received24', 'Active16', 'Inactive2', 'Not approved6']);
    expect(cardFigures('Registrations')).toEqual(['All registrations62', 'Pending7', 'Approved50', 'Rejected5']);
    expect(cardFigures('Events')).toEqual(['All events9', 'Published3']);
    // Each card says what its figures count: the rejected among the applications, the statuses
    // and the waiting list of the registrations.
    expect(screen.getByText(/Every membership application received, rejected ones included/)).toBeInTheDocument();
    expect(screen.getByText(/Every event registration, past and upcoming, whatever its status/)).toHaveTextContent(
      'Waiting-list places are not counted.',
    );
    expect(screen.getByRole('link', { name: 'Manage members' })).toHaveAttribute('href', '/dashboard/members');
    // Those whose membership year ends within 30 days: the members list, filtered and sorted.
    expect(screen.getByRole('link', { name: 'Expiring in the next 30 days: 3' })).toHaveAttribute(
      'href',
      '/dashboard/members?standing=Expiring&ordering=membership_end',
    );
    expect(screen.getByRole('link', { name: 'Manage registrations' })).toHaveAttribute('href', '/dashboard/registrations');
    expect(screen.getByRole('link', { name: 'Manage events' })).toHaveAttribute('href', '/dashboard/events');
  });

  it('lists the soonest events and the latest events and registrations', async () => {
    renderPage();
    const upcoming = await screen.findByRole('region', { name: 'Upcoming events' });
    const events = within(upcoming).getAllByRole('listitem');
    expect(events.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Deaf Awareness Community Day',
      'Legal Interpreting Workshop',
    ]);
    expect(events[0]).toHaveTextContent('December 1, 2026 at 10:00 AM');
    expect(events[0]).toHaveTextContent('0 registrations');
    expect(events[1]).toHaveTextContent('13 of 25 seats confirmed');
    expect(within(upcoming).getByRole('link', { name: 'Legal Interpreting Workshop' })).toHaveAttribute(
      'href',
      '/dashboard/registrations/2',
    );

    const latestEvents = screen.getByRole('list', { name: 'Latest events' });
    expect(within(latestEvents).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Interpreting for Television TrainingCancelledDate: Dec 15, 2026 · Created Nov 20, 2026',
      'Annual General Meeting 2026CompletedDate: Oct 15, 2026 · Created Nov 19, 2026',
    ]);
    const latestRegistrations = screen.getByRole('list', { name: 'Latest registrations' });
    expect(within(latestRegistrations).getByRole('listitem')).toHaveTextContent(
      'Diane UwimanaPendingfor Legal Interpreting Workshop · Registered Nov 21, 2026',
    );
    expect(within(latestRegistrations).getByRole('link', { name: 'for Legal Interpreting Workshop' })).toHaveAttribute(
      'href',
      '/dashboard/registrations/2',
    );
  });

  it('says when there is nothing yet', async () => {
    renderPage(dashboardBackend(makeSummary({ upcoming_events: [], recent_events: [], recent_registrations: [] })));
    expect(await screen.findByText('No upcoming events.')).toBeInTheDocument();
    expect(screen.getByText('No events yet.')).toBeInTheDocument();
    expect(screen.getByText('No registrations yet.')).toBeInTheDocument();
  });

  it('says the data failed to load, and Try Again loads it', async () => {
    const backend = dashboardBackend();
    backend.state.failure = 500;
    const { user } = renderPage(backend);
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(FAILURE));
    expect(screen.queryByRole('heading', { name: 'Members' })).not.toBeInTheDocument();

    backend.state.failure = null;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'At a glance' })).toHaveFocus());
  });

  it('picks up new figures every 30 s without a loader, and a failed reload keeps them silently', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = dashboardBackend();
    renderPage(backend);
    await screen.findByRole('heading', { level: 3, name: 'Members' });
    const calls = backend.state.requests;
    backend.state.summary = makeSummary({ members: { total: 25, active: 16, inactive: 2, pending: 7, expiring_30_days: 3 } });
    let answer = () => {};
    backend.state.hold = new Promise((resolve) => {
      answer = resolve;
    });

    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_POLLING_INTERVAL - 1000));
    expect(backend.state.requests).toBe(calls);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(backend.state.requests).toBe(calls + 1));
    // While the reload runs, the figures stay and no loader shows.
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    expect(cardFigures('Members')).toEqual(['Applications received24', 'Active16', 'Inactive2', 'Not approved6']);
    backend.state.hold = null;
    answer();
    await waitFor(() => expect(cardFigures('Members')).toEqual(['Applications received25', 'Active16', 'Inactive2', 'Not approved7']));

    backend.state.failure = 500;
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_POLLING_INTERVAL));
    await waitFor(() => expect(backend.state.requests).toBe(calls + 2));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
    expect(cardFigures('Members')).toEqual(['Applications received25', 'Active16', 'Inactive2', 'Not approved7']);
  });
});
