import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makeTicket, publicEventHandlers } from '../mocks/public-handlers';
import { TicketPage } from './ticket-page';

const VALID = makeTicket({ event: { ...makeTicket().event, access_info: 'Step-free entrance on the east side.\nQuiet room: B2.' } });
const CHECKED_IN = makeTicket({ checked_in_at: '2027-03-10T09:14:00+02:00' });
const REJECTED = makeTicket({ status: 'Rejected', valid: false, qr_svg: null });
const EVENT_CANCELLED = makeTicket({ valid: false, qr_svg: null, event: { ...VALID.event, status: 'Cancelled' } });
const FREE_NO_PLACE = makeTicket({
  reference: null,
  event: { ...VALID.event, time: null, end_time: null, latitude: null, longitude: null, location: 'Remera, Kigali', access_info: '' },
});

function renderTicket(code: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/ticket/:code" element={<TicketPage />} />
    </Routes>,
    { route: `/ticket/${code}` },
  );
}

const facts = () => within(screen.getByRole('article'));
const fact = (term: string) => facts().getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Ticket page', () => {
  beforeEach(() => {
    server.use(
      publicEventHandlers.ticket({
        valid: VALID,
        checkedin: CHECKED_IN,
        rejected: REJECTED,
        cancelled: EVENT_CANCELLED,
        free: FREE_NO_PLACE,
      }),
      publicEventHandlers.config(),
    );
  });

  it("keeps the ticket's shape while loading, then shows the QR code, the event, the holder and how to add it to a calendar", async () => {
    renderTicket('valid');
    expect(screen.getByRole('heading', { level: 1, name: 'Your ticket' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your ticket...');

    const verdict = await screen.findByRole('heading', { name: 'Your seat is confirmed' });
    await waitFor(() => expect(verdict).toHaveFocus());
    expect(screen.getByText('Show this code at the entrance.')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code of your ticket' });
    expect(qr.querySelector('svg')).toHaveAttribute('viewBox', '0 0 29 29');
    expect(screen.getByRole('heading', { name: 'Pan-African Sign Language Interpreters Conference' })).toBeInTheDocument();
    expect(fact('Name')).toBe('Aline Mukamana');
    expect(fact('Reference')).toBe('K7M2QX');
    expect(fact('Date')).toBe('March 10, 2027');
    expect(fact('Time')).toMatch(/^8:30\sAM – 5:00\sPM$/);
    expect(fact('Place')).toBe('Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali');
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('href', '/api/tickets/valid/calendar.ics');
    expect(calendar).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'About the event' })).toHaveAttribute('href', '/event/1');
    // The venue, as the event page shows it: the address, directions, then the map.
    const venue = screen.getByRole('region', { name: 'Venue' });
    expect(within(venue).getByRole('link', { name: /Get Directions/ })).toBeInTheDocument();
    // How to get in, for the day: under its own heading, its lines kept.
    const access = within(venue).getByRole('heading', { level: 3, name: 'Venue access' });
    expect(access.nextElementSibling?.textContent).toBe('Step-free entrance on the east side.\nQuiet room: B2.');
    await waitFor(() => expect(document.title).toBe('Your ticket | RNSLIA'));
  });

  it('says when the ticket was checked in, and still shows its code', async () => {
    renderTicket('checkedin');
    expect(await screen.findByText(/^Checked in on Mar 10, 2027 at \d{1,2}:\d{2}\s[AP]M\.$/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR code of your ticket' })).toBeInTheDocument();
  });

  it('says plainly that a rejected registration’s ticket is not valid, with no code to scan and no calendar button', async () => {
    renderTicket('rejected');
    const heading = await screen.findByRole('heading', { name: 'This ticket is not valid' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('The registration was rejected: this ticket does not let anyone in.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code of your ticket' })).not.toBeInTheDocument();
    expect(document.querySelector('svg path[stroke]')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(fact('Name')).toBe('Aline Mukamana');
  });

  it("says a cancelled event's ticket is not valid, and shows no venue to go to", async () => {
    renderTicket('cancelled');
    expect(await screen.findByText('The event was cancelled: it will not take place.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code of your ticket' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Venue' })).not.toBeInTheDocument();
  });

  it('leaves out what a free event or one without a time or map has not got', async () => {
    renderTicket('free');
    await screen.findByRole('heading', { name: 'Your seat is confirmed' });
    expect(facts().queryByText('Reference')).not.toBeInTheDocument();
    expect(facts().queryByText('Time')).not.toBeInTheDocument();
    const venue = screen.getByRole('region', { name: 'Venue' });
    expect(within(venue).queryByRole('link', { name: /Get Directions/ })).not.toBeInTheDocument();
    expect(within(venue).queryByRole('heading', { name: 'Venue access' })).not.toBeInTheDocument();
  });

  it('says an unknown code is not a ticket, with a way back', async () => {
    renderTicket('no-such-code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This ticket was not found. Please check the link in your e-mail.',
    );
    expect(screen.getByRole('link', { name: 'Back to all events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks the visitor to wait when they opened too many tickets', async () => {
    server.use(publicEventHandlers.ticketLimited());
    renderTicket('valid');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a while, then reload the page.',
    );
  });
});
