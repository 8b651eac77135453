import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { publicEventHandlers, TEST_SITE_CONFIG } from '../../events/mocks/public-handlers';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { MembershipPage } from '../pages/membership-page';

/** To the Payment step (the steps move without checking), with `type` chosen on the way. */
async function paymentStepWith(type: 'Individual' | 'Institutional') {
  const { user } = renderWithProviders(<MembershipPage />, { route: '/membership' });
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('radio', { name: type })); // the type opens step 2
  for (let step = 0; step < 3; step += 1) await user.click(await screen.findByRole('button', { name: 'Next' }));
  return screen.findByRole('region', { name: 'Membership fee' });
}

describe('The membership Payment step', () => {
  it('shows the fee of the chosen type and where to pay it, from the settings', async () => {
    const fee = await paymentStepWith('Institutional');
    expect(within(fee).getByText('Fee (Institutional): 50,000 Rwf a year')).toBeInTheDocument();
    expect(within(fee).getByText('Mobile Money: send it to +250 788 314 160 (RNSLIA).')).toBeInTheDocument();
    expect(within(fee).getByText(/^Bank transfer: pay it to Bank of Kigali, account 100-2233-4455-66/)).toBeInTheDocument();
    expect(within(fee).queryByText(/not a real account/)).not.toBeInTheDocument();
  });

  it('says the details are not a real account when they are the demo values', async () => {
    server.use(publicEventHandlers.config({ ...TEST_SITE_CONFIG, demo: true, membership_fees: { Individual: 12000, Institutional: 60000 } }));
    const fee = await paymentStepWith('Individual');
    expect(within(fee).getByText('Fee (Individual): 12,000 Rwf a year')).toBeInTheDocument();
    expect(within(fee).getByText('Demo details, not a real account: do not pay to them.')).toBeInTheDocument();
  });
});
