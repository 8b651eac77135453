import { api } from '../../lib/api';
import type { EventStatus, Schemas } from '../../lib/api-types';

export type { EventStatus };

export type AgendaItem = Schemas['AgendaItem'];
export type EventFaq = Schemas['Faq'];

/** A picture staff uploaded: WebP files in a few widths, narrowest first, and its text alternative. */
export type UploadedEventImage = Schemas['EventImageOut'];

/**
 * An event as the public endpoints return it (SPEC §3; the server's EventOut, which the admin
 * endpoints answer too). `date` is 'yyyy-mm-dd', `time` / `end_time` 'HH:MM:SS' or null, a price
 * of 0 or null means free, `open_seats` are the seats a visitor can still take (null: unlimited),
 * `image` null: the preset picture of event_image_id is shown.
 */
export type PublicEvent = Schemas['EventOut'];

/**
 * One event as its page reads it (GET management/public-events/{id}/, the server's EventDetailOut):
 * the list's fields and `access_info`, the venue's access information (several lines; '' none),
 * which the lists leave out to stay small.
 */
export type PublicEventDetail = Schemas['EventDetailOut'];

/** True when a visitor can no longer take a seat (they can join the waiting list). Here, not
 * beside the card: the event page would otherwise fetch the whole card's chunk for it. */
export function isFull(event: PublicEvent): boolean {
  return event.open_seats === 0;
}

/** One page of the past events (GET management/public-events/?when=past), newest first. */
export type PublicEventPage = Omit<Schemas['EventPageOut'], 'results'> & { results: PublicEvent[] };

/** Past events per page of /events/past (one of the server's page sizes). */
export const PAST_PAGE_SIZE = 10;

/** The public event calls: no token needed (SPEC §6), cached by the server with an ETag. */
export const publicEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicEvents: build.query<PublicEvent[], undefined>({
      query: () => 'management/public-events/',
      providesTags: (events = []) => [
        ...events.map(({ id }) => ({ type: 'PublicEvent' as const, id })),
        { type: 'PublicEvent' as const, id: 'LIST' },
      ],
    }),
    getPastEvents: build.query<PublicEventPage, number>({
      query: (page) => ({ url: 'management/public-events/', params: { when: 'past', page, page_size: PAST_PAGE_SIZE } }),
      providesTags: (result) => [
        ...(result?.results ?? []).map(({ id }) => ({ type: 'PublicEvent' as const, id })),
        { type: 'PublicEvent' as const, id: 'PAST' },
      ],
    }),
    getPublicEvent: build.query<PublicEventDetail, number>({
      query: (id) => `management/public-events/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'PublicEvent' as const, id }],
    }),
  }),
});

export const { useGetPublicEventsQuery, useGetPastEventsQuery, useGetPublicEventQuery } = publicEventsApi;
