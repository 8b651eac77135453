import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import type { HowToPay } from '../public-api';
import { PaymentInstructions } from './payment-instructions';

function answer(demo: boolean): HowToPay {
  return {
    payment_info: {
      status: 'Pending payment',
      amount: 15000,
      amount_text: '15,000 Rwf',
      currency: 'Rwf',
      reference: 'K7MQ4X',
      methods: { 'Mobile Money': 'Send 15,000 Rwf to +250 700 000 000 (Demo account holder).' },
      demo,
    },
    contact_info: { message: 'Questions?', email: 'demo-association@example.org', phone: '+250 700 000 000' },
    next_steps: 'Pay with Mobile Money.',
  };
}

describe('Payment instructions', () => {
  it('say "not a real account" above demo payment details, and nothing of it otherwise', async () => {
    const { unmount } = renderWithProviders(<PaymentInstructions id="pay" hidden={false} answer={answer(true)} />);
    expect(await screen.findByText('Demo details, not a real account: do not pay to them.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<PaymentInstructions id="pay" hidden={false} answer={answer(false)} />);
    expect(await screen.findByText('Pay with Mobile Money.')).toBeInTheDocument();
    expect(screen.queryByText(/not a real account/)).not.toBeInTheDocument();
  });
});
