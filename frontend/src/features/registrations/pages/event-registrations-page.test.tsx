import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import {
  makeEvent,
  makeRegistration,
  makeRegistrations,
  makeWaitlistEntry,
  registrationsBackend,
  registrationsFailure,
} from '../admin/mocks/handlers';
import { EventRegistrationsPage, REGISTRATIONS_POLLING_INTERVAL } from './event-registrations-page';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

type Backend = ReturnType<typeof registrationsBackend>;

function renderPage(
  backend: Backend = registrationsBackend(),
  options: Parameters<typeof renderWithProviders>[1] = {},
  failures: Parameters<typeof server.use> = [],
) {
  server.use(...backend.handlers);
  // Later handlers come first: a failure overrides the backend's answer.
  server.use(...failures);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/registrations/:eventId" element={<EventRegistrationsPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
      <ToastRegion />
    </>,
    { route: '/dashboard/registrations/3', ...options },
  );
  return { ...view, backend };
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const table = () => screen.getByRole('table', { name: 'Registrations' });
const findTable = () => screen.findByRole('table', { name: 'Registrations' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (name: string) => {
  const row = bodyRows().find((item) => within(item).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
/** The figure of a counter, read as a screen reader pairs it: the term and its definition. */
const counter = (term: string) => {
  const counters = screen.getByRole('region', { name: 'Registration counts' });
  return within(counters).getByText(term).nextElementSibling?.textContent;
};
const lastListParams = (backend: Backend) => backend.listRequests().at(-1)?.url.searchParams;

/** Event 3 (50 seats): Jane pending, Amos approved, Rita rejected. */
function deskBackend(overrides: Parameters<typeof registrationsBackend>[0] = {}) {
  return registrationsBackend({
    events: [makeEvent({ id: 3, title: 'Pan-African Interpreters Conference', maximum_attendees: 50 })],
    registrations: [
      makeRegistration({
        id: 1,
        full_name: 'Jane Doe',
        email: 'jane@example.org',
        phone: '+250788123456',
        payment_reference: 'K7MQ4X',
        registration_date: '2026-11-02T10:15:00Z',
        needs_interpreter: true,
        disability: 'Hearing Impairment',
        disability_details: 'Uses Rwandan Sign Language',
      }),
      makeRegistration({
        id: 2,
        full_name: 'Amos Approved',
        email: 'amos@example.org',
        phone: '+250788000002',
        payment_reference: 'AAAA22',
        registration_date: '2026-11-01T09:00:00Z',
        registration_status: 'Approved',
        transaction_id: 'MP-1001',
        payment_method: 'Bank Transfer',
        payment_notes: 'Paid at the branch',
        decided_by: 'Portal Admin',
        decided_at: '2026-11-04T12:00:00Z',
      }),
      makeRegistration({
        id: 3,
        full_name: 'Rita Rejected',
        email: 'rita@example.org',
        phone: '+250788000003',
        payment_reference: 'RRRR33',
        registration_date: '2026-10-30T09:00:00Z',
        registration_status: 'Rejected',
        transaction_id: 'MP-0999',
        payment_method: 'Mobile Money',
      }),
    ],
    ...overrides,
  });
}

describe('Registrations of one event', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the event, its four counters and the rows with contact, date, status and reference', async () => {
    const backend = deskBackend();
    const { user } = renderPage(backend);
    expect(screen.getByText('Loading registrations...')).toBeInTheDocument();

    await findTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Pan-African Interpreters Conference' })).toBeInTheDocument();
    expect(screen.getByText(/Mar 10, 2027 at 8:30 AM/)).toBeInTheDocument();
    expect(counter('Total Registrations')).toBe('3');
    expect(counter('Pending Approval')).toBe('1');
    expect(counter('Approved')).toBe('1');
    expect(counter('Available Seats')).toBe('49 of 50 seats');

    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Contact Info',
      'Registration Date',
      'Status',
      'Actions',
    ]);
    const jane = rowOf('Jane Doe');
    expect(within(jane).getByText('Reference K7MQ4X')).toBeInTheDocument();
    expect(within(jane).getByRole('link', { name: 'jane@example.org' })).toHaveAttribute('href', 'mailto:jane@example.org');
    expect(within(jane).getByRole('link', { name: '+250788123456' })).toHaveAttribute('href', 'tel:+250788123456');
    expect(within(jane).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(jane).getByText('Pending')).toHaveClass('registration-badge--pending');
    expect(within(jane).getByText('Needs an interpreter')).toBeInTheDocument();

    const params = lastListParams(backend);
    expect(params?.get('page')).toBe('1');
    expect(params?.get('page_size')).toBe('20');
    expect(params?.has('search')).toBe(false);
    expect(params?.has('status')).toBe(false);

    await user.click(screen.getByRole('link', { name: /Back to All Events/ }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/registrations');
  });

  it("shows 'Unlimited' seats when the event has no maximum", async () => {
    renderPage(deskBackend({ events: [makeEvent({ id: 3, maximum_attendees: null })] }));
    await findTable();
    expect(counter('Available Seats')).toBe('Unlimited');
  });

  it('says No registrations found in the table when there are none', async () => {
    renderPage(registrationsBackend({ registrations: [] }));
    await findTable();
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('No registrations found');
    expect(counter('Total Registrations')).toBe('0');
    expect(screen.queryByRole('navigation', { name: 'Registration pages' })).not.toBeInTheDocument();
  });

  it('offers Approve and Reject while Pending, else the one change to the other status', async () => {
    renderPage(deskBackend());
    await findTable();
    const names = (name: string) => within(rowOf(name)).getAllByRole('button').map((button) => button.textContent);
    expect(names('Jane Doe')).toEqual(['Approve', 'Reject']);
    expect(names('Amos Approved')).toEqual(['Change to Rejected']);
    expect(names('Rita Rejected')).toEqual(['Change to Approved']);
    expect(screen.getByRole('button', { name: 'Approve Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Rejected for Amos Approved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Approved for Rita Rejected' })).toBeInTheDocument();
  });

  it('shows how many need an interpreter and the declared disabilities', async () => {
    renderPage(
      registrationsBackend({
        registrations: [
          ...makeRegistrations(2, 3, 1).map((row) => ({ ...row, needs_interpreter: true, disability: 'Hearing Impairment' })),
          makeRegistration({ id: 5, email: 'o@example.org', disability: 'Other', disability_details: 'Wheelchair user' }),
          // A rejected registration needs nothing at the event.
          makeRegistration({ id: 6, email: 'r@example.org', needs_interpreter: true, registration_status: 'Rejected' }),
        ],
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Access needs' });
    expect(within(panel).getByText('2 registrants need an interpreter')).toBeInTheDocument();
    const list = within(panel).getByRole('list', { name: 'Declared disabilities' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Hearing Impairment: 2',
      'Other: 1',
    ]);
  });

  it('says when no registrant needs an interpreter', async () => {
    renderPage(registrationsBackend({ registrations: [makeRegistration()] }));
    const panel = await screen.findByRole('region', { name: 'Access needs' });
    expect(within(panel).getByText('No registrants need an interpreter')).toBeInTheDocument();
    expect(within(panel).getByText('No disabilities declared.')).toBeInTheDocument();
  });

  describe('approve and reject', () => {
    it('approves with the payment: details shown, the row and the counters change, a toast', async () => {
      const backend = deskBackend({ latency: 30 });
      const { user } = renderPage(backend);
      await findTable();
      const listCalls = backend.listRequests().length;
      await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));

      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      expect(dialog).toHaveAccessibleDescription('Record the payment of Jane Doe to confirm their seat.');
      for (const text of [
        'jane@example.org',
        '+250788123456',
        'Kinyarwanda',
        'K7MQ4X',
        'Hearing Impairment: Uses Rwandan Sign Language',
        'Yes',
      ]) {
        expect(within(dialog).getByText(text)).toBeInTheDocument();
      }
      expect(within(dialog).getByText(/^Nov 2, 2026 at /)).toBeInTheDocument();
      expect(within(dialog).getByText('Pending')).toBeInTheDocument();
      expect(within(dialog).queryByText(/Decided by/)).not.toBeInTheDocument();

      const transaction = within(dialog).getByLabelText('Transaction ID');
      expect(transaction).toHaveFocus();
      expect(transaction).toHaveValue('');
      expect(within(dialog).getByLabelText('Payment method')).toHaveValue('Mobile Money');
      expect(within(dialog).getByLabelText('Notes')).toHaveValue('');

      await user.type(transaction, '  MP240501  ');
      await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'Bank Transfer');
      await user.type(within(dialog).getByLabelText('Notes'), 'Paid by her employer');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(within(dialog).getByRole('button', { name: 'Saving...' })).toBeDisabled();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(toasts()).toHaveTextContent('Registration approved successfully'));
      expect(backend.updateRequests()[0]?.url.pathname).toBe('/api/management/registrations/1/update-status/');
      expect(backend.updateRequests()[0]?.body).toEqual({
        registration_status: 'Approved',
        transaction_id: 'MP240501',
        payment_method: 'Bank Transfer',
        payment_notes: 'Paid by her employer',
      });

      // In place: the row's status and action, and SPEC §4's counters, without reloading the list.
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Approved')).toBeInTheDocument());
      expect(within(rowOf('Jane Doe')).getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Change to Rejected',
      ]);
      expect(counter('Approved')).toBe('2');
      expect(counter('Pending Approval')).toBe('0');
      expect(counter('Available Seats')).toBe('48 of 50 seats');
      expect(counter('Total Registrations')).toBe('3');
      expect(backend.listRequests()).toHaveLength(listCalls);
      // The focus is not lost with the button that opened the dialog.
      await waitFor(() => expect(screen.getByRole('button', { name: 'Change to Rejected for Jane Doe' })).toHaveFocus());
    });

    it('checks the form first: SPEC texts on the fields, a toast, the focus on the first one', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      await user.type(within(dialog).getByLabelText('Transaction ID'), '   ');
      await user.selectOptions(within(dialog).getByLabelText('Payment method'), '');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

      const transaction = within(dialog).getByLabelText('Transaction ID');
      const method = within(dialog).getByLabelText('Payment method');
      expect(transaction).toHaveAttribute('aria-invalid', 'true');
      expect(transaction).toHaveAccessibleDescription(expect.stringContaining('Transaction ID is required'));
      expect(method).toHaveAttribute('aria-invalid', 'true');
      expect(method).toHaveAccessibleDescription('Payment method is required');
      await waitFor(() => expect(transaction).toHaveFocus());
      await waitFor(() => expect(toasts()).toHaveTextContent('Please fill in all required fields'));
      expect(backend.updateRequests()).toHaveLength(0);

      // Fixing a field clears its message.
      await user.selectOptions(method, 'Mobile Money');
      expect(method).not.toHaveAttribute('aria-invalid');
      expect(within(dialog).queryByText('Payment method is required')).not.toBeInTheDocument();
    });

    it('rejects with the payment pre-filled; the counters stay as they were (SPEC §4)', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Change to Rejected for Amos Approved' }));

      const dialog = screen.getByRole('dialog', { name: 'Reject Registration' });
      expect(within(dialog).getByText(/^Decided by Portal Admin on Nov 4, 2026 at /)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Transaction ID')).toHaveValue('MP-1001');
      expect(within(dialog).getByLabelText('Payment method')).toHaveValue('Bank Transfer');
      expect(within(dialog).getByLabelText('Notes')).toHaveValue('Paid at the branch');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Registration rejected successfully'));
      await waitFor(() => expect(within(rowOf('Amos Approved')).getByText('Rejected')).toBeInTheDocument());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(rowOf('Amos Approved')).getByRole('button').textContent).toBe('Change to Approved');
      expect(backend.updateRequests()[0]?.body).toMatchObject({ registration_status: 'Rejected', transaction_id: 'MP-1001' });
      // The server now counts no approved registration; the screen keeps its figures until the next poll.
      expect(counter('Approved')).toBe('1');
      expect(counter('Pending Approval')).toBe('1');
      expect(counter('Available Seats')).toBe('49 of 50 seats');
    });

    it('shows a duplicate transaction ID on its field, with the failure toast', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      // Already recorded on Amos's registration (compared without case).
      await user.type(within(dialog).getByLabelText('Transaction ID'), 'mp-1001');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

      const transaction = within(dialog).getByLabelText('Transaction ID');
      await waitFor(() =>
        expect(transaction).toHaveAccessibleDescription(
          expect.stringContaining('This transaction ID is already recorded for another registration.'),
        ),
      );
      expect(transaction).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(transaction).toHaveFocus());
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update registration status'));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
      expect(counter('Approved')).toBe('1');
    });

    it('toasts a failure, keeps the dialog, and Escape closes it with the focus back on the row', async () => {
      const { user } = renderPage(deskBackend());
      await findTable();
      server.use(registrationsFailure('post', 'update', 'network'));
      const opener = screen.getByRole('button', { name: 'Reject Jane Doe' });
      await user.click(opener);
      const dialog = screen.getByRole('dialog', { name: 'Reject Registration' });
      await user.type(within(dialog).getByLabelText('Transaction ID'), 'MP-77');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update registration status'));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update registration status');
      expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
      // The focus stays in the dialog (on its first field), not on the page behind it.
      await waitFor(() => expect(within(dialog).getByLabelText('Transaction ID')).toHaveFocus());

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    });

    it("shows the server's reason when a change is refused (the event is full)", async () => {
      const backend = deskBackend({
        events: [makeEvent({ id: 3, maximum_attendees: 1 })],
      });
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Change to Approved for Rita Rejected' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      expect(within(dialog).getByLabelText('Transaction ID')).toHaveValue('MP-0999');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

      expect(await within(dialog).findByText(/reached its maximum capacity/)).toBeInTheDocument();
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update registration status'));
      expect(within(rowOf('Rita Rejected')).getByText('Rejected')).toBeInTheDocument();
    });
  });

  describe('search, filter and pages', () => {
    it('waits for typing to pause before searching on the server, and filters by status', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const backend = deskBackend();
      const { user } = renderPage(backend, { user: { advanceTimers: vi.advanceTimersByTime } });
      await findTable();
      const calls = backend.listRequests().length;

      await user.type(screen.getByRole('searchbox', { name: 'Search registrations' }), 'k7mq');
      // A clock that moves only when told while the debounce is measured (see events-admin-page.test.tsx).
      vi.setTimerTickMode('manual');
      await act(() => vi.advanceTimersByTimeAsync(250));
      expect(backend.listRequests()).toHaveLength(calls);
      await act(() => vi.advanceTimersByTimeAsync(60));
      vi.setTimerTickMode('interval');
      await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
      expect(lastListParams(backend)?.get('search')).toBe('k7mq');
      await waitFor(() => expect(bodyRows().map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual([
        expect.stringContaining('Jane Doe'),
      ]));

      await user.clear(screen.getByRole('searchbox', { name: 'Search registrations' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
      await act(() => vi.advanceTimersByTimeAsync(300));
      await waitFor(() => expect(lastListParams(backend)?.get('status')).toBe('Approved'));
      await waitFor(() => expect(lastListParams(backend)?.has('search')).toBe(false));
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(rowOf('Amos Approved')).toBeInTheDocument();
    });

    it('pages twenty registrations at a time; a new filter starts at page 1', async () => {
      const backend = registrationsBackend({ registrations: makeRegistrations(25) });
      const { user } = renderPage(backend);
      expect(await screen.findByText('Showing 1 to 20 of 25 registrations')).toBeInTheDocument();
      expect(bodyRows()).toHaveLength(20);
      await user.click(within(screen.getByRole('navigation', { name: 'Registration pages' })).getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByText('Showing 21 to 25 of 25 registrations')).toBeInTheDocument();
      expect(lastListParams(backend)?.get('page')).toBe('2');

      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
      await waitFor(() => expect(lastListParams(backend)?.get('status')).toBe('Pending'));
      expect(lastListParams(backend)?.get('page')).toBe('1');
      expect(await screen.findByText('Showing 1 to 20 of 25 registrations')).toBeInTheDocument();
    });
  });

  describe('export', () => {
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];

    beforeEach(() => {
      saved.length = 0;
      blobs.length = 0;
      // jsdom has no object URLs and no downloads: record what the page hands the browser.
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:registrations';
        },
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('downloads the CSV of the current filter with the bearer token, under the server name', async () => {
      storeTestSession();
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Approved');
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'blob:registrations', download: 'registrations-3.csv' }]));
      const request = backend.exportRequests()[0];
      expect(request?.authorization).toBe('Bearer access-1');
      expect(request?.url.searchParams.get('status')).toBe('Approved');
      const [file] = blobs;
      if (!file) throw new Error('No file was saved');
      expect(file.type).toBe('text/csv;charset=utf-8');
      // The byte-order mark that the server sent (and reading the answer as text dropped) is back.
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = await file.text();
      expect(text).toContain('Amos Approved');
      expect(text).not.toContain('Jane Doe');
    });

    it('toasts a failed export', async () => {
      const { user } = renderPage(deskBackend());
      await findTable();
      server.use(registrationsFailure('get', 'export', 500));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to export registrations'));
      expect(saved).toEqual([]);
    });
  });

  describe('waiting list', () => {
    it('lists the entries with position, contact, status and the offer times', async () => {
      const backend = deskBackend({
        waitlists: {
          3: [
            makeWaitlistEntry({
              id: 1,
              full_name: 'Olive Offered',
              email: 'olive@example.org',
              status: 'offered',
              position: null,
              offered_at: '2026-11-05T12:00:00Z',
              offer_expires_at: '2026-11-07T12:00:00Z',
            }),
            makeWaitlistEntry({ id: 2, full_name: 'Wanda Waiting', email: 'wanda@example.org', position: 1 }),
          ],
        },
      });
      renderPage(backend);
      const section = await screen.findByRole('region', { name: 'Waiting list' });
      const waitlist = await within(section).findByRole('table', { name: 'Waiting list' });
      expect(within(section).getByText('1 person is waiting for a seat.')).toBeInTheDocument();
      const [olive, wanda, ...others] = within(waitlist).getAllByRole('row').slice(1);
      if (!olive || !wanda) throw new Error('The waiting list has fewer than two rows');
      expect(others).toEqual([]);
      expect(within(olive).getByText('Olive Offered')).toBeInTheDocument();
      expect(within(olive).getByText('Offered')).toBeInTheDocument();
      expect(within(olive).getAllByRole('cell')[0]).toHaveTextContent('—');
      expect(within(olive).getByText(/^Nov 5, 2026 at /)).toBeInTheDocument();
      expect(within(olive).getByText(/^Nov 7, 2026 at /)).toBeInTheDocument();
      expect(within(olive).getByRole('link', { name: 'olive@example.org' })).toBeInTheDocument();
      expect(within(wanda).getAllByRole('cell')[0]).toHaveTextContent('1');
      expect(within(wanda).getByText('Waiting')).toBeInTheDocument();
      expect(backend.waitlistRequests()[0]?.url.pathname).toBe('/api/management/events/3/waitlist/');
    });

    it('says when nobody is waiting', async () => {
      renderPage(deskBackend());
      const section = await screen.findByRole('region', { name: 'Waiting list' });
      expect(await within(section).findByText('Nobody has joined the waiting list.')).toBeInTheDocument();
    });
  });

  it('picks up new registrations every 30 s, with no loader', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = deskBackend();
    renderPage(backend);
    await findTable();
    const calls = backend.listRequests().length;
    backend.registrations.push(
      makeRegistration({ id: 9, full_name: 'Newcomer Nadia', email: 'nadia@example.org', registration_date: '2026-11-06T08:00:00Z' }),
    );

    await act(() => vi.advanceTimersByTimeAsync(REGISTRATIONS_POLLING_INTERVAL - 1000));
    expect(backend.listRequests()).toHaveLength(calls);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
    expect(await screen.findByText('Newcomer Nadia')).toBeInTheDocument();
    expect(counter('Total Registrations')).toBe('4');
    expect(counter('Pending Approval')).toBe('2');
    expect(screen.queryByText('Loading registrations...')).not.toBeInTheDocument();
    expect(table()).not.toHaveAttribute('aria-busy', 'true');
  });

  it('says the registrations failed to load, with a Back to Events button', async () => {
    const { user } = renderPage(registrationsBackend(), {}, [
      registrationsFailure('get', 'list', 500),
      registrationsFailure('get', 'waitlist', 500),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load event registrations');
    expect(screen.getByRole('heading', { level: 1, name: 'Event Registrations' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Back to Events' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/registrations');
  });

  it('says so for an event that does not exist', async () => {
    renderPage(registrationsBackend({ events: [makeEvent({ id: 4 })] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load event registrations');
  });

  it('has no axe violations, on the page and in the dialog with errors shown', async () => {
    // Colour contrast needs a layout, which jsdom has not; axe's icon-font check needs a canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };
    const { user } = renderPage(
      deskBackend({ waitlists: { 3: [makeWaitlistEntry()] } }),
    );
    await findTable();
    await screen.findByRole('table', { name: 'Waiting list' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));
    await user.clear(screen.getByLabelText('Transaction ID'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Transaction ID is required');
    expect((await axe.run(document.body, options)).violations).toEqual([]);
  });

  it('is the page of /dashboard/registrations/:eventId, loaded with its texts', async () => {
    storeTestSession();
    const backend = deskBackend();
    server.use(...backend.handlers);
    renderRoute('/dashboard/registrations/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pan-African Interpreters Conference' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve Jane Doe' })).toBeInTheDocument();
    expect(backend.listRequests()[0]?.url.pathname).toBe('/api/management/events/3/registrations/');
  });
});
