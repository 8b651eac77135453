import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { EVENTS_POLLING_INTERVAL, EventsAdminPage } from '../pages/events-admin-page';
import { eventsBackend, eventsFailure, makeAdminEvent, makeAdminEvents } from './mocks/handlers';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderList(backend = eventsBackend(), options: Parameters<typeof renderWithProviders>[1] = {}) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/events" element={<EventsAdminPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
      <ToastRegion />
    </>,
    { route: '/dashboard/events', ...options },
  );
  return { ...view, backend };
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const table = () => screen.getByRole('table', { name: 'Events' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (title: string) => {
  const row = bodyRows().find((item) => within(item).queryByText(title));
  if (!row) throw new Error(`No row for ${title}`);
  return row;
};
const lastListParams = (backend: ReturnType<typeof eventsBackend>) => backend.listRequests().at(-1)?.url.searchParams;

describe('Events admin list', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a loader, then the rows with thumbnail, date, time, status and created date', async () => {
    const backend = eventsBackend([
      makeAdminEvent({
        id: 7,
        title: 'Deaf Awareness Day',
        location: 'Amahoro Stadium',
        date: '2027-03-05',
        time: '14:30:00',
        status: 'Draft',
        event_image_id: 'afsli1',
        created_at: '2026-11-02T09:00:00Z',
      }),
    ]);
    renderList(backend);
    expect(screen.getByText('Loading events...')).toBeInTheDocument();

    const row = await screen.findByRole('row', { name: /Deaf Awareness Day/ });
    expect(screen.getByRole('heading', { level: 1, name: 'Events Management' })).toBeInTheDocument();
    expect(within(row).getByText('Amahoro Stadium')).toBeInTheDocument();
    expect(within(row).getByText('Mar 5, 2027')).toBeInTheDocument();
    expect(within(row).getByText('2:30 PM')).toBeInTheDocument();
    expect(within(row).getByText('Draft')).toHaveClass('status-badge--quiet');
    expect(within(row).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(row.querySelector('img')?.getAttribute('src')).toContain('afsli1');
    expect(within(row).getByRole('link', { name: 'Edit Deaf Awareness Day' })).toHaveAttribute(
      'href',
      '/dashboard/edit-event/7',
    );
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();

    const params = lastListParams(backend);
    expect(params?.get('include_all')).toBe('true');
    expect(params?.get('ordering')).toBe('-created_at');
    expect(params?.get('page')).toBe('1');
    expect(params?.get('page_size')).toBe('10');
    expect(params?.has('status')).toBe(false);
    expect(params?.has('_')).toBe(true); // SPEC §7: cache-busting timestamp
    // No toast for the first load.
    expect(toasts()).not.toHaveTextContent(/./);
  });

  it('links Create New Event to the create form', async () => {
    const { user } = renderList();
    await screen.findByRole('table', { name: 'Events' });
    await user.click(screen.getByRole('link', { name: 'Create New Event' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/create-event');
  });

  it('sorts by the clicked header, toggling the direction, with aria-sort', async () => {
    const { user, backend } = renderList();
    await screen.findByRole('table', { name: 'Events' });
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Created')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Title & Location')).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Title & Location' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('title'));
    expect(header('Title & Location')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Created')).not.toHaveAttribute('aria-sort');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Event 01'));

    await user.click(screen.getByRole('button', { name: 'Title & Location' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('-title'));
    expect(header('Title & Location')).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('Event 03'));

    await user.click(screen.getByRole('button', { name: 'Date & Time' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('date'));
    await user.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('created_at'));
  });

  it('filters by status on the server, showing which filter is on', async () => {
    const { user, backend } = renderList(eventsBackend(makeAdminEvents(8)));
    await screen.findByRole('table', { name: 'Events' });
    const filters = screen.getByRole('group', { name: 'Filter by status' });
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filters).getByRole('button', { name: 'Draft' }));
    await waitFor(() => expect(lastListParams(backend)?.get('status')).toBe('Draft'));
    expect(within(filters).getByRole('button', { name: 'Draft' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    for (const row of bodyRows()) expect(within(row).getByText('Draft')).toBeInTheDocument();

    // Back to All: the first view, from the cache, all eight rows again.
    await user.click(within(filters).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(8));
  });

  it('waits for typing to pause 300 ms before searching on the server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, backend } = renderList(eventsBackend(makeAdminEvents(12)), {
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await screen.findByRole('table', { name: 'Events' });
    const calls = backend.listRequests().length;

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'venue 1');
    // Measuring 250 ms against 300 needs a clock that moves only when told: its automatic 20 ms
    // ticks (one per turn of the event loop, and a busy machine takes more turns) stop until the
    // debounce has been measured. (user-event needs them, so only after the typing; the typing
    // call's own end takes one tick.)
    vi.setTimerTickMode('manual');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(backend.listRequests()).toHaveLength(calls);

    await act(() => vi.advanceTimersByTimeAsync(60));
    vi.setTimerTickMode('interval');
    await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
    expect(lastListParams(backend)?.get('search')).toBe('venue 1');
    expect(lastListParams(backend)?.get('page')).toBe('1');
    // Venue 1, 10, 11, 12.
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
  });

  // Eight page changes, each a server round trip and a re-render of the table: several seconds
  // on a busy two-core machine (3.6 s measured), close to the default 5 s.
  it('pages with first, previous, numbers and ellipses, next and last', async () => {
    const { user, backend } = renderList(eventsBackend(makeAdminEvents(60)));
    await screen.findByRole('table', { name: 'Events' });
    await user.selectOptions(screen.getByLabelText('Events per page'), '5');
    await waitFor(() => expect(screen.getByText('Showing 1 to 5 of 60 events')).toBeInTheDocument());
    expect(lastListParams(backend)?.get('page_size')).toBe('5');

    const pager = () => screen.getByRole('navigation', { name: 'Events pages' });
    const pageNumbers = () =>
      Array.from(pager().querySelectorAll('li'))
        .map((item) => item.textContent?.trim() ?? '')
        .filter((text) => /^\d+$|^…$/.test(text));
    expect(pageNumbers()).toEqual(['1', '2', '3', '…', '12']);
    expect(within(pager()).getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager()).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('Showing 11 to 15 of 60 events')).toBeInTheDocument());
    expect(lastListParams(backend)?.get('page')).toBe('3');
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5', '…', '12']);

    await user.click(within(pager()).getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(screen.getByText('Showing 16 to 20 of 60 events')).toBeInTheDocument());
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5', '6', '…', '12']);

    await user.click(within(pager()).getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(pageNumbers()).toEqual(['1', '…', '4', '5', '6', '7', '8', '…', '12']));

    await user.click(within(pager()).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(screen.getByText('Showing 56 to 60 of 60 events')).toBeInTheDocument());
    expect(pageNumbers()).toEqual(['1', '…', '10', '11', '12']);
    expect(within(pager()).getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: /Previous/ }));
    await waitFor(() => expect(lastListParams(backend)?.get('page')).toBe('11'));
    await user.click(within(pager()).getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(screen.getByText('Showing 1 to 5 of 60 events')).toBeInTheDocument());
  });

  it('changes the page size (10 by default) and starts again at page 1', async () => {
    const { user, backend } = renderList(eventsBackend(makeAdminEvents(23)));
    await screen.findByText('Showing 1 to 10 of 23 events');
    const select = screen.getByLabelText('Events per page');
    expect(select).toHaveValue('10');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10', '20', '50']);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21 to 23 of 23 events');

    await user.selectOptions(select, '20');
    await screen.findByText('Showing 1 to 20 of 23 events');
    expect(lastListParams(backend)?.get('page_size')).toBe('20');
    expect(lastListParams(backend)?.get('page')).toBe('1');
    expect(bodyRows()).toHaveLength(20);
  });

  it('shows no pager when everything fits on one page', async () => {
    renderList();
    await screen.findByText('Showing 1 to 3 of 3 events');
    expect(screen.queryByRole('navigation', { name: 'Events pages' })).not.toBeInTheDocument();
  });

  it('shows the empty state with a hint naming the search or the status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = eventsBackend([makeAdminEvent({ id: 1, status: 'Published', title: 'Gala' })]);
    const { user } = renderList(backend, { user: { advanceTimers: vi.advanceTimersByTime } });
    await screen.findByRole('table', { name: 'Events' });

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(await screen.findByText('There are no Cancelled events yet.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'zebra');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('No Cancelled events match "zebra". Try another search or filter.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText('No events match "zebra". Try another search or clear it.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByRole('table', { name: 'Events' })).toBeInTheDocument();
  });

  it('says so when there are no events at all', async () => {
    renderList(eventsBackend([]));
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(await screen.findByText('No events have been created yet. Create the first one.')).toBeInTheDocument();
  });

  describe('change status', () => {
    it('picks any status starting at the current one; the row changes in place with a toast', async () => {
      const backend = eventsBackend(makeAdminEvents(3), { latency: 40 });
      const { user } = renderList(backend);
      await screen.findByRole('table', { name: 'Events' });
      // Event 02 is Published.
      await user.click(within(rowOf('Event 02')).getByRole('button', { name: 'Change status of Event 02' }));

      const dialog = screen.getByRole('dialog', { name: 'Change Event Status' });
      const radios = within(dialog).getAllByRole('radio');
      expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual([
        'Draft',
        'Published',
        'Completed',
        'Cancelled',
      ]);
      expect(within(dialog).getByRole('radio', { name: /Published/ })).toBeChecked();
      expect(within(dialog).getByRole('radio', { name: /Published/ })).toHaveFocus();

      await user.click(within(dialog).getByRole('radio', { name: /Cancelled/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));
      expect(within(dialog).getByRole('button', { name: 'Updating...' })).toBeDisabled();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(toasts()).toHaveTextContent('Event status changed to Cancelled successfully'));
      await waitFor(() => expect(within(rowOf('Event 02')).getByText('Cancelled')).toBeInTheDocument());
      const sent = backend.requests.find((item) => item.url.pathname.endsWith('/change-status/'));
      expect(sent?.body).toEqual({ status: 'Cancelled' });
      expect(sent?.url.searchParams.get('include_all')).toBe('true');
    });

    it('keeps the modal and toasts the server error when the change fails', async () => {
      const { user } = renderList();
      await screen.findByRole('table', { name: 'Events' });
      server.use(
        eventsFailure('post', 'status', 400, {
          detail: 'Status must be one of Draft, Published, Completed or Cancelled.',
          code: 'validation_error',
        }),
      );
      await user.click(within(rowOf('Event 01')).getByRole('button', { name: 'Change status of Event 01' }));
      const dialog = screen.getByRole('dialog', { name: 'Change Event Status' });
      await user.click(within(dialog).getByRole('radio', { name: /Completed/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Update Status' }));

      await waitFor(() =>
        expect(toasts()).toHaveTextContent(
          'Failed to update event status: Status must be one of Draft, Published, Completed or Cancelled.',
        ),
      );
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(within(rowOf('Event 01')).getByText('Draft')).toBeInTheDocument();

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('delete', () => {
    it('asks first, says Deleting..., then removes the row with a toast', async () => {
      // The DELETE answers after a second: long enough, on a busy machine, to see "Deleting..." first.
      const backend = eventsBackend(makeAdminEvents(3), { latency: 1000 });
      const { user } = renderList(backend);
      await screen.findByRole('table', { name: 'Events' });
      await user.click(within(rowOf('Event 03')).getByRole('button', { name: 'Delete Event 03' }));

      const dialog = screen.getByRole('dialog', { name: 'Delete Event' });
      expect(dialog).toHaveAccessibleDescription(
        'Are you sure you want to delete "Event 03"? This action cannot be undone. ' +
          'Nobody is e-mailed. To tell the registrants, change the status to Cancelled instead.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.requests.some((item) => item.method === 'DELETE')).toBe(false);

      await user.click(within(rowOf('Event 03')).getByRole('button', { name: 'Delete Event 03' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Deleting...' })).toBeDisabled();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(toasts()).toHaveTextContent('Event "Event 03" was deleted successfully'));
      await waitFor(() => expect(screen.queryByText('Event 03')).not.toBeInTheDocument());
      expect(await screen.findByText('Showing 1 to 2 of 2 events')).toBeInTheDocument();
      expect(bodyRows()).toHaveLength(2);
    });

    it('shows the page message and a toast when the delete fails', async () => {
      const { user } = renderList();
      await screen.findByRole('table', { name: 'Events' });
      server.use(eventsFailure('delete', 'item', 403, { error: 'You cannot delete this event.' }));
      await user.click(within(rowOf('Event 01')).getByRole('button', { name: 'Delete Event 01' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

      await waitFor(() =>
        expect(toasts()).toHaveTextContent('Failed to delete event: You cannot delete this event.'),
      );
      // The toast is a store update and can show a render before the page's own message.
      expect(await screen.findByText('Failed to delete event. Please try again.')).toBeInTheDocument();
      expect(rowOf('Event 01')).toBeInTheDocument();
    });
  });

  describe('loading and refreshing', () => {
    it('shows the error banner and toast, then Try Again loads with a success toast', async () => {
      server.use(eventsFailure('get', 'list', 500, { detail: 'Database unavailable.', code: 'server_error' }));
      const backend = eventsBackend();
      const { user } = renderWithProviders(
        <>
          <EventsAdminPage />
          <ToastRegion />
        </>,
        { route: '/dashboard/events' },
      );
      expect(await screen.findByText('Failed to load events. Please try again.')).toBeInTheDocument();
      // The toast comes from an effect after the banner's render.
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to load events: Database unavailable.'));
      expect(screen.queryByRole('table')).not.toBeInTheDocument();

      server.resetHandlers(...backend.handlers);
      await user.click(screen.getByRole('button', { name: 'Try Again' }));
      await screen.findByRole('table', { name: 'Events' });
      await waitFor(() => expect(toasts()).toHaveTextContent('Events loaded successfully'));
      await waitFor(() => expect(screen.queryByText('Failed to load events. Please try again.')).not.toBeInTheDocument());
    });

    it('says Unknown error when the failure has no message', async () => {
      server.use(eventsFailure('get', 'list', 502, {}));
      renderWithProviders(
        <>
          <EventsAdminPage />
          <ToastRegion />
        </>,
      );
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to load events: Unknown error'));
    });

    it('shows Refreshing events... on a manual refresh, then a success toast', async () => {
      // Long enough that the click's own steps end before the answer on a busy machine (at 40 ms
      // the refresh was over before the first look, once, in a full run).
      const backend = eventsBackend(makeAdminEvents(3), { latency: 600 });
      const { user } = renderList(backend);
      await screen.findByRole('table', { name: 'Events' }, { timeout: 3000 });
      const calls = backend.listRequests().length;

      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(screen.getByText('Refreshing events...')).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Events' })).toBeInTheDocument();
      await waitFor(() => expect(toasts()).toHaveTextContent('Events loaded successfully'), { timeout: 3000 });
      // The page clears its own state after the toast (a store update) has shown.
      await waitFor(() => expect(screen.queryByText('Refreshing events...')).not.toBeInTheDocument());
      expect(backend.listRequests()).toHaveLength(calls + 1);
    });

    it('toasts a failed manual refresh and keeps the rows', async () => {
      const { user } = renderList();
      await screen.findByRole('table', { name: 'Events' });
      server.use(eventsFailure('get', 'list', 'network'));
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(toasts()).toHaveTextContent(/Failed to load events: /));
      expect(await screen.findByText('Failed to load events. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('table', { name: 'Events' })).toBeInTheDocument();
    });

    it('reloads every 30 s in the background with no loader and no toast, even when it fails', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const backend = eventsBackend();
      renderList(backend);
      await screen.findByRole('table', { name: 'Events' });
      const calls = backend.listRequests().length;
      backend.events.push(makeAdminEvent({ id: 99, title: 'Added elsewhere', created_at: '2030-01-01T00:00:00Z' }));

      await act(() => vi.advanceTimersByTimeAsync(EVENTS_POLLING_INTERVAL - 1000));
      expect(backend.listRequests()).toHaveLength(calls);
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
      expect(await screen.findByText('Added elsewhere')).toBeInTheDocument();
      expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
      expect(screen.queryByText('Refreshing events...')).not.toBeInTheDocument();
      expect(toasts()).not.toHaveTextContent(/./);

      // A failing background reload stays silent and keeps the rows.
      server.use(eventsFailure('get', 'list', 500));
      await act(() => vi.advanceTimersByTimeAsync(EVENTS_POLLING_INTERVAL));
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(toasts()).not.toHaveTextContent(/./);
      expect(screen.queryByText('Failed to load events. Please try again.')).not.toBeInTheDocument();
      expect(screen.getByText('Added elsewhere')).toBeInTheDocument();
    });
  });
});
