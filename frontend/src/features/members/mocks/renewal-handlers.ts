import { http, HttpResponse } from 'msw';

import type { Renewal, RenewalRequest, RenewalState } from '../renewal-api';

export const CLOSED_RENEWAL: RenewalState = {
  open: false,
  opens_on: null,
  membership_type: 'Individual',
  payment_method: 'Mobile Money',
  fees: [
    { membership_type: 'Individual', amount: 10000 },
    { membership_type: 'Institutional', amount: null },
  ],
  pending: null,
};

export function renewalAnswer(request: RenewalRequest, reference = 'K7M3QX'): Renewal {
  return {
    id: 7,
    reference,
    status: 'Pending',
    amount: 10000,
    amount_text: '10,000 Rwf',
    currency: 'Rwf',
    membership_type: request.membership_type as Renewal['membership_type'],
    payment_method: request.payment_method as Renewal['payment_method'],
    methods: {
      'Mobile Money': `Send 10,000 Rwf to +250 700 000 000 (Association) and write the reference ${reference} in the message.`,
      'Bank Transfer': `Pay 10,000 Rwf to Bank of Kigali, account 000 (Association), with the reference ${reference}.`,
    },
    next_steps: `Pay with Mobile Money or a bank transfer and write your reference ${reference} in the payment message.`,
    demo: false,
    contact_message: 'Questions about your renewal? Contact us:',
    contact_email: 'info@example.org',
    contact_phone: '+250 788 000 000',
    created_at: '2026-11-29T10:00:00Z',
  };
}

/** The renewal API of a member session: its state, and renew (records what was sent). */
export function renewalBackend(state: RenewalState = CLOSED_RENEWAL) {
  const sent: RenewalRequest[] = [];
  let current = { ...state };
  const handlers = [
    http.get('*/api/my-membership/renew/', () => HttpResponse.json(current)),
    http.post('*/api/my-membership/renew/', async ({ request }) => {
      const body = (await request.json()) as RenewalRequest;
      sent.push(body);
      if (body.membership_type === 'Institutional') {
        const message = 'No fee is set for the Institutional membership yet, so it cannot be renewed online. Please contact us.';
        return HttpResponse.json({ detail: message, code: 'no_fee', fields: { membership_type: message } }, { status: 409 });
      }
      const answer = renewalAnswer(body);
      current = { ...current, pending: answer };
      return HttpResponse.json(answer);
    }),
  ];
  return { sent, handlers };
}
