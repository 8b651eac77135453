import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * A ticket as its public page reads it (GET tickets/{code}/, the server's TicketOut): the event,
 * its holder, the registration's `status`, `valid` (an Approved seat of an event not cancelled:
 * the door lets its holder in), and `qr_svg`, the QR code as inline SVG made by the server (null
 * when not valid: nothing to scan).
 */
export type Ticket = Schemas['TicketOut'];

/** The ticket call, with the ticket page's chunk: not in the first visit's script of other pages. */
export const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The server never caches it (no-store): the seat's status and check-in are read afresh.
    getTicket: build.query<Ticket, string>({
      query: (code) => `tickets/${encodeURIComponent(code)}/`,
    }),
  }),
});

export const { useGetTicketQuery } = ticketApi;
