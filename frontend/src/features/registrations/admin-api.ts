import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { api } from '../../lib/api';
import type { EventStatus, RegistrationStatus, Schemas } from '../../lib/api-types';
import { errorStatus } from '../../lib/api-error';
import { filenameFromDisposition } from '../../lib/save-file';

/**
 * The admin side of event registrations (SPEC §2 Registrations, §7, docs/api.md "Event
 * registration"): the overview of events with their counts, one event's registrations (the
 * payment desk), its waiting list, the CSV export, one decision (approve, reject, cancel) and
 * many at once (reject or cancel).
 */

export type { EventStatus, RegistrationStatus };
/** The overview's tab order (the events list's filter order). */
export const EVENT_STATUSES: readonly EventStatus[] = ['Draft', 'Published', 'Completed', 'Cancelled'];

/**
 * Pending and Approved hold a seat; Rejected, Expired (never confirmed, or unpaid by the
 * deadline) and Cancelled have ended and hold none.
 */
export const REGISTRATION_STATUSES: readonly RegistrationStatus[] = ['Pending', 'Approved', 'Rejected', 'Expired', 'Cancelled'];
/** What staff may set: a registration never goes back to Pending, and only the server expires one. */
export type RegistrationDecision = 'Approved' | 'Rejected' | 'Cancelled';
/** Why a registration ended without a staff decision ('' while it has not). */
export type EndedReason = Schemas['RegistrationOut']['ended_reason'];

/** The decisions the server allows from each status (docs/api.md "update-status"). */
export const DECISIONS: Record<RegistrationStatus, readonly RegistrationDecision[]> = {
  Pending: ['Approved', 'Rejected', 'Cancelled'],
  Approved: ['Rejected', 'Cancelled'],
  Rejected: ['Approved'],
  Expired: ['Approved'],
  Cancelled: ['Approved'],
};

/** Many registrations of one event at once: only rejecting and cancelling (an approval records one payment). */
export type BulkAction = 'reject' | 'cancel';
/** The statuses that hold a seat. */
export const holdsSeat = (status: RegistrationStatus) => status === 'Pending' || status === 'Approved';
/** The statuses a bulk action can change (both actions allow the same ones): those holding a seat. */
export const canBulkDecide = holdsSeat;

export const PAYMENT_METHODS = ['Mobile Money', 'Bank Transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'Mobile Money';

/** SPEC §9: six event cards a page. */
export const OVERVIEW_PAGE_SIZE = 6;
/** One event's registrations, a page at a time. */
export const REGISTRATIONS_PAGE_SIZE = 20;

/** An event as the overview lists it, with its registration counts (available_seats: maximum minus approved, or null when unlimited). */
export type EventSummary = Schemas['EventSummary'];

interface Page {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
}

/** status_counts: only the statuses that have events, whatever the filter. */
export type RegistrationsOverview = Schemas['OverviewOut'];

export interface OverviewArgs {
  status: EventStatus;
  page: number;
}

/**
 * A registration as staff see it (SPEC §3 "Registration (as managed by admin)"): decided_by is the
 * staff member who approved, rejected or cancelled it; hold_expires_at the end of an unconfirmed
 * sign-up's hold; payment_due_at when an unpaid seat goes back; ended_reason set on an Expired or
 * Cancelled one.
 */
export type AdminRegistration = Schemas['RegistrationOut'];

/** The event's counters, for the whole event whatever the search or filter. */
export type RegistrationCounters = Pick<
  Schemas['EventRegistrationsOut'],
  | 'total_registrations'
  | 'pending_registrations'
  | 'approved_registrations'
  | 'rejected_registrations'
  | 'expired_registrations'
  | 'cancelled_registrations'
  | 'maximum_attendees'
  | 'available_seats'
  | 'open_seats'
  | 'waitlist_count'
  | 'checked_in_registrations'
>;

/** Registrations holding a seat that need an interpreter, and by declared disability ('None' left out). */
export type AccessNeeds = Schemas['AccessNeeds'];

// The paging fields are null only when no page is asked; this call always asks for one.
export type EventRegistrations = Omit<Schemas['EventRegistrationsOut'], keyof Page> & Page;

export interface RegistrationFilters {
  /** Name, e-mail, phone or payment reference. */
  search: string;
  status: RegistrationStatus | null;
}

export interface RegistrationListArgs extends RegistrationFilters {
  eventId: number;
  page: number;
}

export type WaitlistStatus = Schemas['WaitlistEntryOut']['status'];

/** position: among those waiting with a confirmed address (only they are offered seats), else null. */
export type WaitlistEntry = Schemas['WaitlistEntryOut'];

export type Waitlist = Schemas['WaitlistOut'];

/** One decision: an approval records the payment; a rejection or cancellation may give a reason. */
export type StatusUpdateArgs = { registration: AdminRegistration; payment_notes: string } & (
  // A free seat is approved with no payment: '' for both.
  | { status: 'Approved'; transaction_id: string; payment_method: PaymentMethod | '' }
  | { status: 'Rejected' | 'Cancelled'; reason: string }
);

export type DecisionAnswer = Schemas['DecisionOut'];

export interface BulkDecisionArgs {
  eventId: number;
  ids: number[];
  action: BulkAction;
  reason: string;
}

/** skipped: not of this event, or its status no longer allows the action; message in the request's language. */
export type BulkDecisionAnswer = Schemas['BulkOut'];

/** One registration or waiting-list place to erase, and the event whose views show it. */
export interface EraseArgs {
  id: number;
  eventId: number;
}

/** 'Registration erased.' or 'Waiting-list entry erased.', in the language of the request. */
export type EraseAnswer = Schemas['MessageOut'];

export interface CsvFile {
  csv: string;
  filename: string;
}

const overviewTag = { type: 'Registration', id: 'OVERVIEW' } as const;
// The payment desk's list (features/payments), which lists seats waiting for their payment.
const deskTag = { type: 'Registration', id: 'DESK' } as const;
const eventTag = (eventId: number) => ({ type: 'Registration' as const, id: `EVENT-${eventId}` });
const waitlistTag = (eventId: number) => ({ type: 'Registration' as const, id: `WAITLIST-${eventId}` });

/** The query of a registrations view: the server's search and filter, one page of 20. */
function filterParams({ search, status }: RegistrationFilters) {
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(status ? { status } : {}),
  };
}

/** What a decision changes: the event's view (rows and counters), the overview's cards, the
 * waiting list (a freed seat is offered), the dashboard's figures and the public seat counts. */
const afterDecision = (eventId: number) =>
  [eventTag(eventId), overviewTag, waitlistTag(eventId), deskTag, 'Dashboard', 'PublicEvent'] as const;

/** After an erasure, or a 404 (somebody erased it first): either way the row is gone. */
const gone = (error: unknown) => error === undefined || errorStatus(error) === 404;

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
    /** One registration as staff open its details: the server records each opening (audit trail). */
    getRegistration: build.query<AdminRegistration, number>({
      query: (id) => `management/registrations/${id}/`,
      keepUnusedDataFor: 0,
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
    /** The event's attendance as CSV (who was checked in at the door, when, by which device): fetched as the export above. */
    exportAttendance: build.mutation<CsvFile, { eventId: number }>({
      query: ({ eventId }) => ({
        url: `management/events/${eventId}/attendance/`,
        params: { format: 'csv' },
        responseHandler: 'content-type',
      }),
      transformResponse: (csv: string, meta, { eventId }) => {
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        return { csv, filename: filenameFromDisposition(headers?.get('Content-Disposition')) ?? `attendance-${eventId}.csv` };
      },
    }),
    updateRegistrationStatus: build.mutation<DecisionAnswer, StatusUpdateArgs>({
      query: ({ registration, ...decision }) => {
        const { status, payment_notes } = decision;
        return {
          url: `management/registrations/${registration.id}/update-status/`,
          method: 'POST',
          // Every field of DecisionIn has a default ('' on the server): each decision sends its own.
          body: (decision.status === 'Approved'
              ? {
                  registration_status: status,
                  transaction_id: decision.transaction_id,
                  payment_method: decision.payment_method,
                  payment_notes,
                }
              : { registration_status: status, reason: decision.reason, payment_notes }) satisfies Partial<Schemas['DecisionIn']>,
        };
      },
      // The row shows the decision at once in every cached view of the event; the counters are
      // the server's, refetched with the view (no arithmetic of our own: holds lapse, registrations
      // expire and other staff decide meanwhile, which only the server counts right).
      async onQueryStarted({ registration }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const updated = data.registration;
          for (const args of registrationsAdminApi.util.selectCachedArgsForQuery(getState(), 'getEventRegistrations')) {
            if (args.eventId !== registration.event_id) continue;
            dispatch(
              registrationsAdminApi.util.updateQueryData('getEventRegistrations', args, (view) => {
                const index = view.registrations.findIndex((row) => row.id === updated.id);
                if (index >= 0) view.registrations[index] = updated;
              }),
            );
          }
        } catch {
          // The dialog shows the failure; nothing changed.
        }
      },
      invalidatesTags: (_result, error, { registration }) => (error ? [] : [...afterDecision(registration.event_id)]),
    }),
    /** Reject or cancel many registrations of one event; the view is refetched. */
    bulkDecideRegistrations: build.mutation<BulkDecisionAnswer, BulkDecisionArgs>({
      query: ({ eventId, ids, action, reason }) => ({
        url: `management/events/${eventId}/registrations/bulk/`,
        method: 'POST',
        body: { ids, action, reason } satisfies Schemas['BulkIn'],
      }),
      invalidatesTags: (_result, error, { eventId }) => (error ? [] : [...afterDecision(eventId)]),
    }),
    /**
     * Erase one registration with the e-mails about it (docs/api.md): its seat goes back, to the
     * waiting list first. The row leaves every cached view of the event at once; the counters and
     * the waiting list are the server's, read again.
     */
    eraseRegistration: build.mutation<EraseAnswer, EraseArgs>({
      query: ({ id }) => ({ url: `management/registrations/${id}/`, method: 'DELETE' }),
      async onQueryStarted({ id, eventId }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!gone((failure as { error?: unknown }).error)) return;
        }
        for (const args of registrationsAdminApi.util.selectCachedArgsForQuery(getState(), 'getEventRegistrations')) {
          if (args.eventId !== eventId) continue;
          dispatch(
            registrationsAdminApi.util.updateQueryData('getEventRegistrations', args, (view) => {
              view.registrations = view.registrations.filter((row) => row.id !== id);
            }),
          );
        }
      },
      invalidatesTags: (_result, error, { eventId }) => (gone(error) ? [...afterDecision(eventId)] : []),
    }),
    /** Erase one waiting-list place with its e-mails: an offer it held passes to the next person. */
    eraseWaitlistEntry: build.mutation<EraseAnswer, EraseArgs>({
      query: ({ id }) => ({ url: `management/waitlist/${id}/`, method: 'DELETE' }),
      async onQueryStarted({ id, eventId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch (failure) {
          if (!gone((failure as { error?: unknown }).error)) return;
        }
        dispatch(
          registrationsAdminApi.util.updateQueryData('getWaitlist', eventId, (waitlist) => {
            waitlist.results = waitlist.results.filter((entry) => entry.id !== id);
          }),
        );
      },
      invalidatesTags: (_result, error, { eventId }) => (gone(error) ? [...afterDecision(eventId)] : []),
    }),
  }),
});

export const {
  useGetRegistrationsOverviewQuery,
  useGetEventRegistrationsQuery,
  useGetWaitlistQuery,
  useGetRegistrationQuery,
  useExportRegistrationsMutation,
  useExportAttendanceMutation,
  useUpdateRegistrationStatusMutation,
  useBulkDecideRegistrationsMutation,
  useEraseRegistrationMutation,
  useEraseWaitlistEntryMutation,
} = registrationsAdminApi;
