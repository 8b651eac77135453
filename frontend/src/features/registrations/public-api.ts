import { api } from '../../lib/api';
import type { RegistrationStatus, Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';

/**
 * What the registration page reads of an event (GET management/public-events/{id}/, the server's
 * EventOut). Its own name: features do not import each other, and this page needs `open_seats`
 * (what a visitor can still take; null when unlimited), which only it reads.
 */
export type RegistrationEvent = Pick<
  Schemas['EventOut'],
  | 'id'
  | 'title'
  | 'location'
  | 'price'
  | 'date'
  | 'time'
  | 'contact_email'
  | 'contact_phone'
  | 'status'
  | 'maximum_attendees'
  | 'total_registrations_count'
  | 'approved_registrations_count'
  | 'pending_registrations_count'
  | 'available_seats'
  | 'open_seats'
>;

export const PREFERRED_LANGUAGES = ['English', 'Kinyarwanda', 'Kiswahili', 'French'] as const;
export type PreferredLanguage = (typeof PREFERRED_LANGUAGES)[number];

export const DISABILITIES = ['None', 'Visual Impairment', 'Hearing Impairment', 'Mobility Impairment', 'Other'] as const;
export type Disability = (typeof DISABILITIES)[number];

/** The registration payload a visitor sends (SPEC §3; docs/api.md "Registration payload"). */
export interface RegistrationPayload {
  full_name: string;
  phone: string;
  email: string;
  preferred_language: PreferredLanguage;
  needs_interpreter: boolean;
  disability: Disability;
  disability_details: string;
  agree_to_terms: true;
  /** A waiting-list offer's token: takes the seat held for its holder. */
  offer_token?: string;
}

/**
 * The 201 answer to a registration (SPEC §3 "Registration response"): payment_reference and amount
 * are null for a free event (nothing to pay, so nothing to match); the seat is kept only if the
 * visitor opens the e-mailed link within confirm_minutes.
 */
export type RegistrationAnswer = Schemas['RegistrationAnswer'];

export type { RegistrationStatus };

/**
 * How to pay: amount null for a free event, methods each way to pay (its label → what to do; empty
 * for a free event), demo for `make run`'s demo payment details (the page says they are not a
 * real account).
 */
export type PaymentInfo = Schemas['PaymentInfo'];

/** How to pay and whom to ask: the same parts in a registration's answer and on its own page. */
export type HowToPay = Pick<RegistrationAnswer, 'payment_info' | 'contact_info' | 'next_steps'>;

/** `waitlist_entry.position` is null until the visitor confirms their address through the e-mailed link. */
export type WaitlistAnswer = Schemas['WaitlistJoinAnswer'];

/** The event as the page of an e-mailed link shows it. */
export type LinkedEvent = Schemas['EventBrief'];

/**
 * What the link of a first e-mail opens (POST my-registration/), by kind: a registration, with how
 * to pay, or a place on a waiting list (the other kind's keys come null). Opening it the first
 * time confirms the address. In a registration: free: no payment, reference or deadline (opening
 * the link confirms the seat); payment_due_at: unpaid by then, the seat goes to somebody else;
 * ended_reason: why it ended without a staff decision; status_reason: what the organisers wrote
 * when rejecting or cancelling.
 */
export type MyRegistration = Schemas['MyRegistrationAccessOut'] | Schemas['MyWaitlistAccessOut'];

/** Who someone is and what they declared, as they registered or joined the waiting list. */
export type Registrant = Schemas['Registrant'];

/** A waiting-list offer link: its details when still valid, else the same keys null. */
export type WaitlistOfferCheck = Schemas['OfferValidOut'] | Schemas['OfferInvalidOut'];

interface EventCall extends Challenged {
  eventId: number;
  registration: RegistrationPayload;
}

/** The visitor's registration calls: no token needed (SPEC §6). */
export const registrationPublicApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRegistrationEvent: build.query<RegistrationEvent, number>({
      query: (id) => `management/public-events/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'PublicEvent' as const, id }],
    }),
    registerForEvent: build.mutation<RegistrationAnswer, EventCall>({
      query: ({ eventId, registration, challenge }) => ({
        url: `management/events/${eventId}/register/`,
        method: 'POST',
        body: registration satisfies Schemas['RegistrationIn'],
        headers: challenge,
      }),
      // The event's counters changed (or, when it was full, are worth reading again).
      invalidatesTags: (_result, error, { eventId }) =>
        error && error.status !== 409 ? [] : [{ type: 'PublicEvent' as const, id: eventId }],
    }),
    joinWaitlist: build.mutation<WaitlistAnswer, EventCall>({
      query: ({ eventId, registration, challenge }) => ({
        url: `management/events/${eventId}/waitlist/`,
        method: 'POST',
        body: registration satisfies Schemas['RegistrationIn'],
        headers: challenge,
      }),
      // 409 seats_available: a seat freed up, so the event's counters are stale.
      invalidatesTags: (_result, error, { eventId }) =>
        error?.status === 409 ? [{ type: 'PublicEvent' as const, id: eventId }] : [],
    }),
    // Sent as a POST so that the token stays out of URLs and access logs. The first opening
    // confirms the address; opening it again only reads, so a query (deduplicated) fits.
    openMyRegistration: build.query<MyRegistration, string>({
      query: (token) => ({ url: 'my-registration/', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
    // The person gives up their seat (or waiting-list place): the answer is the page's new state.
    cancelMyRegistration: build.mutation<MyRegistration, string>({
      query: (token) => ({ url: 'my-registration/cancel/', method: 'POST', body: { token } }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(registrationPublicApi.util.upsertQueryData('openMyRegistration', token, data));
        } catch {
          // The page says why (the caller reads the error).
        }
      },
      // A seat is free again: the event's counters changed.
      invalidatesTags: (result) => {
        if (!result) return [];
        const eventId = result.kind === 'registration' ? result.registration.event.id : result.waitlist_entry.event.id;
        return [{ type: 'PublicEvent' as const, id: eventId }];
      },
    }),
    // A read, though sent as a POST: the token stays out of URLs and so out of access logs.
    checkWaitlistOffer: build.query<WaitlistOfferCheck, string>({
      query: (token) => ({ url: 'management/waitlist-offers/check/', method: 'POST', body: { token } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetRegistrationEventQuery,
  useRegisterForEventMutation,
  useJoinWaitlistMutation,
  useCheckWaitlistOfferQuery,
  useOpenMyRegistrationQuery,
  useCancelMyRegistrationMutation,
} = registrationPublicApi;
