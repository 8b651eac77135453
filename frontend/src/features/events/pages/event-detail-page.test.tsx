import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makePublicEvent, makePublicEventDetail, publicEventHandlers } from '../mocks/public-handlers';
import { EventDetailPage } from './event-detail-page';

const CONFERENCE = makePublicEvent();
const FREE_DAY = makePublicEvent({
  id: 3,
  title: 'Deaf Awareness Community Day',
  subtitle: '',
  price: null,
  time: null,
  speakers: [],
  agenda: [],
  faqs: [],
  contact_email: '',
  contact_phone: '',
  event_image_id: 'no-such-picture',
  location: 'Amahoro Stadium grounds, Remera, Kigali',
  latitude: null,
  longitude: null,
  call_for_abstracts_url: '',
});
const FULL = makePublicEvent({ id: 4, title: 'Full Workshop', maximum_attendees: 20, total_registrations_count: 20, open_seats: 0 });
const CANCELLED = makePublicEvent({ id: 5, title: 'Interpreting for Television Training', status: 'Cancelled' });
const ACCESS_INFO = 'Step-free entrance on the east side.\nInterpreters stand left of the stage.';
const ACCESSIBLE = makePublicEventDetail({ id: 6, title: 'Legal Interpreting Workshop', access_info: ACCESS_INFO });
const ACCESSIBLE_NO_PLACE = makePublicEventDetail({
  id: 7,
  title: 'Community Day',
  latitude: null,
  longitude: null,
  access_info: 'Quiet room behind the main tent.',
});

function renderDetailPage(id: number | string) {
  return renderWithProviders(
    <Routes>
      <Route path="/event/:id" element={<EventDetailPage />} />
    </Routes>,
    { route: `/event/${id}` },
  );
}

const secondsShown = () =>
  document.querySelector('[data-unit="seconds"] .countdown__value')?.textContent ?? '';

describe('Event detail page', () => {
  beforeEach(() => {
    server.use(
      publicEventHandlers.detail([CONFERENCE, FREE_DAY, FULL, CANCELLED, ACCESSIBLE, ACCESSIBLE_NO_PLACE]),
      publicEventHandlers.config(),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner while loading, then every part of the event', async () => {
    renderDetailPage(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading event details...');

    // The page comes with the event's data: each part is waited for, not only the heading.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pan-African Sign Language Interpreters Conference' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Pan-African Event' })).toBeInTheDocument();
    expect(await screen.findByText(/^March 10, 2027 · 8:30\sAM$/)).toBeInTheDocument();
    expect(await screen.findByText('Connecting Africa through sign language')).toBeInTheDocument();
    expect((await screen.findAllByText('Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali'))[0]).toBeInTheDocument();
    expect(await screen.findByText('15,000 Rwf')).toBeInTheDocument();
    expect(await screen.findByText('Three days of keynotes, workshops and networking.')).toBeInTheDocument();

    const speakers = await screen.findByRole('region', { name: 'Featured speakers' });
    expect(within(speakers).getByText('AU')).toBeInTheDocument();
    expect(within(speakers).getByText('Dr. Aline Uwase')).toBeInTheDocument();
    expect(within(speakers).getByText('JN')).toBeInTheDocument();

    const agenda = await screen.findByRole('region', { name: 'Event schedule' });
    expect(agenda).toHaveAttribute('id', 'agenda');
    expect(within(agenda).getByText('08:30')).toBeInTheDocument();
    expect(within(agenda).getByText('Registration and welcome coffee')).toBeInTheDocument();

    const faqs = await screen.findByRole('region', { name: 'Frequently asked questions' });
    expect(within(faqs).getByText('Is there parking at the venue?')).toBeInTheDocument();
    // Set by an effect after the render.
    await waitFor(() => expect(document.title).toBe('Pan-African Sign Language Interpreters Conference | RNSLIA'));
  });

  it('links to registration with the event id, to the schedule, support and the call for abstracts', async () => {
    renderDetailPage(1);
    await screen.findByRole('heading', { level: 1 });
    expect(await screen.findByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/registration?eventId=1');
    expect(await screen.findByRole('link', { name: 'View Schedule' })).toHaveAttribute('href', '#agenda');
    expect(await screen.findByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
    const abstract = await screen.findByRole('link', { name: /^Call For Abstract/ });
    expect(abstract).toHaveAttribute('href', 'https://www.rnslia.org.rw/call-for-abstracts'); // the event's own
    expect(abstract).toHaveAttribute('target', '_blank');
    expect(abstract).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it("shows the event's own contact details, and share links built from the page address", async () => {
    renderDetailPage(1);
    await screen.findByRole('heading', { level: 1 });
    const contact = await screen.findByRole('region', { name: 'Get in Touch' });
    expect(within(contact).getByRole('link', { name: 'events@rnslia.org.rw' })).toHaveAttribute(
      'href',
      'mailto:events@rnslia.org.rw',
    );
    expect(within(contact).getByRole('link', { name: '+250 788 000 111' })).toHaveAttribute('href', 'tel:+250788000111');

    const share = await screen.findByRole('region', { name: 'Share this event' });
    const page = encodeURIComponent(`${window.location.origin}/event/1`);
    expect(within(share).getByRole('link', { name: /Facebook/ }).getAttribute('href')).toContain(page);
    expect(within(share).getByRole('link', { name: /on X/ }).getAttribute('href')).toContain(page);
    expect(within(share).getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain('wa.me');
    expect(within(share).getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toContain('linkedin.com');
    expect(within(share).getByRole('link', { name: /e-mail/ }).getAttribute('href')).toMatch(/^mailto:\?subject=Pan-African/);
  });

  it("shows the event's own venue as text with a directions link, and the map", async () => {
    renderDetailPage(1);
    await screen.findByRole('heading', { level: 1 });
    const venue = await screen.findByRole('region', { name: 'Venue' });
    expect(within(venue).getByText('Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali')).toBeInTheDocument();
    expect(within(venue).getByRole('link', { name: /^Get Directions/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=-1.954722,30.093889',
    );
    expect(await within(venue).findByRole('region', { name: 'Map of the venue' })).toBeInTheDocument();
  });

  it('shows only the location text for an event without a place, and no call for abstracts when it has none', async () => {
    renderDetailPage(3);
    await screen.findByRole('heading', { level: 1, name: 'Deaf Awareness Community Day' });
    const venue = await screen.findByRole('region', { name: 'Venue' });
    expect(within(venue).getByText('Amahoro Stadium grounds, Remera, Kigali')).toBeInTheDocument();
    expect(within(venue).queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading map...')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Map of the venue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Call for abstracts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call For Abstract/ })).not.toBeInTheDocument();
  });

  it("shows the venue's access information under its own heading, its lines kept, before the map", async () => {
    renderDetailPage(6);
    await screen.findByRole('heading', { level: 1, name: 'Legal Interpreting Workshop' });
    const venue = await screen.findByRole('region', { name: 'Venue' });
    const heading = within(venue).getByRole('heading', { level: 3, name: 'Venue access' });
    const text = heading.nextElementSibling;
    expect(text?.textContent).toBe(ACCESS_INFO);
    expect(text).toHaveClass('venue__access'); // white-space: pre-line keeps its lines
    const map = await within(venue).findByRole('region', { name: 'Map of the venue' });
    expect(heading.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the access information of an event without a map too, and no heading when there is none', async () => {
    renderDetailPage(7);
    const venue = await screen.findByRole('region', { name: 'Venue' });
    expect(within(venue).getByRole('heading', { name: 'Venue access' })).toBeInTheDocument();
    expect(within(venue).getByText('Quiet room behind the main tent.')).toBeInTheDocument();
  });

  it('says nothing of venue access when the event has none', async () => {
    renderDetailPage(1);
    await screen.findByRole('region', { name: 'Venue' });
    expect(screen.queryByRole('heading', { name: 'Venue access' })).not.toBeInTheDocument();
  });

  it('offers the waiting list instead of registering when the event is full', async () => {
    renderDetailPage(4);
    await screen.findByRole('heading', { level: 1, name: 'Full Workshop' });
    expect(screen.queryByRole('link', { name: 'Register Now' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Full, join the waiting list' })).toHaveAttribute('href', '/registration?eventId=4');
  });

  it('keeps a cancelled event readable: it says Cancelled, with no way to register and no countdown', async () => {
    renderDetailPage(5);
    await screen.findByRole('heading', { level: 1, name: 'Interpreting for Television Training' });
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText('This event will not take place. Registration is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Register|waiting list/ })).not.toBeInTheDocument();
    expect(document.querySelector('.countdown')).toBeNull();
    expect(screen.queryByText('The event starts in')).not.toBeInTheDocument();
  });

  it('shows Free, the default subtitle, picture and contacts, and the empty agenda and FAQ texts', async () => {
    renderDetailPage(3);
    await screen.findByRole('heading', { level: 1, name: 'Deaf Awareness Community Day' });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(await screen.findByText('Connecting Africa through Sign Language')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Conference Hall' })).toBeInTheDocument();
    expect(await screen.findByText('No agenda items available for this event.')).toBeInTheDocument();
    expect(await screen.findByText('No FAQs available for this event.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Featured speakers' })).not.toBeInTheDocument();
    const contact = await screen.findByRole('region', { name: 'Get in Touch' });
    // The association's contacts, from GET /api/config/, stand in for the event's missing ones.
    expect(await within(contact).findByRole('link', { name: 'info@rnslia.org.rw' })).toBeInTheDocument();
    expect(await within(contact).findByRole('link', { name: '+250 788 000 000' })).toBeInTheDocument();
  });

  it('shows the Not Found text for an event the server does not publish', async () => {
    renderDetailPage(999999);
    expect(await screen.findByRole('alert')).toHaveTextContent("Not Found! The event you're looking for doesn't exist.");
  });

  it('shows the Not Found text for an id that is not a number, without calling the server', () => {
    renderDetailPage('abc');
    expect(screen.getByRole('alert')).toHaveTextContent("Not Found! The event you're looking for doesn't exist.");
  });

  it('shows the error text when the event cannot be loaded', async () => {
    server.use(publicEventHandlers.detailFails());
    renderDetailPage(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load event details. Please try again later.');
  });

  it('counts down every second to the date and time, then says the event has started', async () => {
    // Only the clock and the interval are faked: the mocked server still answers in real time.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2027, 2, 8, 8, 29, 57)); // 2 days, 0 h, 0 min, 3 s before 08:30
    renderDetailPage(1);
    await screen.findByRole('heading', { level: 1 });

    const countdown = await screen.findByRole('region', { name: 'The event starts in' });
    const value = (unit: string) =>
      countdown.querySelector(`[data-unit="${unit}"] .countdown__value`)?.textContent;
    expect([value('days'), value('hours'), value('minutes'), value('seconds')]).toEqual(['02', '00', '00', '03']);
    expect(within(countdown).getByText('Days')).toBeInTheDocument();
    expect(within(countdown).getByText('Seconds')).toBeInTheDocument();
    // Screen readers get a summary to the minute instead of a figure changing every second.
    expect(within(countdown).getByText(/Time left before the event: 2 days, 0 hours and 0 minutes/)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(secondsShown()).toBe('02');
    act(() => vi.advanceTimersByTime(1000));
    expect(secondsShown()).toBe('01');

    vi.setSystemTime(new Date(2027, 2, 10, 8, 29, 59));
    act(() => vi.advanceTimersByTime(1000));
    expect(within(countdown).getByRole('status')).toHaveTextContent('The event has started or ended.');
    expect(countdown.querySelector('[data-unit]')).toBeNull();
  });

  it('defaults the countdown time to midnight when the event has no time', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(2027, 2, 9, 23, 59, 58));
    renderDetailPage(3); // FREE_DAY: 2027-03-10, no time
    await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('region', { name: 'The event starts in' });
    expect(secondsShown()).toBe('02');
  });
});
