import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { api } from '../../app/api';
import type { Registrant } from './public-api';
import { filenameFromDisposition } from '../../lib/save-file';

/**
 * The admin side of event registrations (SPEC §2 Registrations, §7, docs/api.md "Event
 * registration"): the overview of events with their counts, one event's registrations (the
 * payment desk), its waiting list, the CSV export and the approve/reject call.
 */

export type EventStatus = 'Draft' | 'Published' | 'Completed' | 'Cancelled';
/** The overview's tab order (the events list's filter order). */
export const EVENT_STATUSES: readonly EventStatus[] = ['Draft', 'Published', 'Completed', 'Cancelled'];

export type RegistrationStatus = 'Pending' | 'Approved' | 'Rejected';
export const REGISTRATION_STATUSES: readonly RegistrationStatus[] = ['Pending', 'Approved', 'Rejected'];
/** What staff may set: a registration never goes back to Pending (SPEC §4). */
export type RegistrationDecision = Exclude<RegistrationStatus, 'Pending'>;

export const PAYMENT_METHODS = ['Mobile Money', 'Bank Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Mobile Money';

/** SPEC §9: six event cards a page. */
export const OVERVIEW_PAGE_SIZE = 6;
/** One event's registrations, a page at a time. */
export const REGISTRATIONS_PAGE_SIZE = 20;

/** An event as the overview lists it, with its registration counts. */
export interface EventSummary {
  id: number;
  title: string;
  status: EventStatus;
  /** 'yyyy-mm-dd' */
  date: string;
  /** 'HH:MM:SS', or null when not set. */
  time: string | null;
  location: string;
  maximum_attendees: number | null;
  total_registrations_count: number;
  pending_registrations_count: number;
  approved_registrations_count: number;
  /** Maximum minus approved, or null when unlimited. */
  available_seats: number | null;
}

interface Page {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
}

export interface RegistrationsOverview extends Page {
  results: EventSummary[];
  /** Only the statuses that have events, whatever the filter. */
  status_counts: Partial<Record<EventStatus, number>>;
}

export interface OverviewArgs {
  status: EventStatus;
  page: number;
}

/** A registration as staff see it (SPEC §3 "Registration (as managed by admin)"). */
export interface AdminRegistration extends Registrant {
  id: number;
  event_id: number;
  event_title: string;
  /** An ISO date-time. */
  registration_date: string;
  registration_status: RegistrationStatus;
  transaction_id: string;
  payment_method: string;
  payment_notes: string;
  /** What the payer writes in the Mobile Money or bank message (none on rows older than references). */
  payment_reference: string | null;
  /** The staff member who approved or rejected it, if anyone has. */
  decided_by: string | null;
  decided_at: string | null;
  reminder_sent_at: string | null;
}

/** The event's counters, for the whole event whatever the search or filter. */
export interface RegistrationCounters {
  total_registrations: number;
  pending_registrations: number;
  approved_registrations: number;
  rejected_registrations: number;
  maximum_attendees: number | null;
  /** SPEC's: maximum minus approved, or null when unlimited. */
  available_seats: number | null;
  /** What a visitor can still take (pending and waiting-list offers hold seats too). */
  open_seats: number | null;
  waitlist_count: number;
}

export interface AccessNeeds {
  needs_interpreter: number;
  /** Non-Rejected registrations by declared disability ('None' left out). */
  disabilities: Record<string, number>;
}

export interface EventRegistrations extends RegistrationCounters, Page {
  event: {
    id: number;
    title: string;
    date: string;
    time: string | null;
    status: EventStatus;
    location: string;
    price: number | null;
  };
  registrations: AdminRegistration[];
  access_needs: AccessNeeds;
}

export interface RegistrationFilters {
  /** Name, e-mail, phone or payment reference. */
  search: string;
  status: RegistrationStatus | null;
}

export interface RegistrationListArgs extends RegistrationFilters {
  eventId: number;
  page: number;
}

export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'expired';

export interface WaitlistEntry extends Registrant {
  id: number;
  status: WaitlistStatus;
  /** Among those waiting, else null. */
  position: number | null;
  created_at: string;
  offered_at: string | null;
  offer_expires_at: string | null;
}

export interface Waitlist {
  results: WaitlistEntry[];
  waiting: number;
}

export interface PaymentDetails {
  transaction_id: string;
  payment_method: PaymentMethod;
  payment_notes: string;
}

export interface StatusUpdateArgs extends PaymentDetails {
  registration: AdminRegistration;
  status: RegistrationDecision;
}

export interface CsvFile {
  csv: string;
  filename: string;
}

const overviewTag = { type: 'Registration', id: 'OVERVIEW' } as const;
const eventTag = (eventId: number) => ({ type: 'Registration' as const, id: `EVENT-${eventId}` });
const waitlistTag = (eventId: number) => ({ type: 'Registration' as const, id: `WAITLIST-${eventId}` });

/** The query of a registrations view: the server's search and filter, one page of 20. */
function filterParams({ search, status }: RegistrationFilters) {
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(status ? { status } : {}),
  };
}

/**
 * SPEC §4's on-screen rule after a decision: approving adds one to approved, takes one from
 * pending (when the registration was pending) and recalculates available seats; rejecting,
 * Approved → Rejected included, leaves the counters as they are. The next poll brings the
 * server's figures.
 */
export function countersAfterDecision<T extends RegistrationCounters>(
  counters: T,
  previous: RegistrationStatus,
  next: RegistrationDecision,
): T {
  if (next !== 'Approved' || previous === 'Approved') return counters;
  const approved = counters.approved_registrations + 1;
  return {
    ...counters,
    approved_registrations: approved,
    pending_registrations:
      previous === 'Pending' ? Math.max(0, counters.pending_registrations - 1) : counters.pending_registrations,
    available_seats: counters.maximum_attendees === null ? null : Math.max(0, counters.maximum_attendees - approved),
  };
}

export const registrationsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRegistrationsOverview: build.query<RegistrationsOverview, OverviewArgs>({
      query: ({ status, page }) => ({
        url: 'management/registrations/overview/',
        params: { status, page, page_size: OVERVIEW_PAGE_SIZE },
      }),
      // A new, edited or deleted event changes the cards too.
      providesTags: [overviewTag, { type: 'Event', id: 'LIST' }],
    }),
    getEventRegistrations: build.query<EventRegistrations, RegistrationListArgs>({
      query: ({ eventId, page, ...filters }) => ({
        url: `management/events/${eventId}/registrations/`,
        params: { ...filterParams(filters), page, page_size: REGISTRATIONS_PAGE_SIZE },
      }),
      providesTags: (_result, _error, { eventId }) => [eventTag(eventId), { type: 'Event', id: eventId }],
    }),
    getWaitlist: build.query<Waitlist, number>({
      query: (eventId) => `management/events/${eventId}/waitlist/`,
      providesTags: (_result, _error, eventId) => [waitlistTag(eventId)],
    }),
    /**
     * The CSV of a view, fetched with the bearer token (a plain link would carry none); kept
     * as text, which the store can hold, and saved by the page.
     */
    exportRegistrations: build.mutation<CsvFile, RegistrationFilters & { eventId: number }>({
      query: ({ eventId, ...filters }) => ({
        url: `management/events/${eventId}/registrations/export/`,
        params: filterParams(filters),
        // The CSV as text; a refusal's JSON envelope still parsed as JSON.
        responseHandler: 'content-type',
      }),
      transformResponse: (csv: string, meta, { eventId }) => {
        // The app's base query passes fetchBaseQuery's meta on, though its type does not say so.
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        return { csv, filename: filenameFromDisposition(headers?.get('Content-Disposition')) ?? `registrations-${eventId}.csv` };
      },
    }),
    updateRegistrationStatus: build.mutation<{ registration: AdminRegistration; message: string }, StatusUpdateArgs>({
      query: ({ registration, status, ...payment }) => ({
        url: `management/registrations/${registration.id}/update-status/`,
        method: 'POST',
        body: { registration_status: status, ...payment },
      }),
      // The row changes in place and the counters follow SPEC §4's on-screen rule, in every
      // cached view of the event; the 30 s poll then brings the server's figures.
      async onQueryStarted({ registration, status }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const updated = data.registration;
          for (const args of registrationsAdminApi.util.selectCachedArgsForQuery(getState(), 'getEventRegistrations')) {
            if (args.eventId !== registration.event_id) continue;
            dispatch(
              registrationsAdminApi.util.updateQueryData('getEventRegistrations', args, (view) => {
                Object.assign(view, countersAfterDecision(view, registration.registration_status, status));
                const index = view.registrations.findIndex((row) => row.id === updated.id);
                if (index >= 0) view.registrations[index] = updated;
              }),
            );
          }
        } catch {
          // The dialog shows the failure; nothing changed.
        }
      },
      invalidatesTags: (_result, error, { registration }) =>
        error ? [] : [overviewTag, waitlistTag(registration.event_id), 'Dashboard', 'PublicEvent'],
    }),
  }),
});

export const {
  useGetRegistrationsOverviewQuery,
  useGetEventRegistrationsQuery,
  useGetWaitlistQuery,
  useExportRegistrationsMutation,
  useUpdateRegistrationStatusMutation,
} = registrationsAdminApi;
