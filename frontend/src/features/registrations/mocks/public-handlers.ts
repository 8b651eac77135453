import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type {
  MyRegistration,
  Registrant,
  RegistrationAnswer,
  RegistrationPayload,
  WaitlistAnswer,
  WaitlistOfferCheck,
} from '../public-api';

const REGISTER_URL = '*/api/management/events/:id/register/';
const WAITLIST_URL = '*/api/management/events/:id/waitlist/';
const OFFER_CHECK_URL = '*/api/management/waitlist-offers/check/';
const MY_REGISTRATION_URL = '*/api/my-registration/';
const MY_REGISTRATION_CANCEL_URL = '*/api/my-registration/cancel/';

/** The 201 answer for a paid event, as docs/api.md shows it; override what a test is about. */
export function makeRegistrationAnswer(overrides: Partial<RegistrationAnswer> = {}): RegistrationAnswer {
  return {
    registration: {
      id: 7,
      event_id: 1,
      event_title: 'Pan-African Sign Language Interpreters Conference',
      full_name: 'Aline Uwase',
      email: 'aline@example.rw',
      phone: '+250788123456',
      registration_status: 'Pending',
      payment_reference: 'K7MQ4X',
      amount: 15000,
      currency: 'Rwf',
    },
    payment_reference: 'K7MQ4X',
    payment_info: {
      status: 'Pending payment: your seat is confirmed once we receive it.',
      amount: 15000,
      amount_text: '15,000 Rwf',
      currency: 'Rwf',
      reference: 'K7MQ4X',
      methods: {
        'Mobile Money': 'Send 15,000 Rwf to +250 788 000 000 (RNSLIA) with the reference K7MQ4X in the message.',
        'Bank Transfer': 'Pay 15,000 Rwf to Bank of Kigali account 000-1234567-89 with the reference K7MQ4X.',
      },
      demo: false,
    },
    contact_info: {
      message: 'Questions about payment? Contact the organisers:',
      email: 'events@rnslia.org.rw',
      phone: '+250 788 000 111',
    },
    next_steps: 'We will e-mail you when your payment is recorded and your seat is confirmed.',
    confirmation: 'Open the e-mail we sent you within 30 minutes to keep your place.',
    confirm_minutes: 30,
    ...overrides,
  };
}

/** The answer for a free event: no amount, no methods. */
export function makeFreeRegistrationAnswer(): RegistrationAnswer {
  const paid = makeRegistrationAnswer();
  return {
    ...paid,
    registration: { ...paid.registration, amount: null, payment_reference: null },
    payment_reference: null,
    payment_info: {
      status: 'This event is free: no payment is needed.',
      amount: null,
      amount_text: '',
      currency: 'Rwf',
      reference: '',
      methods: {},
      demo: false,
    },
    next_steps: 'Open the link in the e-mail we sent you: that confirms your seat.',
  };
}

export const OFFER_REGISTRANT: Registrant = {
  full_name: 'Jean Bosco Niyonzima',
  email: 'jean@example.rw',
  phone: '+250788555444',
  preferred_language: 'Kinyarwanda',
  needs_interpreter: true,
  disability: 'Hearing Impairment',
  disability_details: '',
  membership_number: '2026-0007',
};

interface Options<T> {
  answer?: T;
  /** Each body the handler receives, for a test to read. */
  received?: RegistrationPayload[];
  /** Answers only once this settles: a test sees the sending state for as long as it needs. */
  hold?: Promise<unknown>;
}

/** Accepts a registration payload at `url` with `answer` (201), after `hold` or a short pause. */
function accepting<T extends RegistrationAnswer | WaitlistAnswer>(url: string, answer: T, { received, hold }: Omit<Options<T>, 'answer'>) {
  return http.post(url, async ({ request }) => {
    received?.push((await request.json()) as RegistrationPayload);
    await (hold ?? delay(20));
    return json<T>(answer, { status: 201 });
  });
}

const WAITLIST_ANSWER: WaitlistAnswer = {
  waitlist_entry: { id: 4, event_id: 1, position: null },
  message: 'Open the e-mail we sent you within 30 minutes to keep your place.',
  confirm_minutes: 30,
};

/** MSW handlers for the visitor's registration calls (tests and local mocking). */
export const registrationHandlers = {
  registered: ({ answer = makeRegistrationAnswer(), ...options }: Options<RegistrationAnswer> = {}) =>
    accepting(REGISTER_URL, answer, options),
  registerRefused: (status: number, body: Record<string, unknown>) =>
    http.post(REGISTER_URL, () => HttpResponse.json(body, { status })),
  registerNetworkError: () => http.post(REGISTER_URL, () => HttpResponse.error()),

  waitlistJoined: ({ answer = WAITLIST_ANSWER, ...options }: Options<WaitlistAnswer> = {}) =>
    accepting(WAITLIST_URL, answer, options),
  waitlistRefused: (status: number, body: Record<string, unknown>) =>
    http.post(WAITLIST_URL, () => HttpResponse.json(body, { status })),

  /** Answers every token with this check (default: a valid offer for event 1). */
  offerCheck: (
    check: WaitlistOfferCheck = {
      valid: true,
      event_id: 1,
      expires_at: '2027-03-08T09:30:00',
      registrant: OFFER_REGISTRANT,
    },
  ) =>
    http.post(OFFER_CHECK_URL, async () => {
      await delay(20);
      return json<WaitlistOfferCheck>(check);
    }),
  offerCheckFails: () => http.post(OFFER_CHECK_URL, () => HttpResponse.error()),

  /** What an e-mailed link opens; `tokens` collects the tokens sent, for a test to read. */
  myRegistration: (answer: MyRegistration, tokens?: string[]) =>
    http.post(MY_REGISTRATION_URL, async ({ request }) => {
      tokens?.push(((await request.json()) as { token: string }).token);
      return json<MyRegistration>(answer);
    }),
  myRegistrationRefused: (status: number, body: Record<string, unknown>) =>
    http.post(MY_REGISTRATION_URL, () => HttpResponse.json(body, { status })),
  /** The registrant cancels through their link; `tokens` collects the tokens sent. */
  cancelMyRegistration: (answer: MyRegistration, tokens?: string[]) =>
    http.post(MY_REGISTRATION_CANCEL_URL, async ({ request }) => {
      tokens?.push(((await request.json()) as { token: string }).token);
      await delay(20);
      return json<MyRegistration>(answer);
    }),
  cancelMyRegistrationRefused: (status: number, body: Record<string, unknown>) =>
    http.post(MY_REGISTRATION_CANCEL_URL, () => HttpResponse.json(body, { status })),
};

/** A registration as its e-mailed link opens it; override what a test is about. */
export function makeMyRegistration(
  registration: Partial<Extract<MyRegistration, { kind: 'registration' }>['registration']> = {},
  confirmedNow = true,
): Extract<MyRegistration, { kind: 'registration' }> {
  const answer = makeRegistrationAnswer();
  return {
    kind: 'registration',
    confirmed_now: confirmedNow,
    message: 'Your e-mail address is confirmed and your seat is held. Please pay to confirm it.',
    registration: {
      id: 7,
      event: {
        id: 1,
        title: 'Pan-African Sign Language Interpreters Conference',
        date: '2027-03-10',
        time: '09:00:00',
        status: 'Published',
        location: 'Kigali Convention Center',
        price: 15000,
      },
      full_name: 'Aline Uwase',
      registration_status: 'Pending',
      free: false,
      payment_reference: 'K7MQ4X',
      email_confirmed: true,
      payment_due_at: '2027-03-05T12:00:00+02:00',
      ended_reason: '',
      status_reason: '',
      ...registration,
    },
    waitlist_entry: null,
    payment_info: answer.payment_info,
    contact_info: answer.contact_info,
    next_steps: answer.next_steps,
  };
}
