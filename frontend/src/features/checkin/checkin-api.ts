import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { CheckinList, ScanBody } from './logic';

/**
 * The door's calls (docs/api.md, Tickets and check-in): the event's check-in list, a device's
 * scans sent in one list, and the undo of a mistaken check-in.
 */
const eventTag = (eventId: number) => ({ type: 'Registration' as const, id: `EVENT-${eventId}` });

export const checkinApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mutations, not queries: each is asked for by the volunteer (or the sync), and kept in IndexedDB, not the cache. */
    downloadCheckinList: build.mutation<CheckinList, number>({
      query: (eventId) => `management/events/${eventId}/checkin-list/`,
    }),
    syncCheckins: build.mutation<Schemas['CheckinsOut'], { eventId: number; scans: ScanBody[] }>({
      query: ({ eventId, scans }) => ({ url: `management/events/${eventId}/checkins/`, method: 'POST', body: scans }),
      // The registrations page's counts and rows show check-ins.
      invalidatesTags: (_result, _error, { eventId }) => [eventTag(eventId)],
    }),
    /** `ticket`: the code, or the list's hash of it (a ticket found by search). */
    undoCheckin: build.mutation<Schemas['MessageOut'], { eventId: number; ticket: string }>({
      query: ({ eventId, ticket }) => ({
        url: `management/events/${eventId}/checkins/${encodeURIComponent(ticket)}/`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { eventId }) => [eventTag(eventId)],
    }),
  }),
});

export const { useDownloadCheckinListMutation, useSyncCheckinsMutation, useUndoCheckinMutation } = checkinApi;
