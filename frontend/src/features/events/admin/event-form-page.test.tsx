import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { EventInput } from '../admin-api';
import { EventFormPage } from '../pages/event-form-page';
import { REDIRECT_AFTER_SAVE_MS } from './event-form';
import { publicEventHandlers, TEST_SITE_CONFIG } from '../mocks/public-handlers';
import { eventsBackend, eventsFailure, makeAdminEvent } from './mocks/handlers';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderForm(route: string, backend = eventsBackend(), options: Parameters<typeof renderWithProviders>[1] = {}) {
  server.use(...backend.handlers);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/create-event" element={<EventFormPage />} />
        <Route path="/dashboard/edit-event/:eventId" element={<EventFormPage />} />
        <Route path="/dashboard/events" element={<p>Events list</p>} />
      </Routes>
      <CurrentPath />
      <ToastRegion />
    </>,
    { route, ...options },
  );
  return { ...view, backend };
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const path = () => screen.getByTestId('path').textContent;
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const panel = () => screen.getByRole('tabpanel');
const sentBody = (backend: ReturnType<typeof eventsBackend>, method: string) =>
  backend.requests.find((request) => request.method === method)?.body as EventInput & { status?: string };

async function fillRequired(user: ReturnType<typeof renderForm>['user'], title = 'Interpreters Summit') {
  await user.click(tab('Basic Details'));
  await user.type(screen.getByLabelText(/^Title/), title);
  await user.type(screen.getByLabelText(/^Date/), '2027-05-20');
  await user.type(screen.getByLabelText(/^Location/), 'Kigali Convention Center');
}

// These tests type whole events (dozens of keystrokes, each a few turns of the event loop): on a
// busy two-core machine that alone can take several seconds, more than the default 5 s allow.
describe('Event form: create', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has five tabs with Previous and Next between them, and arrow keys in the tab list', async () => {
    const { user } = renderForm('/dashboard/create-event');
    expect(screen.getByRole('heading', { level: 1, name: 'Create New Event' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Event details' })).getAllByRole('tab');
    expect(tabs.map((item) => item.textContent)).toEqual([
      'Basic Details',
      'Description',
      'Agenda',
      'FAQs',
      'Contact & Social',
    ]);
    expect(tab('Basic Details')).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Basic Details');
    const previous = screen.getByRole('button', { name: /Previous/ });
    const next = screen.getByRole('button', { name: /Next/ });
    expect(previous).toBeDisabled();

    await user.click(next);
    expect(tab('Description')).toHaveAttribute('aria-selected', 'true');
    expect(panel()).toHaveAccessibleName('Description');
    expect(within(panel()).getByLabelText('Speakers')).toBeInTheDocument();
    await user.click(next);
    await user.click(next);
    await user.click(next);
    expect(tab('Contact & Social')).toHaveAttribute('aria-selected', 'true');
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(tab('FAQs')).toHaveAttribute('aria-selected', 'true');

    // Roving focus: only the selected tab is in the tab order; arrows move and select.
    expect(tab('FAQs')).toHaveAttribute('tabindex', '0');
    expect(tab('Agenda')).toHaveAttribute('tabindex', '-1');
    tab('FAQs').focus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Agenda')).toHaveFocus();
    expect(tab('Agenda')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Contact & Social')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Basic Details')).toHaveFocus();
  });

  it('starts as a new event: three default FAQs, one empty agenda row, the first image', async () => {
    const { user } = renderForm('/dashboard/create-event');
    expect(screen.getByLabelText('Event image')).toHaveValue('conference1');
    expect(within(screen.getByLabelText('Event image')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Conference Hall',
      'Workshop',
      'Seminar',
      'Pan-African Event',
      'AFSLI Event',
      'Kigali Convention Center',
    ]);
    await user.selectOptions(screen.getByLabelText('Event image'), 'kcc1');
    expect(screen.getByText('Preview: Kigali Convention Center')).toBeInTheDocument();

    await user.click(tab('FAQs'));
    const questions = within(panel())
      .getAllByLabelText('Question')
      .map((input) => (input as HTMLInputElement).value);
    expect(questions).toEqual([
      'Is parking available at the venue?',
      'What documents should I bring?',
      'Can I register on-site?',
    ]);
    await user.click(tab('Agenda'));
    expect(within(panel()).getAllByRole('group', { name: /Agenda item/ })).toHaveLength(1);
    // Two ways to save a new event; no Update Event.
    expect(screen.getByRole('button', { name: 'Save & Publish' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as Draft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Event' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard/events');
    // maximum_attendees: marked, but the hint says empty means unlimited.
    expect(screen.getByLabelText(/^Maximum attendees/)).toHaveAccessibleDescription('Leave empty for unlimited.');
  });

  it('asks for title, date and location first, back on the Basic tab, without calling the server', async () => {
    const { user, backend } = renderForm('/dashboard/create-event');
    await user.click(tab('Contact & Social'));
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields: Title, Date, and Location');
    expect(tab('Basic Details')).toHaveAttribute('aria-selected', 'true');
    for (const label of [/^Title/, /^Date/, /^Location/]) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription('This field is required.');
    }
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(backend.requests).toHaveLength(0);

    // Typing fixes the field's message.
    await user.type(screen.getByLabelText(/^Title/), 'A');
    expect(screen.getByLabelText(/^Title/)).not.toHaveAttribute('aria-invalid');
  });

  it('checks the price, capacity, e-mail and links, and opens the first tab at fault', async () => {
    const { user, backend } = renderForm('/dashboard/create-event');
    await fillRequired(user);
    await user.type(screen.getByLabelText(/^Maximum attendees/), '0');
    await user.click(tab('Contact & Social'));
    await user.type(screen.getByLabelText('Contact email'), 'not-an-email');
    await user.type(screen.getByLabelText('Facebook URL'), 'facebook page');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields.');
    expect(tab('Basic Details')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Contact & Social')).toHaveTextContent('(has errors)');
    expect(screen.getByLabelText(/^Maximum attendees/)).toHaveAccessibleDescription(
      'Leave empty for unlimited. Maximum attendees must be a whole number of at least 1.',
    );
    expect(screen.getByLabelText('Contact email')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Facebook URL')).toHaveAccessibleDescription(
      'Enter a valid URL starting with http:// or https://.',
    );
    expect(backend.requests).toHaveLength(0);
  });

  it('sends cleaned data with Save & Publish: speakers split, only complete agenda and FAQ rows, no empty links', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([], { latency: 40 }), {
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    await fillRequired(user, '  Interpreters Summit  ');
    await user.type(within(panel()).getByLabelText('Time'), '09:30');
    await user.type(screen.getByLabelText(/^Price/), '2500');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.type(screen.getByLabelText('Speakers'), 'Ada, , Bo ,');

    await user.click(screen.getByRole('button', { name: /Next/ }));
    const agenda = panel();
    await user.type(within(agenda).getByLabelText('Time'), ' 09:00 ');
    await user.type(within(agenda).getByLabelText('Activity'), 'Opening');
    await user.click(within(agenda).getByRole('button', { name: 'Add Agenda Item' }));
    // The new row gets the focus; a row with a time but no activity is dropped.
    expect(within(agenda).getAllByLabelText('Time')[1]).toHaveFocus();
    await user.keyboard('10:00');

    await user.click(tab('FAQs'));
    await user.click(within(panel()).getByRole('button', { name: 'Add FAQ' }));
    await user.keyboard('A question without an answer?');

    await user.click(tab('Contact & Social'));
    await user.type(screen.getByLabelText('Twitter URL'), 'https://x.com/rnslia');
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();

    await waitFor(() =>
      expect(toasts()).toHaveTextContent('Event "Interpreters Summit" created successfully with status: Published'),
    );
    const body = sentBody(backend, 'POST');
    expect(body).toMatchObject({
      title: 'Interpreters Summit',
      date: '2027-05-20',
      time: '09:30',
      location: 'Kigali Convention Center',
      price: 2500,
      maximum_attendees: null,
      speakers: ['Ada', 'Bo'],
      agenda: [{ time: '09:00', activity: 'Opening' }],
      social_links: { twitter: 'https://x.com/rnslia' },
      event_image_id: 'conference1',
      payment_deadline_hours: null,
      status: 'Published',
    });
    expect(body.faqs.map((faq) => faq.question)).toEqual([
      'Is parking available at the venue?',
      'What documents should I bring?',
      'Can I register on-site?',
    ]);

    // A success message on the form (a render after the toast's), then the list after 2 s.
    expect(await screen.findByText(/created successfully with status: Published Returning to the events list/)).toHaveClass(
      'notice--success',
    );
    // From here the clock moves only when told: its 20 ms ticks, one per turn of a busy machine's
    // event loop, would otherwise eat into the 100 ms before the redirect.
    vi.setTimerTickMode('manual');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_SAVE_MS - 100));
    expect(path()).toBe('/dashboard/create-event');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(path()).toBe('/dashboard/events');
  });

  it('saves as Draft with Save as Draft', async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() =>
      expect(toasts()).toHaveTextContent('Event "Interpreters Summit" created successfully with status: Draft'),
    );
    expect(sentBody(backend, 'POST')).toMatchObject({ status: 'Draft', speakers: [], agenda: [], social_links: {} });
  });

  it("asks for the payment deadline beside price and capacity, naming the association's default, and sends it", async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    const deadline = within(panel()).getByLabelText('Payment deadline (hours)');
    expect(deadline).not.toBeRequired();
    expect(deadline).toHaveValue(null);
    // The default comes from the server's settings (GET /api/config/).
    await waitFor(() =>
      expect(deadline).toHaveAccessibleDescription(
        "For paid events. Unpaid seats go back this many hours after sign-up, and never later than the start. Leave empty to use the association's default: 72 hours.",
      ),
    );
    await fillRequired(user);
    await user.type(screen.getByLabelText(/^Price/), '3000');
    await user.type(deadline, '48');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('created successfully with status: Draft'));
    expect(sentBody(backend, 'POST')).toMatchObject({ price: 3000, payment_deadline_hours: 48 });
  });

  it('says when the association has no default deadline', async () => {
    server.use(publicEventHandlers.config({ ...TEST_SITE_CONFIG, registration_payment_deadline_hours: null }));
    renderForm('/dashboard/create-event');
    await waitFor(() =>
      expect(screen.getByLabelText('Payment deadline (hours)')).toHaveAccessibleDescription(
        expect.stringContaining('Leave empty for no deadline: the association sets none by default.'),
      ),
    );
  });

  it.each(['0', '2.5', '9000'])('refuses a payment deadline of %s hours before calling the server', async (hours) => {
    const { user, backend } = renderForm('/dashboard/create-event');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Payment deadline (hours)'), hours);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    const deadline = screen.getByLabelText('Payment deadline (hours)');
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    expect(deadline).toHaveAccessibleDescription(
      expect.stringContaining('The payment deadline must be a whole number of hours from 1 to 8760 (one year).'),
    );
    await waitFor(() => expect(deadline).toHaveFocus());
    expect(backend.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's message about the deadline on its field, back on the Basic tab", async () => {
    const { user } = renderForm('/dashboard/create-event');
    const message = 'The payment deadline must be a whole number of hours between 1 and 8760.';
    server.use(eventsFailure('post', 'list', 400, { detail: message, code: 'validation_error', fields: { payment_deadline_hours: message } }));
    await fillRequired(user);
    await user.type(screen.getByLabelText('Payment deadline (hours)'), '24');
    await user.click(tab('Contact & Social'));
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));
    await waitFor(() => expect(tab('Basic Details')).toHaveAttribute('aria-selected', 'true'));
    const deadline = screen.getByLabelText('Payment deadline (hours)');
    expect(deadline).toHaveAttribute('aria-invalid', 'true');
    expect(deadline).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(deadline).toHaveFocus());
  });

  it('removes agenda and FAQ rows only while more than one remains', async () => {
    const { user } = renderForm('/dashboard/create-event');
    await user.click(tab('Agenda'));
    expect(within(panel()).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Add Agenda Item' }));
    expect(within(panel()).getAllByRole('button', { name: /Remove agenda item/ })).toHaveLength(2);
    await user.click(within(panel()).getByRole('button', { name: 'Remove agenda item 1' }));
    expect(within(panel()).getAllByRole('group', { name: /Agenda item/ })).toHaveLength(1);
    expect(within(panel()).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Add Agenda Item' })).toHaveFocus();

    await user.click(tab('FAQs'));
    await user.click(within(panel()).getByRole('button', { name: 'Remove FAQ 2' }));
    await user.click(within(panel()).getByRole('button', { name: 'Remove FAQ 1' }));
    expect(within(panel()).getAllByRole('group', { name: /FAQ/ })).toHaveLength(1);
    expect(within(panel()).getByLabelText('Question')).toHaveValue('Can I register on-site?');
    expect(within(panel()).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it("shows the server's field messages next to the fields, with its detail in a banner and a toast", async () => {
    const { user } = renderForm('/dashboard/create-event');
    server.use(
      eventsFailure('post', 'list', 400, {
        detail: 'Price must be a number of at least 0.',
        code: 'validation_error',
        fields: {
          contact_email: 'Enter a valid e-mail address.',
          price: 'Price must be a number of at least 0.',
          'social_links.facebook': 'Enter a valid URL.',
        },
      }),
    );
    await fillRequired(user);
    await user.click(tab('Contact & Social'));
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Price must be a number of at least 0.'));
    await waitFor(() => expect(toasts()).toHaveTextContent('Price must be a number of at least 0.'));
    expect(tab('Basic Details')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText(/^Price/)).toHaveAccessibleDescription(
      'Leave empty or 0 for a free event. Price must be a number of at least 0.',
    );
    expect(screen.getByLabelText('Contact email')).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(screen.getByLabelText('Facebook URL')).toHaveAccessibleDescription('Enter a valid URL.');
    expect(path()).toBe('/dashboard/create-event');
    expect(await screen.findByRole('button', { name: 'Save & Publish' })).toBeEnabled();
  });

  it('falls back to a general message when the server cannot be reached', async () => {
    const { user } = renderForm('/dashboard/create-event');
    server.use(eventsFailure('post', 'list', 'network'));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save & Publish' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create event. Please try again.'),
    );
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to create event. Please try again.'));
  });
});

describe('Event form: edit', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const existing = makeAdminEvent({
    id: 42,
    title: 'Ethics Seminar',
    status: 'Cancelled',
    time: '14:00:00',
    price: 1500,
    maximum_attendees: null,
    speakers: ['Ada', 'Bo'],
    agenda: [],
    faqs: [],
    social_links: {},
  });

  it('loads the event, keeps its status (a badge, no control) and sends an update without status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, backend } = renderForm('/dashboard/edit-event/42', eventsBackend([existing]), {
      user: { advanceTimers: vi.advanceTimersByTime },
    });
    expect(screen.getByText('Loading event...')).toBeInTheDocument();
    // The form arrives with the event: each of its parts is waited for, not only the title.
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Ethics Seminar');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toHaveClass('status-badge');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(within(await screen.findByRole('tabpanel')).getByLabelText('Time')).toHaveValue('14:00');
    expect(await screen.findByLabelText(/^Price/)).toHaveValue(1500);
    expect(await screen.findByLabelText(/^Maximum attendees/)).toHaveValue(null);
    expect(await screen.findByRole('button', { name: 'Update Event' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save & Publish' })).not.toBeInTheDocument();
    expect(backend.requests[0]?.url.searchParams.get('include_all')).toBe('true');

    await user.click(tab('Description'));
    expect(screen.getByLabelText('Speakers')).toHaveValue('Ada, Bo');
    // Empty lists get one blank row; social links start empty.
    await user.click(tab('Agenda'));
    expect(within(panel()).getByLabelText('Time')).toHaveValue('');
    await user.click(tab('FAQs'));
    expect(within(panel()).getByLabelText('Question')).toHaveValue('');
    await user.click(tab('Contact & Social'));
    expect(screen.getByLabelText('Facebook URL')).toHaveValue('');

    await user.click(tab('Basic Details'));
    await user.clear(screen.getByLabelText(/^Title/));
    await user.type(screen.getByLabelText(/^Title/), 'Ethics Seminar 2027');
    await user.click(screen.getByRole('button', { name: 'Update Event' }));

    await waitFor(() => expect(toasts()).toHaveTextContent('Event "Ethics Seminar 2027" updated successfully'));
    const body = sentBody(backend, 'PUT');
    expect(body).not.toHaveProperty('status');
    expect(body).toMatchObject({ title: 'Ethics Seminar 2027', agenda: [], faqs: [], speakers: ['Ada', 'Bo'], price: 1500 });
    expect(backend.requests.find((request) => request.method === 'PUT')?.url.pathname).toBe('/api/management/events/42/');
    expect(screen.getByText('Cancelled')).toBeInTheDocument();

    // The redirect is timed from the form's own success message, a render after the toast's.
    expect(
      await screen.findByText('Event "Ethics Seminar 2027" updated successfully Returning to the events list...'),
    ).toHaveClass('notice--success');
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_AFTER_SAVE_MS));
    expect(path()).toBe('/dashboard/events');
  });

  it("loads the event's own payment deadline; emptied, it goes back to the association's default", async () => {
    const { user, backend } = renderForm('/dashboard/edit-event/42', eventsBackend([{ ...existing, payment_deadline_hours: 24 }]));
    const deadline = await screen.findByLabelText('Payment deadline (hours)');
    await waitFor(() => expect(deadline).toHaveValue(24));
    await user.clear(deadline);
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('updated successfully'));
    expect(sentBody(backend, 'PUT')).toMatchObject({ payment_deadline_hours: null });
  });

  it('shows the load failure as a toast and a page message', async () => {
    renderForm('/dashboard/edit-event/404', eventsBackend([existing]));
    expect(await screen.findByText('Failed to load event data. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to load event: Event not found.'));
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Events' })).toHaveAttribute('href', '/dashboard/events');
  });

  it('shows the update failure from the server', async () => {
    const { user } = renderForm('/dashboard/edit-event/42', eventsBackend([existing]));
    await screen.findByLabelText(/^Title/);
    server.use(eventsFailure('put', 'item', 403, { message: 'You may not edit this event.' }));
    await user.click(await screen.findByRole('button', { name: 'Update Event' }));
    // The event form's own alert (the signed video's section below it has its own, empty).
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('You may not edit this event.'));
    await waitFor(() => expect(toasts()).toHaveTextContent('You may not edit this event.'));
  });
});

describe("Event form: the event's own place and call for abstracts", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('sends the latitude and longitude typed, and the call for abstracts', async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    await user.type(screen.getByLabelText('Latitude'), '-1.9469');
    await user.type(screen.getByLabelText('Longitude'), '30.0619');
    await user.click(tab('Contact & Social'));
    await user.type(screen.getByLabelText('Call for abstracts (URL)'), 'https://example.org/abstracts');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('created successfully'));
    expect(sentBody(backend, 'POST')).toMatchObject({
      latitude: -1.9469,
      longitude: 30.0619,
      call_for_abstracts_url: 'https://example.org/abstracts',
    });
  });

  it('sends the CPD hours and category, and refuses hours out of range on their field', async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    const hours = screen.getByLabelText('CPD hours');
    await user.type(hours, '41');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(hours).toHaveFocus());
    expect(hours).toHaveAccessibleDescription(/CPD hours must be a number from 0 to 40/);
    await user.clear(hours);
    await user.type(hours, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Choose the category of the CPD hours.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('CPD category'), 'Deaf community and culture');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('created successfully'));
    expect(sentBody(backend, 'POST')).toMatchObject({ cpd_hours: 2.5, cpd_category: 'Deaf community and culture' });
  });

  it('sends no place when both are empty: the event has no map', async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('created successfully'));
    expect(sentBody(backend, 'POST')).toMatchObject({ latitude: null, longitude: null, call_for_abstracts_url: '' });
  });

  it.each([
    ['95', '30', 'Latitude', 'Latitude must be a number from -90 to 90.'],
    ['-1.9', '181', 'Longitude', 'Longitude must be a number from -180 to 180.'],
    ['-1.9', '', 'Longitude', 'Give both latitude and longitude, or neither.'],
  ])('refuses latitude %j and longitude %j on the field at fault, focused', async (latitude, longitude, label, message) => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    if (latitude) await user.type(screen.getByLabelText('Latitude'), latitude);
    if (longitude) await user.type(screen.getByLabelText('Longitude'), longitude);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    const field = screen.getByLabelText(label);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(backend.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("shows the server's message on the place field", async () => {
    const { user } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    server.use(
      eventsFailure('post', 'list', 400, {
        detail: 'Latitude must be a number from -90 to 90.',
        code: 'validation_error',
        fields: { latitude: 'Latitude must be a number from -90 to 90.' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveFocus());
    expect(screen.getByLabelText('Latitude')).toHaveAccessibleDescription(expect.stringContaining('Latitude must be a number'));
  });

  it("loads the event's place, opens the map on demand, and removes the place", async () => {
    server.use(publicEventHandlers.config());
    const event = makeAdminEvent({ id: 42, latitude: -1.954722, longitude: 30.093889, call_for_abstracts_url: 'https://example.org/cfa' });
    const { user, backend } = renderForm('/dashboard/edit-event/42', eventsBackend([event]));
    const latitude = await screen.findByLabelText('Latitude');
    await waitFor(() => expect(latitude).toHaveValue(-1.954722));
    expect(screen.getByLabelText('Longitude')).toHaveValue(30.093889);
    // Leaflet loads only when asked for.
    expect(screen.queryByRole('region', { name: "Map: click to set the event's place" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose on the map' }));
    const map = await screen.findByRole('region', { name: "Map: click to set the event's place" });
    expect(await within(map).findByRole('button', { name: "The event's place" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the map' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('button', { name: 'Remove the place' }));
    expect(latitude).toHaveValue(null);
    await user.click(tab('Contact & Social'));
    expect(screen.getByLabelText('Call for abstracts (URL)')).toHaveValue('https://example.org/cfa');
    await user.clear(screen.getByLabelText('Call for abstracts (URL)'));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('updated successfully'));
    expect(sentBody(backend, 'PUT')).toMatchObject({ latitude: null, longitude: null, call_for_abstracts_url: '' });
  });
});

describe("Event form: the venue's access information", () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks for it beside the place, with its hint tied to it, and sends its lines trimmed', async () => {
    const { user, backend } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    const access = within(panel()).getByLabelText('Venue access');
    expect(access.tagName).toBe('TEXTAREA');
    expect(access).toHaveAccessibleDescription(expect.stringContaining('step-free entrance, where the interpreters stand'));
    await user.type(access, '  Step-free entrance on the east side.{Enter}Interpreters left of the stage.  ');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('created successfully'));
    expect(sentBody(backend, 'POST')).toMatchObject({
      access_info: 'Step-free entrance on the east side.\nInterpreters left of the stage.',
    });
  });

  it("loads the event's text, and emptied it says nothing any more", async () => {
    const event = makeAdminEvent({ id: 42, access_info: 'Lift to floor 2.\nQuiet room: B2.' });
    const { user, backend } = renderForm('/dashboard/edit-event/42', eventsBackend([event]));
    const access = await screen.findByLabelText('Venue access');
    await waitFor(() => expect(access).toHaveValue('Lift to floor 2.\nQuiet room: B2.'));
    await user.clear(access);
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('updated successfully'));
    expect(sentBody(backend, 'PUT')).toMatchObject({ access_info: '' });
  });

  it("shows the server's message on the field, back on the Basic tab, focused", async () => {
    const { user } = renderForm('/dashboard/create-event', eventsBackend([]));
    await fillRequired(user);
    await user.click(tab('Contact & Social'));
    const message = 'This text contains characters that are not allowed (control or direction characters).';
    server.use(
      eventsFailure('post', 'list', 400, { detail: message, code: 'forbidden_characters', fields: { access_info: message } }),
    );
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    const access = await screen.findByLabelText('Venue access');
    await waitFor(() => expect(access).toHaveFocus());
    expect(access).toHaveAttribute('aria-invalid', 'true');
    expect(access).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});
