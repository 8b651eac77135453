import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { CLOSED_RENEWAL, renewalBackend } from '../mocks/renewal-handlers';
import type { MyMembership } from '../my-membership-api';
import { RenewPanel } from './renew-panel';

const MINE = {
  full_name: 'Aline Uwase',
  email: 'aline@example.org',
  phone: '+250788123456',
  address: 'KG 7 Ave, Kigali',
} as MyMembership;
const OPEN = { ...CLOSED_RENEWAL, open: true, opens_on: '2026-11-10' };

function renderPanel(state = OPEN) {
  const backend = renewalBackend(state);
  server.use(...backend.handlers);
  return { ...renderWithProviders(<RenewPanel access="member-access" membership={MINE} />), sent: backend.sent };
}

async function noViolations() {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  expect(results.violations).toEqual([]);
}

describe('RenewPanel', () => {
  it('says when renewal opens while it is not open yet', async () => {
    renderPanel({ ...CLOSED_RENEWAL, opens_on: '2027-01-30' });
    expect(await screen.findByText(/Renewal opens on .*2027/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renew' })).not.toBeInTheDocument();
  });

  it('confirms the details, renews and shows the reference, the amount and how to pay', async () => {
    const { user, sent } = renderPanel();
    await screen.findByRole('heading', { name: 'Renew your membership' });
    expect(screen.getByText('KG 7 Ave, Kigali')).toBeInTheDocument();
    expect(screen.getByText('To pay: 10,000 Rwf')).toBeInTheDocument();
    await noViolations();
    await user.selectOptions(screen.getByLabelText(/Payment Method/i), 'Bank Transfer');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const heading = await screen.findByRole('heading', { name: 'Your renewal is waiting for your payment' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sent).toEqual([{ membership_type: 'Individual', payment_method: 'Bank Transfer' }]);
    expect(screen.getByText('K7M3QX')).toBeInTheDocument();
    expect(screen.getByText('10,000 Rwf')).toBeInTheDocument();
    expect(screen.getByText(/write the reference K7M3QX in the message/)).toBeInTheDocument();
    await noViolations();
  });

  it('puts the focus on the first field in error, with the server message', async () => {
    const { user } = renderPanel();
    await screen.findByRole('heading', { name: 'Renew your membership' });
    await user.selectOptions(screen.getByLabelText(/Payment Method/i), '');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(screen.getByLabelText(/Payment Method/i)).toHaveFocus();
    expect(screen.getByLabelText(/Payment Method/i)).toHaveAccessibleDescription('Please choose a payment method.');

    await user.selectOptions(screen.getByLabelText(/Payment Method/i), 'Mobile Money');
    await user.selectOptions(screen.getByLabelText(/Membership Type/i), 'Institutional');
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const type = screen.getByLabelText(/Membership Type/i);
    await waitFor(() => expect(type).toHaveFocus());
    expect(type).toHaveAccessibleDescription(/No fee is set for the Institutional membership/);
  });
});
