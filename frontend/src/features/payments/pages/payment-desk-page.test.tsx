import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { DeskRow } from '../payment-desk-api';
import { PaymentDeskPage } from './payment-desk-page';

const REGISTRATION: DeskRow = {
  kind: 'registration',
  id: 11,
  reference: 'R7K2PQ',
  amount: 2000,
  name: 'Aline Uwase',
  email: 'aline@example.org',
  status: 'Pending',
  event_id: 3,
  event_title: 'Deaf Awareness Day',
  member_id: null,
  membership_type: null,
  transaction_id: '',
  payment_method: 'Mobile Money',
  created_at: '2026-11-28T09:00:00Z',
};
const RENEWAL: DeskRow = {
  kind: 'renewal',
  id: 7,
  reference: 'M4X9TZ',
  amount: 10000,
  name: 'Jean Bosco',
  email: 'jean@example.org',
  status: 'Pending',
  event_id: null,
  event_title: null,
  member_id: 42,
  membership_type: 'Individual',
  transaction_id: '',
  payment_method: 'Bank Transfer',
  created_at: '2026-11-29T09:00:00Z',
};
const DUPLICATE = 'This transaction ID is already recorded for another registration (R7K2PQ).';

/** The desk as the server answers it: both kinds, search by reference or name, confirm each kind. */
function deskBackend() {
  let rows = [RENEWAL, REGISTRATION];
  const requests: URL[] = [];
  const confirmed: { path: string; body: unknown }[] = [];
  server.use(
    http.get('*/api/management/payment-desk/', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const results = rows.filter(
        (row) => !search || row.reference.toLowerCase() === search || row.name.toLowerCase().includes(search),
      );
      return HttpResponse.json({ count: results.length, page: 1, page_size: 20, total_pages: 1, results });
    }),
    http.post('*/api/management/renewals/:id/confirm/', async ({ request, params }) => {
      const body = (await request.json()) as { transaction_id: string };
      confirmed.push({ path: new URL(request.url).pathname, body });
      if (body.transaction_id.toUpperCase() === 'MP123') {
        return HttpResponse.json(
          { detail: DUPLICATE, code: 'duplicate_transaction', fields: { transaction_id: DUPLICATE } },
          { status: 409 },
        );
      }
      rows = rows.filter((row) => !(row.kind === 'renewal' && row.id === Number(params.id)));
      return HttpResponse.json({ id: Number(params.id), status: 'Confirmed' });
    }),
    http.post('*/api/management/registrations/:id/update-status/', async ({ request, params }) => {
      confirmed.push({ path: new URL(request.url).pathname, body: await request.json() });
      rows = rows.filter((row) => !(row.kind === 'registration' && row.id === Number(params.id)));
      return HttpResponse.json({ message: 'Registration approved successfully', registration: {} });
    }),
  );
  return { requests, confirmed };
}

const rowOf = (reference: string) => screen.getByRole('cell', { name: reference }).closest('tr') as HTMLElement;

describe('PaymentDeskPage', () => {
  it('lists event payments and renewals together and searches by reference', async () => {
    const { requests } = deskBackend();
    const { user } = renderWithProviders(<PaymentDeskPage />, { route: '/dashboard/payments' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment desk' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'M4X9TZ' });
    expect(within(rowOf('M4X9TZ')).getByText('Renewal')).toBeInTheDocument();
    expect(within(rowOf('M4X9TZ')).getByText('Individual membership')).toBeInTheDocument();
    expect(within(rowOf('R7K2PQ')).getByText('Event seat')).toBeInTheDocument();
    expect(within(rowOf('R7K2PQ')).getByRole('link', { name: 'Deaf Awareness Day' })).toHaveAttribute(
      'href',
      '/dashboard/registrations/3',
    );
    expect(requests[0]?.searchParams.get('status')).toBe('Pending');
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations).toEqual([]);

    await user.type(screen.getByLabelText('Search payments'), 'm4x9tz');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'R7K2PQ' })).not.toBeInTheDocument());
    expect(requests.at(-1)?.searchParams.get('search')).toBe('m4x9tz');
    expect(screen.getByRole('cell', { name: 'M4X9TZ' })).toBeInTheDocument();
  });

  it('confirms a renewal through its endpoint; a transaction id used before is refused on the field', async () => {
    const { confirmed } = deskBackend();
    const { user } = renderWithProviders(<PaymentDeskPage />, { route: '/dashboard/payments' });
    await screen.findByRole('cell', { name: 'M4X9TZ' });
    await user.click(screen.getByRole('button', { name: 'Confirm payment M4X9TZ of Jean Bosco' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment M4X9TZ' });
    // Empty: the focus goes to the field, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    const transaction = within(dialog).getByLabelText(/Transaction ID/);
    await waitFor(() => expect(transaction).toHaveFocus());
    expect(confirmed).toEqual([]);

    await user.type(transaction, 'mp123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(transaction).toHaveAccessibleDescription(DUPLICATE));
    expect(transaction).toHaveFocus();

    await user.clear(transaction);
    await user.type(transaction, 'MP900{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmed.at(-1)).toEqual({
      path: '/api/management/renewals/7/confirm/',
      body: { transaction_id: 'MP900', payment_method: 'Bank Transfer' },
    });
    // The list is read again: the renewal has left it.
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'M4X9TZ' })).not.toBeInTheDocument());
  });

  it('confirms an event payment through the registration decision', async () => {
    const { confirmed } = deskBackend();
    const { user } = renderWithProviders(<PaymentDeskPage />, { route: '/dashboard/payments' });
    await screen.findByRole('cell', { name: 'R7K2PQ' });
    await user.click(screen.getByRole('button', { name: 'Confirm payment R7K2PQ of Aline Uwase' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Transaction ID/), 'MP555');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmed.at(-1)).toEqual({
      path: '/api/management/registrations/11/update-status/',
      body: { registration_status: 'Approved', transaction_id: 'MP555', payment_method: 'Mobile Money', payment_notes: '' },
    });
  });
});
