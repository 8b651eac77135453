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
  const figure = within(counters).getByText(term).nextElementSibling;
  // The total's note says what it counts; the figure is read without it.
  return term === 'Total Registrations'
    ? figure?.querySelector('.registration-counters__value')?.textContent
    : figure?.textContent;
};
const lastListParams = (backend: Backend) => backend.listRequests().at(-1)?.url.searchParams;

/** A promise the test settles when it has seen what happens meanwhile. */
function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

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
    // The seats held: Jane's (pending) and Amos's; Rita's rejection is counted apart.
    expect(counter('Total Registrations')).toBe('2');
    expect(within(screen.getByRole('region', { name: 'Registration counts' })).getByText(/Pending and approved registrations/)).toBeInTheDocument();
    expect(counter('Pending Approval')).toBe('1');
    expect(counter('Approved')).toBe('1');
    expect(counter('Available Seats')).toBe('49 of 50 seats');
    expect(counter('Rejected')).toBe('1');
    expect(counter('Expired')).toBe('0');
    expect(counter('Cancelled')).toBe('0');

    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Select',
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
    expect(within(jane).getByText('Pending')).toHaveClass('status-badge--warn');
    expect(within(jane).getByText('Needs an interpreter')).toBeInTheDocument();
    expect(within(jane).getByText('E-mail confirmed')).toBeInTheDocument();

    const params = lastListParams(backend);
    expect(params?.get('page')).toBe('1');
    expect(params?.get('page_size')).toBe('20');
    expect(params?.has('search')).toBe(false);
    expect(params?.has('status')).toBe(false);

    await user.click(screen.getByRole('link', { name: /Back to All Events/ }));
    expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/registrations');
  });

  it('shows how many were checked in at the door against the confirmed seats, and each row its check-in time', async () => {
    const backend = deskBackend({
      registrations: [
        makeRegistration({ id: 1, full_name: 'Jane Doe', registration_status: 'Approved', checked_in_at: '2027-03-10T07:14:00Z' }),
        makeRegistration({ id: 2, full_name: 'Amos Approved', email: 'amos@example.org', registration_status: 'Approved' }),
        makeRegistration({ id: 3, full_name: 'Paul Pending', email: 'paul@example.org' }),
      ],
    });
    renderPage(backend);
    await findTable();
    expect(counter('Checked In')).toBe('1 of 2 confirmed');
    // In the browser's time (UTC here).
    expect(within(rowOf('Jane Doe')).getByText('Checked in Mar 10, 2027 at 7:14 AM')).toBeInTheDocument();
    expect(within(rowOf('Amos Approved')).queryByText(/^Checked in/)).not.toBeInTheDocument();
    expect(within(rowOf('Paul Pending')).queryByText(/^Checked in/)).not.toBeInTheDocument();
  });

  it('shows on each row which reminders before the event went out, and when', async () => {
    const backend = deskBackend({
      registrations: [
        makeRegistration({
          id: 1,
          full_name: 'Jane Doe',
          registration_status: 'Approved',
          event_reminders: [
            { kind: '7_days', sent_at: '2027-03-03T08:00:00Z' },
            { kind: '1_day', sent_at: '2027-03-09T08:10:00Z' },
          ],
        }),
        makeRegistration({ id: 2, full_name: 'Amos Approved', email: 'amos@example.org', registration_status: 'Approved' }),
      ],
    });
    renderPage(backend);
    await findTable();
    const jane = within(rowOf('Jane Doe'));
    expect(jane.getByText('Reminder 7 days before sent Mar 3, 2027 at 8:00 AM')).toBeInTheDocument();
    expect(jane.getByText('Reminder 1 day before sent Mar 9, 2027 at 8:10 AM')).toBeInTheDocument();
    expect(within(rowOf('Amos Approved')).queryByText(/^Reminder/)).not.toBeInTheDocument();
  });

  it('picks up check-ins made at the door on the next poll, with no loader', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = deskBackend();
    renderPage(backend);
    await findTable();
    expect(counter('Checked In')).toBe('0 of 1 confirmed');
    const amos = backend.registrations.find((row) => row.id === 2);
    if (!amos) throw new Error('No Amos');
    amos.checked_in_at = '2027-03-10T06:58:00Z'; // scanned at the door meanwhile

    await act(() => vi.advanceTimersByTimeAsync(REGISTRATIONS_POLLING_INTERVAL));
    await waitFor(() => expect(counter('Checked In')).toBe('1 of 1 confirmed'));
    expect(within(rowOf('Amos Approved')).getByText('Checked in Mar 10, 2027 at 6:58 AM')).toBeInTheDocument();
    expect(screen.queryByText('Loading registrations...')).not.toBeInTheDocument();
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

  it('offers Approve, Reject and Cancel while Pending, Change to Rejected and Cancel once Approved, else Change to Approved; Erase on every row', async () => {
    renderPage(
      deskBackend({
        registrations: [
          ...deskBackend().registrations,
          makeRegistration({ id: 4, full_name: 'Eve Expired', email: 'eve@example.org', registration_status: 'Expired', ended_reason: 'unconfirmed' }),
          makeRegistration({ id: 5, full_name: 'Carl Cancelled', email: 'carl@example.org', registration_status: 'Cancelled' }),
        ],
      }),
    );
    await findTable();
    const names = (name: string) => within(rowOf(name)).getAllByRole('button').map((button) => button.textContent);
    expect(names('Jane Doe')).toEqual(['Approve', 'Reject', 'Cancel', 'Erase']);
    expect(names('Amos Approved')).toEqual(['Change to Rejected', 'Cancel', 'Erase']);
    expect(names('Rita Rejected')).toEqual(['Change to Approved', 'Erase']);
    expect(names('Eve Expired')).toEqual(['Change to Approved', 'Erase']);
    expect(names('Carl Cancelled')).toEqual(['Change to Approved', 'Erase']);
    for (const name of ['Jane Doe', 'Amos Approved', 'Rita Rejected', 'Eve Expired', 'Carl Cancelled']) {
      expect(within(rowOf(name)).getByRole('button', { name: `Erase the registration of ${name}` })).toHaveAttribute('aria-haspopup', 'dialog');
    }
    expect(screen.getByRole('button', { name: 'Approve Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the registration of Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Rejected for Amos Approved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the registration of Amos Approved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Approved for Rita Rejected' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change to Approved for Eve Expired' })).toBeInTheDocument();
    // Only registrations that hold a seat can be selected for a bulk rejection or cancellation.
    expect(within(rowOf('Jane Doe')).getByRole('checkbox', { name: 'Select Jane Doe' })).not.toBeChecked();
    expect(within(rowOf('Amos Approved')).getByRole('checkbox', { name: 'Select Amos Approved' })).toBeInTheDocument();
    for (const name of ['Rita Rejected', 'Eve Expired', 'Carl Cancelled']) {
      expect(within(rowOf(name)).queryByRole('checkbox')).not.toBeInTheDocument();
    }
  });

  it('shows whether each address is confirmed, until when an unconfirmed seat is held, and why a registration ended', async () => {
    const backend = registrationsBackend({
      registrations: [
        makeRegistration({ id: 1, full_name: 'Hana Holding', email: 'hana@example.org', email_confirmed: false, email_confirmed_at: null, hold_expires_at: '2099-05-01T10:30:00Z' }),
        makeRegistration({ id: 2, full_name: 'Nico Notsent', email: 'nico@example.org', email_confirmed: false, email_confirmed_at: null, hold_expires_at: null }),
        makeRegistration({ id: 3, full_name: 'Lapsed Lea', email: 'lea@example.org', email_confirmed: false, email_confirmed_at: null, hold_expires_at: '2026-11-02T10:45:00Z' }),
        makeRegistration({ id: 4, full_name: 'Paul Paying', email: 'paul@example.org', payment_due_at: '2099-05-04T10:00:00Z' }),
        makeRegistration({ id: 5, full_name: 'Eve Expired', email: 'eve@example.org', email_confirmed: false, email_confirmed_at: null, registration_status: 'Expired', ended_reason: 'unconfirmed' }),
        makeRegistration({ id: 6, full_name: 'Una Unpaid', email: 'una@example.org', registration_status: 'Expired', ended_reason: 'payment_deadline' }),
        makeRegistration({ id: 7, full_name: 'Carl Cancelled', email: 'carl@example.org', registration_status: 'Cancelled', status_reason: 'The event moved to a smaller room.' }),
      ],
    });
    renderPage(backend);
    await findTable();
    const statusOf = (name: string) => within(rowOf(name)).getAllByRole('cell')[3]?.textContent;
    const contactOf = (name: string) => within(rowOf(name)).getAllByRole('cell')[1];

    expect(within(contactOf('Hana Holding') as HTMLElement).getByText('E-mail not confirmed')).toHaveClass('email-confirmation--no');
    expect(statusOf('Hana Holding')).toMatch(/^PendingSeat held until May 1, 2099 at /);
    expect(statusOf('Nico Notsent')).toBe('PendingConfirmation e-mail not sent yet');
    expect(statusOf('Lapsed Lea')).toMatch(/^PendingSeat released on Nov 2, 2026 at /);
    expect(within(contactOf('Paul Paying') as HTMLElement).getByText('E-mail confirmed')).toHaveClass('email-confirmation--yes');
    expect(statusOf('Paul Paying')).toMatch(/^PendingPayment due by May 4, 2099 at /);
    expect(statusOf('Eve Expired')).toBe('ExpiredNot confirmed in time');
    expect(within(rowOf('Eve Expired')).getByText('Expired')).toHaveClass('status-badge--quiet');
    expect(statusOf('Una Unpaid')).toBe('ExpiredNot paid by the deadline');
    expect(statusOf('Carl Cancelled')).toBe('CancelledReason: The event moved to a smaller room.');

    // Lea's hold has ended: her seat is free although the sweep has not marked her Expired yet.
    expect(counter('Total Registrations')).toBe('3');
    expect(counter('Pending Approval')).toBe('3');
    expect(counter('Expired')).toBe('2');
    expect(counter('Cancelled')).toBe('1');
    expect(counter('Rejected')).toBe('0');
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
      const { promise, release } = deferred();
      const backend = deskBackend({ hold: promise });
      const { user } = renderPage(backend);
      await findTable();
      const listCalls = backend.listRequests().length;
      await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));

      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      expect(dialog).toHaveAccessibleDescription('Record the payment of Jane Doe to confirm their seat.');
      // Opening the details reads them from the server, which records who opened them.
      await waitFor(() => expect(backend.detailRequests().map((item) => item.url.pathname)).toEqual(['/api/management/registrations/1/']));
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
      expect(within(dialog).getByText(/^Yes, on Nov 2, 2026 at /)).toBeInTheDocument();
      expect(within(dialog).queryByText(/Decided by/)).not.toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Reason')).not.toBeInTheDocument();

      const transaction = within(dialog).getByLabelText('Transaction ID');
      expect(transaction).toHaveFocus();
      expect(transaction).toHaveValue('');
      expect(within(dialog).getByLabelText('Payment method')).toHaveValue('Mobile Money');
      expect(within(dialog).getByLabelText('Notes')).toHaveValue('');

      await user.type(transaction, '  MP240501  ');
      await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'Bank Transfer');
      await user.type(within(dialog).getByLabelText('Notes'), 'Paid by her employer');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
      release();

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(toasts()).toHaveTextContent('Registration approved successfully'));
      expect(backend.updateRequests()[0]?.url.pathname).toBe('/api/management/registrations/1/update-status/');
      expect(backend.updateRequests()[0]?.body).toEqual({
        registration_status: 'Approved',
        transaction_id: 'MP240501',
        payment_method: 'Bank Transfer',
        payment_notes: 'Paid by her employer',
      });

      // The row shows the decision at once; the view is read again, so the counters are the server's.
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Approved')).toBeInTheDocument());
      expect(within(rowOf('Jane Doe')).getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Change to Rejected',
        'Cancel',
        'Erase',
      ]);
      await waitFor(() => expect(backend.listRequests()).toHaveLength(listCalls + 1));
      await waitFor(() => expect(counter('Approved')).toBe('2'));
      expect(counter('Pending Approval')).toBe('0');
      expect(counter('Available Seats')).toBe('48 of 50 seats');
      expect(counter('Total Registrations')).toBe('2');
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

    it('rejects without a transaction id, with a reason the person is told; the counters are read again', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Change to Rejected for Amos Approved' }));

      const dialog = screen.getByRole('dialog', { name: 'Reject Registration' });
      expect(dialog).toHaveAccessibleDescription('Reject the registration of Amos Approved. Their seat is freed.');
      expect(within(dialog).getByText(/^Decided by Portal Admin on Nov 4, 2026 at /)).toBeInTheDocument();
      // Only an approval records a payment.
      expect(within(dialog).queryByLabelText('Transaction ID')).not.toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Payment method')).not.toBeInTheDocument();
      const reason = within(dialog).getByLabelText('Reason');
      expect(reason).toHaveFocus();
      expect(reason).toHaveAccessibleDescription('Optional. Amos Approved is told this by e-mail.');
      expect(within(dialog).getByLabelText('Notes')).toHaveValue('Paid at the branch');
      expect(within(dialog).getByLabelText('Notes')).toHaveAccessibleDescription('Optional. Only staff see these notes.');
      await user.type(reason, '  The payment was refunded.  ');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Registration rejected successfully'));
      await waitFor(() => expect(within(rowOf('Amos Approved')).getByText('Rejected')).toBeInTheDocument());
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(rowOf('Amos Approved')).getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Change to Approved',
        'Erase',
      ]);
      expect(within(rowOf('Amos Approved')).getByText('Reason: The payment was refunded.')).toBeInTheDocument();
      expect(backend.updateRequests()[0]?.body).toEqual({
        registration_status: 'Rejected',
        reason: 'The payment was refunded.',
        payment_notes: 'Paid at the branch',
      });
      // The server's figures: Amos's seat is free again, and his rejection is counted apart.
      await waitFor(() => expect(counter('Approved')).toBe('0'));
      expect(counter('Pending Approval')).toBe('1');
      expect(counter('Available Seats')).toBe('50 of 50 seats');
      expect(counter('Rejected')).toBe('2');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Change to Approved for Amos Approved' })).toHaveFocus());
    });

    it('cancels with a reason: the third toast, the row and its reason, the counters', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Cancel the registration of Jane Doe' }));

      const dialog = screen.getByRole('dialog', { name: 'Cancel Registration' });
      expect(dialog).toHaveAccessibleDescription('Cancel the registration of Jane Doe. Their seat is freed.');
      expect(within(dialog).queryByLabelText('Transaction ID')).not.toBeInTheDocument();
      // The way out says "Go back", so that it cannot be taken for the cancellation itself.
      expect(within(dialog).getByRole('button', { name: 'Go back' })).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Reason'), 'She asked us to cancel.');
      await user.type(within(dialog).getByLabelText('Notes'), 'Phoned on Monday');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Registration' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Registration cancelled successfully'));
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Cancelled')).toHaveClass('status-badge--bad'));
      expect(within(rowOf('Jane Doe')).getByText('Reason: She asked us to cancel.')).toBeInTheDocument();
      expect(backend.updateRequests()[0]?.body).toEqual({
        registration_status: 'Cancelled',
        reason: 'She asked us to cancel.',
        payment_notes: 'Phoned on Monday',
      });
      await waitFor(() => expect(counter('Cancelled')).toBe('1'));
      expect(counter('Pending Approval')).toBe('0');
      expect(counter('Total Registrations')).toBe('1');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Change to Approved for Jane Doe' })).toHaveFocus());
    });

    it('says next to the reason when the person never confirmed their address and will not be told', async () => {
      const { user } = renderPage(
        registrationsBackend({
          registrations: [makeRegistration({ full_name: 'Quiet Quinn', email_confirmed: false, email_confirmed_at: null, hold_expires_at: '2099-01-01T00:00:00Z' })],
        }),
      );
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Reject Quiet Quinn' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject Registration' });
      expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
        'Optional. Quiet Quinn has not confirmed their e-mail address, so no e-mail is sent.',
      );
      const confirmed = within(dialog).getByText('E-mail confirmed').nextElementSibling;
      expect(confirmed).toHaveTextContent('No');
      expect(within(dialog).getByText(/^Seat held until Jan 1, 2099 at /)).toBeInTheDocument();
    });

    it('approves an expired registration again with the payment form, when a seat is free', async () => {
      const backend = deskBackend({
        registrations: [
          makeRegistration({ id: 4, full_name: 'Eve Expired', email: 'eve@example.org', registration_status: 'Expired', ended_reason: 'payment_deadline' }),
        ],
      });
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Change to Approved for Eve Expired' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      expect(within(dialog).getByText('Not paid by the deadline')).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Transaction ID'), 'MP-4444');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Registration approved successfully'));
      await waitFor(() => expect(within(rowOf('Eve Expired')).getByText('Approved')).toBeInTheDocument());
      expect(within(rowOf('Eve Expired')).queryByText('Not paid by the deadline')).not.toBeInTheDocument();
      await waitFor(() => expect(counter('Approved')).toBe('1'));
      expect(counter('Expired')).toBe('0');
    });

    it('shows a free seat as Approved (free), who cancelled, and approves a free seat again with no payment', async () => {
      const backend = deskBackend({
        events: [makeEvent({ id: 3, title: 'Deaf Culture Day', maximum_attendees: 50, price: null })],
        registrations: [
          makeRegistration({ id: 5, full_name: 'Fred Free', registration_status: 'Approved', free: true, payment_reference: null }),
          makeRegistration({
            id: 6,
            full_name: 'Carla Cancelled',
            email: 'carla@example.org',
            phone: '+250788000006',
            registration_status: 'Cancelled',
            ended_reason: 'by_registrant',
            free: true,
            payment_reference: null,
          }),
        ],
      });
      const { user } = renderPage(backend);
      await findTable();
      expect(within(rowOf('Fred Free')).getByText('Approved (free)')).toBeInTheDocument();
      expect(within(rowOf('Carla Cancelled')).getByText('Cancelled by the registrant')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Change to Approved for Carla Cancelled' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      expect(within(dialog).getByText('This event is free: there is no payment to record.')).toBeInTheDocument();
      expect(within(dialog).queryByLabelText('Transaction ID')).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Registration approved successfully'));
      await waitFor(() => expect(within(rowOf('Carla Cancelled')).getByText('Approved (free)')).toBeInTheDocument());
    });

    it("shows the server's refusal when the person holds another seat of the event", async () => {
      const { user } = renderPage(
        deskBackend({ registrations: [makeRegistration({ id: 4, full_name: 'Eve Expired', registration_status: 'Expired', ended_reason: 'unconfirmed' })] }),
        {},
        [
          registrationsFailure('post', 'update', 409, {
            detail: 'This email is already registered for this event.',
            code: 'duplicate_registration',
            fields: { email: 'This email is already registered for this event.' },
          }),
        ],
      );
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Change to Approved for Eve Expired' }));
      const dialog = screen.getByRole('dialog', { name: 'Approve Registration' });
      await user.type(within(dialog).getByLabelText('Transaction ID'), 'MP-5555');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('This email is already registered for this event.');
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update registration status'));
      await waitFor(() => expect(within(dialog).getByLabelText('Transaction ID')).toHaveFocus());
      expect(within(rowOf('Eve Expired')).getByText('Expired')).toBeInTheDocument();
    });

    it('moves the focus to the table when the decided row leaves a filtered view', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      await user.click(screen.getByRole('button', { name: 'Cancel the registration of Jane Doe' }));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Registration' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Registration cancelled successfully'));
      await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('No registrations found'));
      await waitFor(() => expect(table()).toHaveFocus());
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
      await user.type(within(dialog).getByLabelText('Reason'), 'Duplicate');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update registration status'));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update registration status');
      expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
      // The focus stays in the dialog (on its first field), not on the page behind it.
      await waitFor(() => expect(within(dialog).getByLabelText('Reason')).toHaveFocus());

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

    it('filters by the ended statuses too', async () => {
      const backend = deskBackend({
        registrations: [
          ...deskBackend().registrations,
          makeRegistration({ id: 4, full_name: 'Eve Expired', email: 'eve@example.org', registration_status: 'Expired', ended_reason: 'unconfirmed' }),
          makeRegistration({ id: 5, full_name: 'Carl Cancelled', email: 'carl@example.org', registration_status: 'Cancelled' }),
        ],
      });
      const { user } = renderPage(backend);
      await findTable();
      const filter = screen.getByRole('combobox', { name: 'Status' });
      expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'All statuses',
        'Pending',
        'Approved',
        'Rejected',
        'Expired',
        'Cancelled',
      ]);
      await user.selectOptions(filter, 'Expired');
      await waitFor(() => expect(lastListParams(backend)?.get('status')).toBe('Expired'));
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(rowOf('Eve Expired')).toHaveTextContent('Not confirmed in time');
      await user.selectOptions(filter, 'Cancelled');
      await waitFor(() => expect(lastListParams(backend)?.get('status')).toBe('Cancelled'));
      await waitFor(() => expect(rowOf('Carl Cancelled')).toBeInTheDocument());
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

    it("downloads the event's attendance (its check-ins) as CSV, whatever the filter", async () => {
      storeTestSession();
      const backend = deskBackend();
      const amos = backend.registrations.find((row) => row.id === 2);
      if (amos) amos.checked_in_at = '2027-03-10T06:58:00Z';
      const { user } = renderPage(backend);
      await findTable();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
      await user.click(screen.getByRole('button', { name: 'Export attendance (CSV)' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'blob:registrations', download: 'attendance-3.csv' }]));
      const request = backend.attendanceRequests()[0];
      expect(request?.authorization).toBe('Bearer access-1');
      expect([...(request?.url.searchParams.entries() ?? [])]).toEqual([['format', 'csv']]);
      const [file] = blobs;
      if (!file) throw new Error('No file was saved');
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = await file.text();
      expect(text).toContain('Amos Approved');
      expect(text).not.toContain('Jane Doe');
    });

    it('toasts a failed attendance export', async () => {
      const { user } = renderPage(deskBackend());
      await findTable();
      server.use(registrationsFailure('get', 'attendance', 500));
      await user.click(screen.getByRole('button', { name: 'Export attendance (CSV)' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to export the attendance'));
      expect(saved).toEqual([]);
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
            makeWaitlistEntry({
              id: 3,
              full_name: 'Uma Unconfirmed',
              email: 'uma@example.org',
              phone: '+250788999001',
              position: null,
              email_confirmed: false,
            }),
          ],
        },
      });
      renderPage(backend);
      const section = await screen.findByRole('region', { name: 'Waiting list' });
      const waitlist = await within(section).findByRole('table', { name: 'Waiting list' });
      expect(within(section).getByText('1 person is waiting for a seat.')).toBeInTheDocument();
      expect(
        within(section).getByText('Only people who confirmed their e-mail address get a position and are offered seats.'),
      ).toBeInTheDocument();
      const [olive, wanda, uma, ...others] = within(waitlist).getAllByRole('row').slice(1);
      if (!olive || !wanda || !uma) throw new Error('The waiting list has fewer than three rows');
      expect(others).toEqual([]);
      expect(within(wanda).getByText('E-mail confirmed')).toBeInTheDocument();
      expect(within(uma).getByText('E-mail not confirmed')).toBeInTheDocument();
      expect(within(uma).getAllByRole('cell')[0]).toHaveTextContent('—');
      expect(within(uma).getByText('Waiting')).toBeInTheDocument();
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

  describe('bulk: reject or cancel the rows selected on the page', () => {
    const bulkBar = () => screen.getByRole('group', { name: 'Act on several registrations' });
    const selectedCount = () => within(bulkBar()).getByRole('status');

    it('rejects the selected rows behind a dialog that says how many, with a reason; the toast is the server message', async () => {
      const { promise, release } = deferred();
      const backend = deskBackend({ hold: promise });
      const { user } = renderPage(backend);
      await findTable();
      expect(selectedCount()).toHaveTextContent('No registrations selected');
      expect(within(bulkBar()).getByRole('button', { name: 'Reject selected' })).toBeDisabled();

      await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
      // By keyboard too: Space on the focused box.
      screen.getByRole('checkbox', { name: 'Select Amos Approved' }).focus();
      await user.keyboard(' ');
      expect(screen.getByRole('checkbox', { name: 'Select Amos Approved' })).toBeChecked();
      expect(selectedCount()).toHaveTextContent('2 registrations selected');
      expect(rowOf('Jane Doe')).toHaveClass('registrations-table__row--selected');
      const opener = within(bulkBar()).getByRole('button', { name: 'Reject selected' });
      await user.click(opener);

      const dialog = screen.getByRole('dialog', { name: 'Reject 2 registrations?' });
      expect(dialog).toHaveAccessibleDescription('These 2 registrations will be rejected and their seats freed.');
      const names = within(dialog).getByRole('list', { name: 'Selected registrations' });
      expect(within(names).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Jane Doe Pending', 'Amos Approved Approved']);
      const reason = within(dialog).getByLabelText('Reason');
      expect(reason).toHaveFocus();
      expect(reason).toHaveAccessibleDescription('Optional. Each person whose e-mail address is confirmed is told this by e-mail.');
      await user.type(reason, 'The event is for members only.');
      await user.click(within(dialog).getByRole('button', { name: 'Reject 2 registrations' }));
      expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
      // Escape does not close a dialog whose decision is on its way.
      await user.keyboard('{Escape}');
      expect(dialog).toBeInTheDocument();
      release();

      await waitFor(() => expect(toasts()).toHaveTextContent('2 registrations rejected.'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.bulkRequests()).toHaveLength(1);
      expect(backend.bulkRequests()[0]?.url.pathname).toBe('/api/management/events/3/registrations/bulk/');
      expect(backend.bulkRequests()[0]?.body).toEqual({ ids: [1, 2], action: 'reject', reason: 'The event is for members only.' });
      // The view is read again: the rows and the counters are the server's; nothing is selected.
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Rejected')).toBeInTheDocument());
      expect(within(rowOf('Amos Approved')).getByText('Reason: The event is for members only.')).toBeInTheDocument();
      expect(counter('Rejected')).toBe('3');
      expect(counter('Total Registrations')).toBe('0');
      // No row is left to select on this page: the bar goes, and the focus rests on the table.
      expect(screen.queryByRole('group', { name: 'Act on several registrations' })).not.toBeInTheDocument();
      await waitFor(() => expect(table()).toHaveFocus());
    });

    it('selects every open row of the page at once, and names the rows the server left as they were', async () => {
      const backend = deskBackend({
        registrations: [...deskBackend().registrations, makeRegistration({ id: 4, full_name: 'Pia Pending', email: 'pia@example.org', phone: '+250788000004' })],
      });
      const { user } = renderPage(backend);
      await findTable();
      const all = within(bulkBar()).getByRole('checkbox', { name: 'Select all on this page' });
      await user.click(all);
      expect(selectedCount()).toHaveTextContent('3 registrations selected');
      expect(all).toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Select Pia Pending' }));
      expect(all).not.toBeChecked();
      expect((all as HTMLInputElement).indeterminate).toBe(true);
      await user.click(all);
      expect(selectedCount()).toHaveTextContent('3 registrations selected');

      await user.click(within(bulkBar()).getByRole('button', { name: 'Cancel selected' }));
      const dialog = screen.getByRole('dialog', { name: 'Cancel 3 registrations?' });
      // Meanwhile another staff member cancels Amos's registration.
      const amos = backend.registrations.find((row) => row.id === 2);
      if (amos) amos.registration_status = 'Cancelled';
      await user.click(within(dialog).getByRole('button', { name: 'Cancel 3 registrations' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('2 registrations cancelled.'));
      expect(toasts()).toHaveTextContent('Left as it was (its status no longer allows this): Amos Approved');
      expect(backend.bulkRequests()[0]?.body).toEqual({ ids: [1, 4, 2], action: 'cancel', reason: '' });
      await waitFor(() => expect(counter('Cancelled')).toBe('3'));
    });

    it('sends nothing when the dialog is left with Escape; the focus and the selection stay', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
      const opener = within(bulkBar()).getByRole('button', { name: 'Cancel selected' });
      await user.click(opener);
      expect(screen.getByRole('dialog', { name: 'Cancel 1 registration?' })).toHaveAccessibleDescription(
        'This registration will be cancelled and its seat freed.',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
      expect(selectedCount()).toHaveTextContent('1 registration selected');
      expect(backend.bulkRequests()).toHaveLength(0);
    });

    it('keeps the dialog open with the reason when the server refuses', async () => {
      const { user } = renderPage(deskBackend());
      await findTable();
      server.use(registrationsFailure('post', 'bulk', 500));
      await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
      await user.click(within(bulkBar()).getByRole('button', { name: 'Reject selected' }));
      const dialog = screen.getByRole('dialog', { name: 'Reject 1 registration?' });
      await user.click(within(dialog).getByRole('button', { name: 'Reject 1 registration' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on the server.');
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to update the selected registrations'));
      expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Reject 1 registration' })).toBeEnabled();
    });

    it('forgets the selection on another page or filter', async () => {
      const backend = registrationsBackend({ registrations: makeRegistrations(25) });
      const { user } = renderPage(backend);
      await screen.findByText('Showing 1 to 20 of 25 registrations');
      await user.click(within(bulkBar()).getByRole('checkbox', { name: 'Select all on this page' }));
      expect(selectedCount()).toHaveTextContent('20 registrations selected');
      await user.click(within(screen.getByRole('navigation', { name: 'Registration pages' })).getByRole('button', { name: 'Page 2' }));
      expect(await screen.findByText('Showing 21 to 25 of 25 registrations')).toBeInTheDocument();
      expect(selectedCount()).toHaveTextContent('No registrations selected');
      expect(within(bulkBar()).getByRole('checkbox', { name: 'Select all on this page' })).not.toBeChecked();
    });

    it('offers no bulk bar where no row can be rejected or cancelled', async () => {
      const { user } = renderPage(deskBackend());
      await findTable();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
      await waitFor(() => expect(bodyRows()).toHaveLength(1));
      expect(screen.queryByRole('group', { name: 'Act on several registrations' })).not.toBeInTheDocument();
    });
  });

  describe('erase one registration or waiting-list place', () => {
    const waitlistTable = () => screen.getByRole('table', { name: 'Waiting list' });
    const waitlistRowOf = (name: string) => {
      const row = within(waitlistTable()).getAllByRole('row').find((item) => within(item).queryByText(name));
      if (!row) throw new Error(`No waiting-list row for ${name}`);
      return row;
    };
    /** Event 3 is full (2 seats: Jane pending, Amos approved); Wanda waits first, confirmed. */
    const fullDesk = (overrides: Parameters<typeof registrationsBackend>[0] = {}) =>
      deskBackend({
        events: [makeEvent({ id: 3, maximum_attendees: 2 })],
        waitlists: { 3: [makeWaitlistEntry({ id: 7, full_name: 'Wanda Waiting', email: 'wanda@example.org', position: 1 })] },
        ...overrides,
      });

    it('asks first, naming the person and what goes for good; the row leaves, its seat is offered to the waiting list, the focus rests on the table', async () => {
      storeTestSession();
      const { promise, release } = deferred();
      const backend = fullDesk({ hold: promise });
      const { user } = renderPage(backend);
      await findTable();
      expect(within(await screen.findByRole('table', { name: 'Waiting list' })).getByText('Waiting')).toBeInTheDocument();
      expect(counter('Total Registrations')).toBe('2');
      const waitlistCalls = backend.waitlistRequests().length;

      await user.click(screen.getByRole('button', { name: 'Erase the registration of Jane Doe' }));
      const dialog = screen.getByRole('dialog', { name: 'Erase the registration of Jane Doe?' });
      expect(dialog).toHaveAccessibleDescription(
        'Their name, contact details, access needs and payment details are deleted for good, and so are the e-mails about them. ' +
          'The seat they hold goes back: it is offered to the waiting list first. This cannot be undone.',
      );
      expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['×', 'Go back', 'Erase registration']);
      await user.click(within(dialog).getByRole('button', { name: 'Erase registration' }));
      expect(await within(dialog).findByRole('button', { name: 'Erasing...' })).toBeDisabled();
      // Escape does not close a dialog whose erasure is on its way.
      await user.keyboard('{Escape}');
      expect(dialog).toBeInTheDocument();
      release();

      await waitFor(() => expect(toasts()).toHaveTextContent('Registration erased.'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.eraseRequests().map((call) => call.url.pathname)).toEqual(['/api/management/registrations/1/']);
      expect(backend.eraseRequests()[0]?.authorization).toBe('Bearer access-1');
      await waitFor(() => expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument());
      await waitFor(() => expect(table()).toHaveFocus());
      // The counters and the waiting list are the server's, read again: the freed seat is offered.
      await waitFor(() => expect(counter('Total Registrations')).toBe('1'));
      expect(counter('Pending Approval')).toBe('0');
      await waitFor(() => expect(backend.waitlistRequests().length).toBeGreaterThan(waitlistCalls));
      expect(await within(waitlistRowOf('Wanda Waiting')).findByText('Offered')).toBeInTheDocument();
      expect(table()).toHaveFocus();
    });

    it('does not speak of a seat for a registration that ended; Go back (by keyboard) erases nothing and gives the focus back', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      const opener = screen.getByRole('button', { name: 'Erase the registration of Rita Rejected' });
      opener.focus();
      await user.keyboard('{Enter}');
      const dialog = screen.getByRole('dialog', { name: 'Erase the registration of Rita Rejected?' });
      expect(dialog).not.toHaveTextContent('seat');
      expect(dialog).toHaveTextContent('This cannot be undone.');
      await user.keyboard('{Tab}{Tab}');
      expect(within(dialog).getByRole('button', { name: 'Go back' })).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
      expect(rowOf('Rita Rejected')).toBeInTheDocument();
      expect(backend.eraseRequests()).toEqual([]);
    });

    it('says when somebody erased it first (404), and the row leaves all the same', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Erase the registration of Amos Approved' }));
      // Meanwhile another staff member erases it.
      backend.registrations.splice(
        backend.registrations.findIndex((row) => row.id === 2),
        1,
      );
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase registration' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('The registration of Amos Approved was already erased.'));
      expect(toasts()).not.toHaveTextContent('Registration erased.');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Amos Approved')).not.toBeInTheDocument());
      await waitFor(() => expect(counter('Approved')).toBe('0'));
      await waitFor(() => expect(table()).toHaveFocus());
    });

    it('toasts a failure in words, keeps the row, and gives the focus back to its Erase button', async () => {
      const backend = deskBackend();
      const { user } = renderPage(backend, {}, [registrationsFailure('delete', 'erase', 500)]);
      await findTable();
      const opener = screen.getByRole('button', { name: 'Erase the registration of Jane Doe' });
      await user.click(opener);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Erase registration' }));

      await waitFor(() =>
        expect(toasts()).toHaveTextContent('Failed to erase the registration of Jane Doe: Something went wrong on the server.'),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(rowOf('Jane Doe')).toBeInTheDocument();
      expect(counter('Total Registrations')).toBe('2');
      await waitFor(() => expect(opener).toHaveFocus());
    });

    it('erases a waiting-list place: an offer it held passes to the next person, the focus rests on the list', async () => {
      const backend = deskBackend({
        // Three seats: Jane's, Amos's and the one offered to Olive.
        events: [makeEvent({ id: 3, maximum_attendees: 3 })],
        waitlists: {
          3: [
            makeWaitlistEntry({
              id: 11,
              full_name: 'Olive Offered',
              email: 'olive@example.org',
              status: 'offered',
              position: null,
              offered_at: '2026-11-05T12:00:00Z',
              offer_expires_at: '2026-11-07T12:00:00Z',
            }),
            makeWaitlistEntry({ id: 12, full_name: 'Wanda Waiting', email: 'wanda@example.org', position: 1 }),
          ],
        },
      });
      const { user } = renderPage(backend);
      await screen.findByRole('table', { name: 'Waiting list' });
      expect(within(waitlistTable()).getAllByRole('columnheader').at(-1)).toHaveTextContent('Actions');
      const listCalls = backend.listRequests().length;

      await user.click(within(waitlistRowOf('Olive Offered')).getByRole('button', { name: 'Erase the waiting-list place of Olive Offered' }));
      const dialog = screen.getByRole('dialog', { name: 'Erase the waiting-list place of Olive Offered?' });
      expect(dialog).toHaveAccessibleDescription(
        'Their name, contact details and access needs are deleted for good, and so are the e-mails about them. ' +
          'The seat offered to them goes to the next person waiting. This cannot be undone.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Erase place' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Waiting-list entry erased.'));
      expect(backend.eraseRequests().map((call) => call.url.pathname)).toEqual(['/api/management/waitlist/11/']);
      await waitFor(() => expect(screen.queryByText('Olive Offered')).not.toBeInTheDocument());
      await waitFor(() => expect(waitlistTable()).toHaveFocus());
      expect(await within(waitlistRowOf('Wanda Waiting')).findByText('Offered')).toBeInTheDocument();
      // The event's view is read again too (its counters count the offer).
      await waitFor(() => expect(backend.listRequests().length).toBeGreaterThan(listCalls));
      expect(waitlistTable()).toHaveFocus();
    });

    it('the last place erased, the focus rests on the waiting list heading; a place erased meanwhile reads as already erased', async () => {
      const backend = fullDesk();
      const { user } = renderPage(backend);
      await screen.findByRole('table', { name: 'Waiting list' });
      await user.click(screen.getByRole('button', { name: 'Erase the waiting-list place of Wanda Waiting' }));
      const dialog = screen.getByRole('dialog', { name: 'Erase the waiting-list place of Wanda Waiting?' });
      expect(dialog).not.toHaveTextContent('seat');
      backend.waitlists[3]?.splice(0, 1);
      await user.click(within(dialog).getByRole('button', { name: 'Erase place' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('The waiting-list place of Wanda Waiting was already erased.'));
      const section = screen.getByRole('region', { name: 'Waiting list' });
      expect(await within(section).findByText('Nobody has joined the waiting list.')).toBeInTheDocument();
      await waitFor(() => expect(within(section).getByRole('heading', { name: 'Waiting list' })).toHaveFocus());
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
    expect(counter('Total Registrations')).toBe('3');
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
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Cancel the registration of Jane Doe' }));
    await screen.findByRole('dialog', { name: 'Cancel Registration' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    await screen.findByRole('dialog', { name: 'Reject 1 registration?' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Erase the registration of Jane Doe' }));
    await screen.findByRole('dialog', { name: 'Erase the registration of Jane Doe?' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Erase the waiting-list place of Wanda Waiting' }));
    await screen.findByRole('dialog', { name: 'Erase the waiting-list place of Wanda Waiting?' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);
  }, 60_000); // four axe runs over the whole desk: slow on a loaded machine (CI runs three lanes at once)

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
