import { api } from '../../lib/api';
import type { Challenged } from '../../lib/public-form-challenge';

/**
 * What the registration page reads of an event (GET management/public-events/{id}/, the event
 * JSON of docs/api.md). Its own type: features do not import each other, and this page needs
 * `open_seats`, which only it reads.
 */
export interface RegistrationEvent {
  id: number;
  title: string;
  location: string;
  /** 0 or null means free. */
  price: number | null;
  /** 'yyyy-mm-dd' */
  date: string;
  /** 'HH:MM:SS', or null when not set. */
  time: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  status: 'Draft' | 'Published' | 'Completed' | 'Cancelled';
  maximum_attendees: number | null;
  total_registrations_count: number;
  approved_registrations_count: number;
  pending_registrations_count: number;
  /** SPEC's counter: maximum minus approved, or null when unlimited. */
  available_seats: number | null;
  /** What a visitor can still take: maximum minus pending, approved and held offers; null when unlimited. */
  open_seats?: number | null;
}

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

/** The 201 answer to a registration (SPEC §3 "Registration response"). */
export interface RegistrationAnswer {
  registration: {
    id: number;
    event_id: number;
    event_title: string;
    full_name: string;
    email: string;
    phone: string;
    registration_status: RegistrationStatus;
    /** null for a free event: nothing to pay, so nothing to match. */
    payment_reference: string | null;
    amount: number | null;
    currency: string;
  };
  payment_reference: string | null;
  payment_info: PaymentInfo;
  contact_info: { message: string; email: string; phone: string };
  next_steps: string;
  /** The seat is kept only if the visitor opens the e-mailed link within this many minutes. */
  confirm_minutes: number;
}

export type RegistrationStatus = 'Pending' | 'Approved' | 'Rejected' | 'Expired' | 'Cancelled';

export interface PaymentInfo {
  status: string;
  /** null for a free event. */
  amount: number | null;
  currency: string;
  reference: string;
  /** Each way to pay: its label → what to do. Empty for a free event. */
  methods: Record<string, string>;
  /** `make run`'s demo payment details: the page says they are not a real account. */
  demo?: boolean;
}

/** How to pay and whom to ask: the same parts in a registration's answer and on its own page. */
export type HowToPay = Pick<RegistrationAnswer, 'payment_info' | 'contact_info' | 'next_steps'>;

export interface WaitlistAnswer {
  /** `position` is null until the visitor confirms their address through the e-mailed link. */
  waitlist_entry: { id: number; event_id: number; position: number | null };
  message: string;
  confirm_minutes: number;
}

/** The event as the page of an e-mailed link shows it. */
export interface LinkedEvent {
  id: number;
  title: string;
  /** 'yyyy-mm-dd' */
  date: string;
  time: string | null;
  status: 'Draft' | 'Published' | 'Completed' | 'Cancelled';
  location: string;
  price: number | null;
}

/**
 * What the link of a first e-mail opens (POST my-registration/): a registration, with how to pay,
 * or a place on a waiting list. Opening it the first time confirms the address.
 */
export type MyRegistration =
  | ({
      kind: 'registration';
      confirmed_now: boolean;
      registration: {
        id: number;
        event: LinkedEvent;
        full_name: string;
        registration_status: RegistrationStatus;
        /** A free event: no payment, reference or deadline; opening the link confirms the seat. */
        free: boolean;
        payment_reference: string | null;
        email_confirmed: boolean;
        /** An ISO date-time: unpaid by then, the seat goes to somebody else. */
        payment_due_at: string | null;
        /**
         * Why it ended without a staff decision: 'unconfirmed' or 'payment_deadline' (Expired),
         * 'by_registrant' or 'event_cancelled' (Cancelled).
         */
        ended_reason: string;
        /** What the organisers wrote when rejecting or cancelling. */
        status_reason: string;
      };
    } & HowToPay)
  | {
      kind: 'waitlist';
      confirmed_now: boolean;
      waitlist_entry: {
        id: number;
        event: LinkedEvent;
        full_name: string;
        status: 'waiting' | 'offered' | 'claimed' | 'expired' | 'cancelled';
        email_confirmed: boolean;
        position: number | null;
      };
    };

/** Who a waiting-list offer is for, as they gave it when they joined the list. */
/** Who someone is and what they declared, as they registered or joined the waiting list. */
export interface Registrant {
  full_name: string;
  email: string;
  phone: string;
  preferred_language: string;
  needs_interpreter: boolean;
  disability: string;
  disability_details: string;
}

export type WaitlistOfferCheck =
  | { valid: false }
  | { valid: true; event_id: number; expires_at: string; registrant: Registrant };

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
        body: registration,
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
        body: registration,
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
