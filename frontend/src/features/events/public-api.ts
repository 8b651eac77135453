import { api } from '../../lib/api';

export type EventStatus = 'Draft' | 'Published' | 'Completed' | 'Cancelled';

export interface AgendaItem {
  time: string;
  activity: string;
}

export interface EventFaq {
  question: string;
  answer: string;
}

/** An event as the public endpoints return it (SPEC §3). */
/** A picture staff uploaded: WebP files in a few widths, narrowest first, and its text alternative. */
export interface UploadedEventImage {
  alt: string;
  variants: { url: string; width: number; height: number }[];
}

export interface PublicEvent {
  id: number;
  title: string;
  subtitle: string | null;
  description: string;
  location: string;
  /** 0 or null means free. */
  price: number | null;
  /** 'yyyy-mm-dd' */
  date: string;
  /** 'HH:MM:SS', or null when not set. */
  time: string | null;
  /** 'HH:MM:SS' the same day, or null: no end time given. */
  end_time?: string | null;
  speakers: string[];
  agenda: AgendaItem[];
  faqs: EventFaq[];
  contact_email: string | null;
  contact_phone: string | null;
  social_links: { facebook?: string; twitter?: string };
  event_image_id: string | null;
  /** The uploaded picture; null (or absent): the preset one of event_image_id is shown. */
  image?: UploadedEventImage | null;
  status: EventStatus;
  maximum_attendees: number | null;
  /** The event's own place, both or neither; null: no map, the location text only. */
  latitude: number | null;
  longitude: number | null;
  /** The event's own call for abstracts; '' when it has none. */
  call_for_abstracts_url: string;
  created_at: string;
  total_registrations_count: number;
  approved_registrations_count: number;
  pending_registrations_count: number;
  available_seats: number | null;
  /** Seats a visitor can still take (0 while people wait); null when unlimited. */
  open_seats: number | null;
}

/** One page of the past events (GET management/public-events/?when=past), newest first. */
export interface PublicEventPage {
  results: PublicEvent[];
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
}

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
    getPublicEvent: build.query<PublicEvent, number>({
      query: (id) => `management/public-events/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'PublicEvent' as const, id }],
    }),
  }),
});

export const { useGetPublicEventsQuery, useGetPastEventsQuery, useGetPublicEventQuery } = publicEventsApi;
