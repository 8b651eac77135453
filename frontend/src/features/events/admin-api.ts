import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { AgendaItem, EventFaq, EventStatus, PublicEvent, PublicEventDetail } from './public-api';

/** The admin side of events (SPEC §2 Events management, §7 Events): list, one, create, edit, status, delete. */

// The admin endpoints answer the same event shape as the public ones (one EventOut on the server),
// of which staff also use the payment deadline (hours a registrant has to pay before the seat goes
// back; null: the association's default).
export type { AgendaItem, EventFaq, EventStatus };
export type AdminEvent = PublicEvent;
/** One event as the form edits it and every change answers it: with the venue's access information. */
export type AdminEventDetail = PublicEventDetail;

/** Every status, in the order staff meet them. */
export const EVENT_STATUSES: readonly EventStatus[] = ['Draft', 'Published', 'Completed', 'Cancelled'];

export const EVENT_PAGE_SIZES = [5, 10, 20, 50] as const;
export type EventPageSize = (typeof EVENT_PAGE_SIZES)[number];
export const DEFAULT_EVENT_PAGE_SIZE: EventPageSize = 10;

export type EventSortField = 'title' | 'date' | 'created_at';
export type EventOrdering = EventSortField | `-${EventSortField}`;
export const DEFAULT_EVENT_ORDERING: EventOrdering = '-created_at';

/** What the form sends: the server cleans it again and answers the whole event. */
export type EventInput = {
  [K in
    | 'title'
    | 'subtitle'
    | 'description'
    | 'location'
    | 'access_info'
    | 'date'
    | 'contact_email'
    | 'contact_phone'
    | 'event_image_id']: string;
} & Pick<
  AdminEvent,
  | 'price'
  | 'time'
  | 'end_time'
  | 'speakers'
  | 'agenda'
  | 'faqs'
  | 'social_links'
  | 'maximum_attendees'
  | 'payment_deadline_hours'
  | 'latitude'
  | 'longitude'
  | 'call_for_abstracts_url'
  | 'cpd_hours'
  | 'cpd_category'
> & {
    /** Only on create: an edit keeps the event's status (SPEC §4). */
    status?: EventStatus;
  };

export interface EventListArgs {
  status: EventStatus | null;
  search: string;
  ordering: EventOrdering;
  page: number;
  pageSize: EventPageSize;
}

export type EventPage = Omit<Schemas['EventPageOut'], 'results'> & { results: AdminEvent[] };

/** Every admin call carries include_all=true (SPEC §7). */
const INCLUDE_ALL = { include_all: true };
const listTag = { type: 'Event', id: 'LIST' } as const;

export const eventsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminEvents: build.query<EventPage, EventListArgs>({
      query: ({ status, search, ordering, page, pageSize }) => ({
        url: 'management/events/',
        params: {
          ...INCLUDE_ALL,
          ...(status ? { status } : {}),
          ...(search.trim() ? { search: search.trim() } : {}),
          ordering,
          page,
          page_size: pageSize,
          // SPEC §7: a cache-busting timestamp, so no proxy answers a background refresh from its cache.
          _: Date.now(),
        },
      }),
      providesTags: (result) =>
        result ? [...result.results.map(({ id }) => ({ type: 'Event' as const, id })), listTag] : [listTag],
    }),
    getAdminEvent: build.query<AdminEventDetail, number>({
      query: (id) => ({ url: `management/events/${id}/`, params: INCLUDE_ALL }),
      providesTags: (_result, _error, id) => [{ type: 'Event', id }],
      // The edit form starts from the event as it is now: no cached copy outlives the page.
      keepUnusedDataFor: 0,
    }),
    createEvent: build.mutation<AdminEventDetail, EventInput>({
      query: (body) => ({ url: 'management/events/', method: 'POST', body: body satisfies Schemas['EventIn'] }),
      invalidatesTags: [listTag, 'PublicEvent', 'Dashboard'],
    }),
    updateEvent: build.mutation<AdminEventDetail, { id: number; changes: EventInput }>({
      query: ({ id, changes }) => ({
        url: `management/events/${id}/`,
        method: 'PUT',
        params: INCLUDE_ALL,
        body: changes satisfies Schemas['EventIn'],
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Event', id }, 'PublicEvent', 'Dashboard'],
    }),
    changeEventStatus: build.mutation<AdminEventDetail, { id: number; status: EventStatus }>({
      query: ({ id, status }) => ({
        url: `management/events/${id}/change-status/`,
        method: 'POST',
        params: INCLUDE_ALL,
        body: { status } satisfies Schemas['StatusIn'],
      }),
      // The row changes in place at once (SPEC §4); the invalidation then refetches the page,
      // since a status filter may no longer match it.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data: updated } = await queryFulfilled;
          for (const args of eventsAdminApi.util.selectCachedArgsForQuery(getState(), 'getAdminEvents')) {
            dispatch(
              eventsAdminApi.util.updateQueryData('getAdminEvents', args, (page) => {
                const index = page.results.findIndex((event) => event.id === id);
                if (index >= 0) page.results[index] = updated;
              }),
            );
          }
          dispatch(eventsAdminApi.util.updateQueryData('getAdminEvent', id, () => updated));
        } catch {
          // The page shows the failure; nothing was changed.
        }
      },
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Event', id }, 'PublicEvent', 'Dashboard', 'Registration'],
    }),
    /** Uploads or replaces the event's picture, or changes only its description (multipart/form-data). */
    setEventImage: build.mutation<AdminEventDetail, { id: number; file: File | null; alt: string }>({
      query: ({ id, file, alt }) => {
        const body = new FormData();
        body.set('image_alt', alt);
        if (file) body.set('image', file);
        return { url: `management/events/${id}/image/`, method: 'POST', body };
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Event', id }, listTag, 'PublicEvent']),
    }),
    /** Back to the preset picture: the uploaded files are deleted. */
    removeEventImage: build.mutation<AdminEventDetail, number>({
      query: (id) => ({ url: `management/events/${id}/image/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Event', id }, listTag, 'PublicEvent']),
    }),
    deleteEvent: build.mutation<unknown, number>({
      query: (id) => ({ url: `management/events/${id}/`, method: 'DELETE', params: INCLUDE_ALL }),
      // The row leaves at once; the refetch that follows fills the page up again.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
          for (const args of eventsAdminApi.util.selectCachedArgsForQuery(getState(), 'getAdminEvents')) {
            dispatch(
              eventsAdminApi.util.updateQueryData('getAdminEvents', args, (page) => {
                const before = page.results.length;
                page.results = page.results.filter((event) => event.id !== id);
                if (page.results.length < before) page.count = Math.max(0, page.count - 1);
              }),
            );
          }
        } catch {
          // The page shows the failure; nothing was removed.
        }
      },
      invalidatesTags: (_result, error, id) =>
        error ? [] : [{ type: 'Event', id }, listTag, 'PublicEvent', 'Dashboard', 'Registration'],
    }),
  }),
});

export const {
  useGetAdminEventsQuery,
  useGetAdminEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useChangeEventStatusMutation,
  useDeleteEventMutation,
  useSetEventImageMutation,
  useRemoveEventImageMutation,
} = eventsAdminApi;
