import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody, Schemas } from '../../../lib/api-types';
import type { SiteConfig } from '../../../lib/site-config';
import type { PublicEvent, PublicEventDetail, PublicEventPage } from '../public-api';
import type { Ticket } from '../ticket-api';

const LIST_URL = '*/api/management/public-events/';
const DETAIL_URL = '*/api/management/public-events/:id/';
const CONFIG_URL = '*/api/config/';
const TICKET_URL = '*/api/tickets/:code/';

const NOT_FOUND: ApiErrorBody = { detail: "Not Found! The event you're looking for doesn't exist.", code: 'not_found' };

/** A published event with every field filled in; override what a test is about. */
export function makePublicEvent(overrides: Partial<PublicEvent> = {}): PublicEvent {
  return {
    id: 1,
    title: 'Pan-African Sign Language Interpreters Conference',
    subtitle: 'Connecting Africa through sign language',
    description: 'Three days of keynotes, workshops and networking.',
    location: 'Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali',
    price: 15000,
    date: '2027-03-10',
    time: '08:30:00',
    speakers: ['Dr. Aline Uwase', 'Jean Bosco Niyonzima'],
    agenda: [
      { time: '08:30', activity: 'Registration and welcome coffee' },
      { time: '09:30', activity: 'Opening keynote' },
    ],
    faqs: [{ question: 'Is there parking at the venue?', answer: 'Yes, free parking is available on site.' }],
    contact_email: 'events@rnslia.org.rw',
    contact_phone: '+250 788 000 111',
    social_links: { facebook: 'https://www.facebook.com/rnslia' },
    event_image_id: 'panafrica1',
    status: 'Published',
    maximum_attendees: 300,
    latitude: -1.954722,
    longitude: 30.093889,
    call_for_abstracts_url: 'https://www.rnslia.org.rw/call-for-abstracts',
    cpd_hours: null,
    cpd_category: '',
    created_at: '2026-11-01T10:00:00Z',
    total_registrations_count: 0,
    approved_registrations_count: 0,
    pending_registrations_count: 0,
    available_seats: 300,
    open_seats: 300,
    ...overrides,
  };
}

/** One event as its page reads it: the list's fields and the venue's access information. */
export function makePublicEventDetail(overrides: Partial<PublicEventDetail> = {}): PublicEventDetail {
  const { access_info = '', ...rest } = overrides;
  return { ...makePublicEvent(rest), access_info };
}

/** A small QR code as the server draws it (segno's inline SVG: a title, then paths). */
export const TEST_QR_SVG =
  '<svg viewBox="0 0 29 29"><title>Ticket QR code</title><path fill="#fff" d="M0 0h29v29h-29z"/>' +
  '<path stroke="#000" d="M4 4.5h7m2 0h1m-10 1h1m5 0h1"/></svg>';

/** A valid ticket of the conference (an Approved seat, not checked in); override what a test is about. */
export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    event: {
      id: 1,
      title: 'Pan-African Sign Language Interpreters Conference',
      status: 'Published',
      date: '2027-03-10',
      time: '08:30:00',
      end_time: '17:00:00',
      location: 'Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali',
      latitude: -1.954722,
      longitude: 30.093889,
      access_info: '',
    },
    holder_name: 'Aline Mukamana',
    reference: 'K7M2QX',
    status: 'Approved',
    valid: true,
    checked_in_at: null,
    qr_svg: TEST_QR_SVG,
    ...overrides,
  };
}

/** The three upcoming events of the demo data, soonest first. */
export const DEMO_PUBLIC_EVENTS: PublicEvent[] = [
  makePublicEvent({
    id: 3,
    title: 'Deaf Awareness Community Day',
    subtitle: 'Open to everyone, free of charge',
    description: 'Games, a sign language taster class and stands from partner organisations.',
    location: 'Amahoro Stadium grounds, Remera, Kigali',
    latitude: -1.955028,
    longitude: 30.114444,
    call_for_abstracts_url: '',
    price: null,
    date: '2027-03-01',
    time: '10:00:00',
    speakers: [],
    agenda: [],
    faqs: [],
    contact_email: '',
    contact_phone: '',
    event_image_id: 'afsli1',
    maximum_attendees: null,
    available_seats: null,
    open_seats: null,
  }),
  makePublicEvent({
    id: 2,
    title: 'Legal Interpreting Workshop',
    subtitle: 'Interpreting in courts and police stations',
    description: 'A practical one-day workshop on terminology, role boundaries and ethics in legal settings.',
    location: 'Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali',
    latitude: -1.9469,
    longitude: 30.0619,
    call_for_abstracts_url: '',
    price: 5000,
    date: '2027-03-05',
    time: '09:00:00',
    event_image_id: 'workshop1',
    maximum_attendees: 25,
    // As the server answers (services/events/seats.py): 22 held = 22 pending + 0 approved.
    total_registrations_count: 22,
    pending_registrations_count: 22,
    available_seats: 25,
    open_seats: 3,
  }),
  makePublicEvent(),
];

export const TEST_SITE_CONFIG: SiteConfig = {
  signed_video_max_mb: 300,
  signed_video_chunk_max_mb: 16,
  map_tile_url: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
  map_attribution: '&copy; OpenStreetMap contributors',
  association: {
    name: 'Rwanda National Sign Language Interpreters Association',
    short_name: 'RNSLIA',
    email: 'info@rnslia.org.rw',
    phone: '+250 788 000 000',
    address: 'KG 7 Ave, Kigali, Rwanda',
  },
  resource_upload_max_mb: 10,
  public_form_challenge: true,
  registration_payment_deadline_hours: 72,
  membership_fees: { Individual: 10000, Institutional: 50000 },
  payment: {
    mobile_money_number: '+250 788 314 160',
    mobile_money_name: 'RNSLIA',
    bank_name: 'Bank of Kigali',
    bank_account: '100-2233-4455-66',
    bank_account_name: 'Rwanda National Sign Language Interpreters Association',
  },
  demo: false,
};

/** MSW handlers for the public event calls (tests and local mocking). */
export const publicEventHandlers = {
  list: (events: PublicEvent[] = DEMO_PUBLIC_EVENTS) =>
    http.get(LIST_URL, async () => {
      await delay(20);
      return json<PublicEvent[]>(events);
    }),
  /** The archive: `events` newest first, `pageSize` a page, as the server pages it. */
  past: (events: PublicEvent[] = [], pageSize = 10) =>
    http.get(LIST_URL, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('when') !== 'past') return undefined;
      await delay(20);
      const totalPages = Math.max(1, Math.ceil(events.length / pageSize));
      const page = Math.min(Number(params.get('page') ?? 1), totalPages);
      const results = events.slice((page - 1) * pageSize, page * pageSize);
      return json<PublicEventPage>({ results, count: events.length, page, page_size: pageSize, total_pages: totalPages });
    }),
  listFails: () =>
    http.get(LIST_URL, () => json<ApiErrorBody>({ detail: 'Server error.', code: 'server_error' }, { status: 500 })),
  /** Answers the events it is given by id (no venue access text unless given), and the server's 404 envelope for any other id. */
  detail: (events: (PublicEvent | PublicEventDetail)[] = DEMO_PUBLIC_EVENTS) =>
    http.get(DETAIL_URL, async ({ params }) => {
      await delay(20);
      const event = events.find(({ id }) => String(id) === params.id);
      return event ? json<PublicEventDetail>({ access_info: '', ...event }) : json<ApiErrorBody>(NOT_FOUND, { status: 404 });
    }),
  detailFails: () => http.get(DETAIL_URL, () => HttpResponse.error()),
  /** Answers the tickets it is given by code, and the server's one 404 for any other code. */
  ticket: (tickets: Record<string, Ticket>) =>
    http.get(TICKET_URL, async ({ params }) => {
      await delay(20);
      const ticket = tickets[String(params.code)];
      return ticket
        ? json<Ticket>(ticket)
        : json<ApiErrorBody>({ detail: 'This ticket was not found.', code: 'ticket_not_found' }, { status: 404 });
    }),
  ticketLimited: () =>
    http.get(TICKET_URL, () =>
      json<ApiErrorBody>({ detail: 'Too many requests. Please try again later.', code: 'throttled' }, { status: 429 }),
    ),
  config: (config: SiteConfig = TEST_SITE_CONFIG) =>
    http.get(CONFIG_URL, async () => {
      await delay(20);
      return json<Schemas['ConfigOut']>(config);
    }),
};
