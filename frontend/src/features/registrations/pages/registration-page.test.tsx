import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { allSolved } from '../../../testing/challenge-handlers';
import { challengesSentTo } from '../../../testing/challenge-requests';
import { server } from '../../../testing/server';
import { makePublicEvent, publicEventHandlers } from '../../events/mocks/public-handlers';
import type { PublicEvent } from '../../events/public-api';
import {
  makeFreeRegistrationAnswer,
  OFFER_REGISTRANT,
  registrationHandlers,
} from '../mocks/public-handlers';
import type { RegistrationPayload } from '../public-api';
import { RegistrationPage } from './registration-page';

/** An event as the server answers it: the seat figures (open_seats too) are the server's, given whole. */
function eventWith(overrides: Partial<PublicEvent> = {}) {
  return makePublicEvent(overrides);
}

const CONFERENCE = eventWith({
  maximum_attendees: 50,
  total_registrations_count: 15,
  approved_registrations_count: 12,
  pending_registrations_count: 3,
  available_seats: 38,
  open_seats: 35,
});
const FREE_DAY = eventWith({
  id: 3,
  title: 'Deaf Awareness Community Day',
  price: null,
  time: null,
  contact_email: '',
  contact_phone: '',
  maximum_attendees: null,
  available_seats: null,
  open_seats: null,
});
const FULL = eventWith({
  id: 4,
  title: 'Ethics Seminar',
  maximum_attendees: 20,
  total_registrations_count: 20,
  approved_registrations_count: 15,
  pending_registrations_count: 5,
  available_seats: 5,
  open_seats: 0,
});
const COMPLETED = eventWith({ id: 5, title: 'Interpreters Summit 2026', status: 'Completed' });

function renderPage(route: string) {
  return renderWithProviders(
    <>
      <RegistrationPage />
      <ToastRegion />
    </>,
    { route },
  );
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const textbox = (name: string) => screen.getByRole('textbox', { name });
const combobox = (name: string) => screen.getByRole('combobox', { name });
const terms = () => screen.getByRole('checkbox', { name: 'I agree to the terms and conditions of the event registration' });

/** Waits for the form (after the event's fetch), then fills it in as a visitor would. */
async function fillIn(user: ReturnType<typeof renderPage>['user'], { agree = true } = {}) {
  await user.type(await screen.findByRole('textbox', { name: 'Full name' }), '  Aline Uwase ');
  await user.type(textbox('Phone'), '0788 123 456');
  await user.type(textbox('Email'), 'aline@example.rw');
  await user.selectOptions(combobox('Preferred language'), 'Kinyarwanda');
  await user.selectOptions(combobox('Disability'), 'None');
  await user.click(screen.getByRole('checkbox', { name: 'I need a sign language interpreter' }));
  if (agree) await user.click(terms());
}

/** Renders the page, fills the form in and presses Register. */
async function submitFilledForm(route = '/registration?eventId=1') {
  const view = renderPage(route);
  await fillIn(view.user);
  await view.user.click(screen.getByRole('button', { name: 'Register' }));
  return view;
}

function deferred() {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('Event registration page', () => {
  beforeEach(() => {
    // Failed registrations are logged on purpose (SPEC §8); keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(publicEventHandlers.detail([CONFERENCE, FREE_DAY, FULL, COMPLETED]));
  });

  describe('before the form', () => {
    it('says so when the address names no event', async () => {
      renderPage('/registration');
      expect(screen.getByRole('heading', { level: 1, name: 'Event Registration' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('No event specified. Please select an event to register for.');
      expect(screen.getByRole('link', { name: 'Browse upcoming events' })).toHaveAttribute('href', '/events');
      await waitFor(() => expect(document.title).toBe('Event Registration | RNSLIA'));
    });

    it('shows a busy spinner while the event loads, then the event and the form', async () => {
      renderPage('/registration?eventId=1');
      const spinner = screen.getByRole('status');
      expect(spinner).toHaveTextContent('Loading...');
      expect(spinner.closest('[aria-busy="true"]')).not.toBeNull();

      const summary = await screen.findByRole('region', { name: 'Pan-African Sign Language Interpreters Conference' });
      expect(within(summary).getByText('March 10, 2027')).toBeInTheDocument();
      expect(within(summary).getByText(/^8:30\sAM$/)).toBeInTheDocument();
      expect(within(summary).getByText('Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali')).toBeInTheDocument();
      expect(within(summary).getByText('15,000 Rwf')).toBeInTheDocument();
      expect(within(summary).getByRole('link', { name: 'events@rnslia.org.rw' })).toHaveAttribute(
        'href',
        'mailto:events@rnslia.org.rw',
      );
      expect(within(summary).getByRole('link', { name: '+250 788 000 111' })).toHaveAttribute('href', 'tel:+250788000111');
      expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    });

    it("shows a free event's price, and neither capacity nor organizer without them", async () => {
      renderPage('/registration?eventId=3');
      const summary = await screen.findByRole('region', { name: 'Deaf Awareness Community Day' });
      expect(within(summary).getByText('Free')).toBeInTheDocument();
      expect(within(summary).queryByRole('progressbar')).not.toBeInTheDocument();
      expect(within(summary).queryByRole('heading', { name: 'Organizer contact' })).not.toBeInTheDocument();
    });

    it("shows the capacity: approved and pending counts, the bar and the seats left", async () => {
      renderPage('/registration?eventId=1');
      const bar = await screen.findByRole('progressbar', { name: 'Seats taken' });
      expect(bar).toHaveAttribute('aria-valuetext', '15 of 50 seats taken');
      expect(screen.getByText('12 approved (+3 pending) of 50 seats')).toBeInTheDocument();
      expect(screen.getByText('35 seats left')).toBeInTheDocument();
      expect(screen.queryByText(/spots remaining/)).not.toBeInTheDocument();
    });

    it('warns when at most 5 seats are left', async () => {
      server.use(publicEventHandlers.detail([eventWith({ maximum_attendees: 40, total_registrations_count: 37, open_seats: 3 })]));
      renderPage('/registration?eventId=1');
      expect(
        await screen.findByText('Only 3 spots remaining! Register now to secure your seat.'),
      ).toBeInTheDocument();
    });

    it("says so when the event doesn't exist", async () => {
      renderPage('/registration?eventId=99');
      expect(await screen.findByText("Not Found! The event you're looking for doesn't exist.")).toHaveAttribute(
        'role',
        'alert',
      );
      expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    });

    it('says so when the event cannot be loaded', async () => {
      server.use(publicEventHandlers.detailFails());
      renderPage('/registration?eventId=1');
      expect(await screen.findByText('Failed to load event details. Please try again later.')).toHaveAttribute(
        'role',
        'alert',
      );
    });

    it('offers no form for an event that is not Published', async () => {
      renderPage('/registration?eventId=5');
      expect(await screen.findByText('Registration is not available for this event.')).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('region', { name: 'Interpreters Summit 2026' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Join the Waiting List' })).not.toBeInTheDocument();
    });

    it('is its own lazy page on the /registration route', async () => {
      renderRoute('/registration?eventId=1');
      expect(await screen.findByRole('heading', { level: 1, name: 'Event Registration' })).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Register' })).toBeInTheDocument();
    });
  });

  describe('checks before sending', () => {
    it("shows SPEC's message on every missing field and focuses the first one", async () => {
      // No register handler: a request would fail the test (onUnhandledRequest: 'error').
      const { user } = renderPage('/registration?eventId=1');
      await user.click(await screen.findByRole('button', { name: 'Register' }));

      expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted fields and submit again.');
      const expected: [HTMLElement, string][] = [
        [textbox('Full name'), 'Full name is required'],
        [textbox('Email'), 'Email is required'],
        [combobox('Preferred language'), 'Please select a language'],
        [combobox('Disability'), 'Please select an option'],
        [terms(), 'Please agree to the terms and conditions to register.'],
      ];
      for (const [control, message] of expected) {
        expect(control).toHaveAttribute('aria-invalid', 'true');
        expect(control).toHaveAccessibleDescription(message);
      }
      expect(textbox('Phone')).toHaveAccessibleDescription(expect.stringContaining('Phone number is required'));
      expect(textbox('Full name')).toHaveFocus();
      expect(screen.getByRole('checkbox', { name: 'I need a sign language interpreter' })).not.toHaveAttribute(
        'aria-invalid',
      );
    });

    it('focuses the first field still at fault, and clears a message once the field is changed', async () => {
      const { user } = renderPage('/registration?eventId=1');
      await user.type(await screen.findByRole('textbox', { name: 'Full name' }), 'Aline Uwase');
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(textbox('Phone')).toHaveFocus();
      expect(textbox('Full name')).not.toHaveAttribute('aria-invalid');

      await user.type(textbox('Phone'), '0788');
      expect(textbox('Phone')).not.toHaveAttribute('aria-invalid');
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(textbox('Email')).toHaveFocus();
    });

    it('asks for the terms like the browser would, focusing the checkbox', async () => {
      const { user } = renderPage('/registration?eventId=1');
      await fillIn(user, { agree: false });
      expect(terms()).toBeRequired();
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(terms()).toHaveFocus();
      expect(terms()).toHaveAccessibleDescription('Please agree to the terms and conditions to register.');
      // The terms themselves are a link away, on the page that holds them.
      expect(screen.getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute('href', '/privacy#terms');
    });

    it('asks for details when the disability is Other, and only then', async () => {
      const { user } = renderPage('/registration?eventId=1');
      await fillIn(user);
      expect(screen.queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument();
      await user.selectOptions(combobox('Disability'), 'Other');
      const details = textbox('Details');
      expect(details).toBeRequired();

      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(details).toHaveFocus();
      expect(details).toHaveAttribute('aria-invalid', 'true');
      expect(details).toHaveAccessibleDescription(expect.stringContaining('Please specify your disability'));

      await user.selectOptions(combobox('Disability'), 'Visual Impairment');
      expect(screen.queryByRole('textbox', { name: 'Details' })).not.toBeInTheDocument();
      expect(screen.queryByText('Please specify your disability')).not.toBeInTheDocument();
    });
  });

  describe('sending', () => {
    it('registers, then shows the payment reference and the instructions on demand', async () => {
      const received: RegistrationPayload[] = [];
      const { promise, release } = deferred();
      server.use(registrationHandlers.registered({ received, hold: promise }));
      const challenges = challengesSentTo('/register/');
      const { user } = renderPage('/registration?eventId=1');
      await fillIn(user);
      await user.selectOptions(combobox('Disability'), 'Other');
      await user.type(textbox('Details'), '  Low vision ');
      await user.click(screen.getByRole('button', { name: 'Register' }));

      expect(await screen.findByRole('button', { name: 'Registering...' })).toBeDisabled();
      release();

      const heading = await screen.findByRole('heading', { name: 'Registration submitted' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(received).toEqual([
        {
          full_name: 'Aline Uwase',
          phone: '0788 123 456',
          email: 'aline@example.rw',
          preferred_language: 'Kinyarwanda',
          needs_interpreter: true,
          disability: 'Other',
          disability_details: 'Low vision',
          agree_to_terms: true,
        },
      ]);
      expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
      // First of all: the e-mail to open in time, or the seat goes.
      const confirmNote = screen.getByRole('note');
      expect(within(confirmNote).getByText('Check your e-mail now')).toBeInTheDocument();
      expect(confirmNote).toHaveTextContent(
        'Open the link in the e-mail we sent you within 30 minutes to keep your seat. If you do not, the seat goes to somebody else.',
      );
      await waitFor(() =>
        expect(toasts()).toHaveTextContent(
          'Registration submitted successfully! Please complete payment to confirm your seat.',
        ),
      );
      expect(screen.getByText('K7MQ4X')).toHaveClass('registration-success__code');
      expect(screen.getByText(/Write this reference in the message/)).toBeInTheDocument();

      const toggle = screen.getByRole('button', { name: 'View Payment Instructions' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const instructions = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(instructions).not.toBeVisible();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(instructions).toBeVisible();
      const shown = within(instructions as HTMLElement);
      expect(shown.getByText('Pending payment: your seat is confirmed once we receive it.')).toBeInTheDocument();
      expect(shown.getByText('15,000 Rwf')).toBeInTheDocument();
      expect(shown.getByText('Mobile Money')).toBeInTheDocument();
      expect(shown.getByText(/^Send 15,000 Rwf to \+250 788 000 000/)).toBeInTheDocument();
      expect(shown.getByText('Bank Transfer')).toBeInTheDocument();
      expect(shown.getByText(/We will e-mail you when your payment is recorded/)).toBeInTheDocument();
      expect(shown.getByText('Questions about payment? Contact the organisers:')).toBeInTheDocument();
      expect(shown.getByRole('link', { name: 'events@rnslia.org.rw' })).toHaveAttribute('href', 'mailto:events@rnslia.org.rw');
      expect(shown.getByRole('link', { name: '+250 788 000 111' })).toHaveAttribute('href', 'tel:+250788000111');

      await user.click(toggle);
      expect(instructions).not.toBeVisible();
      // Sent with a solved bot challenge (X-Altcha), which the form prepared in the background.
      expect(await allSolved(challenges)).toBe(true);
    });

    it('says no payment is needed for a free event', async () => {
      server.use(registrationHandlers.registered({ answer: makeFreeRegistrationAnswer() }));
      await submitFilledForm('/registration?eventId=3');

      await waitFor(() => expect(toasts()).toHaveTextContent('This event is free: no payment is needed.'));
      const heading = await screen.findByRole('heading', { name: 'Registration submitted' });
      const news = heading.closest('section') as HTMLElement;
      expect(news).toHaveTextContent('Open the link in the e-mail we sent you: that confirms your seat.');
      // Nothing to pay, so no reference to quote and no payment step.
      expect(within(news).queryByText(/reference/i)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'View Payment Instructions' })).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'How to pay' })).not.toBeInTheDocument();
    });

    it("marks the e-mail the server already has, with its message, a toast and the focus", async () => {
      server.use(
        registrationHandlers.registerRefused(409, {
          detail: 'This email is already registered for this event.',
          code: 'duplicate_registration',
          fields: { email: 'This email is already registered for this event.' },
        }),
      );
      await submitFilledForm();

      const email = textbox('Email');
      await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
      expect(email).toHaveAccessibleDescription('This email is already registered for this event.');
      expect(email).toHaveFocus();
      expect(email).toHaveValue('aline@example.rw');
      await waitFor(() => expect(toasts()).toHaveTextContent('This email is already registered for this event.'));
    });

    it("marks the phone number, with SPEC's words when the server gives none", async () => {
      server.use(
        registrationHandlers.registerRefused(409, {
          detail: 'Already registered.',
          code: 'duplicate_registration',
          fields: { phone: '' },
        }),
      );
      await submitFilledForm();

      const phone = textbox('Phone');
      await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
      expect(phone).toHaveAccessibleDescription(
        expect.stringContaining('This phone number is already registered for this event.'),
      );
      expect(phone).toHaveFocus();
      await waitFor(() => expect(toasts()).toHaveTextContent('This phone number is already registered for this event.'));
    });

    it("shows the server's other field messages on their fields", async () => {
      server.use(
        registrationHandlers.registerRefused(400, {
          detail: 'Some fields are invalid.',
          code: 'validation_error',
          fields: { full_name: 'Please keep this under 150 characters.', email: 'Please enter a valid e-mail address.' },
        }),
      );
      await submitFilledForm();

      const name = textbox('Full name');
      await waitFor(() => expect(name).toHaveAccessibleDescription('Please keep this under 150 characters.'));
      expect(textbox('Email')).toHaveAccessibleDescription('Please enter a valid e-mail address.');
      expect(name).toHaveFocus();
    });

    it("shows the server's sentence in a banner and a toast when no field is at fault", async () => {
      server.use(
        registrationHandlers.registerRefused(400, {
          detail: 'Registration is not available for this event.',
          code: 'registration_closed',
        }),
      );
      await submitFilledForm();

      const banner = await screen.findByText('Registration is not available for this event.', { selector: '.notice' });
      expect(banner.closest('[role="alert"]')).not.toBeNull();
      await waitFor(() => expect(banner).toHaveFocus());
      await waitFor(() => expect(toasts()).toHaveTextContent('Registration is not available for this event.'));
      expect(await screen.findByRole('button', { name: 'Register' })).toBeEnabled();
    });

    it('falls back to a general message when the network fails', async () => {
      server.use(registrationHandlers.registerNetworkError());
      await submitFilledForm();

      const banner = await screen.findByText('An error occurred during registration. Please try again.', {
        selector: '.notice',
      });
      await waitFor(() => expect(banner).toHaveFocus());
      await waitFor(() => expect(toasts()).toHaveTextContent('An error occurred during registration. Please try again.'));
      expect(textbox('Full name')).toHaveValue('  Aline Uwase ');
    });
  });

  describe('a full event', () => {
    it('says so, and offers the waiting list with the same details', async () => {
      const received: RegistrationPayload[] = [];
      server.use(registrationHandlers.waitlistJoined({ received }));
      const challenges = challengesSentTo('/waitlist/');
      const { user } = renderPage('/registration?eventId=4');

      expect(
        await screen.findByText(
          'This event has reached its maximum capacity (20 seats). Please contact the organizer before registering.',
        ),
      ).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('heading', { level: 2, name: 'Join the waiting list' })).toBeInTheDocument();
      expect(screen.getByText('No seats left')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();

      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Join the Waiting List' }));

      const heading = await screen.findByRole('heading', { name: 'You are on the waiting list' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(
        screen.getByText(
          'Open the link in the e-mail we sent you within 30 minutes to keep your place on the waiting list.',
        ),
      ).toBeInTheDocument();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ full_name: 'Aline Uwase', agree_to_terms: true });
      expect(received[0]).not.toHaveProperty('offer_token');
      expect(await allSolved(challenges)).toBe(true);
    });

    it('counts an event as full when its registrations reach the maximum', async () => {
      server.use(
        publicEventHandlers.detail([
          eventWith({
            id: 6,
            maximum_attendees: 10,
            total_registrations_count: 10,
            approved_registrations_count: 8,
            pending_registrations_count: 2,
            available_seats: 2,
            open_seats: 0,
          }),
        ]),
      );
      renderPage('/registration?eventId=6');
      expect(await screen.findByRole('button', { name: 'Join the Waiting List' })).toBeInTheDocument();
      expect(
        screen.getByText(/has reached its maximum capacity \(10 seats\)/, { selector: '.notice' }),
      ).toBeInTheDocument();
    });

    it('turns back into registration when a seat freed up meanwhile', async () => {
      server.use(
        registrationHandlers.waitlistRefused(409, {
          detail: 'Seats are still available: please register instead.',
          code: 'seats_available',
        }),
      );
      const { user } = renderPage('/registration?eventId=4');
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Join the Waiting List' }));

      const notice = await screen.findByText('Seats are still available: please register instead.', { selector: '.notice' });
      await waitFor(() => expect(notice).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
      expect(screen.queryByText(/has reached its maximum capacity/)).not.toBeInTheDocument();
      expect(textbox('Email')).toHaveValue('aline@example.rw');
    });

    it('turns into the waiting-list offer when the last seat went while the visitor typed', async () => {
      server.use(
        registrationHandlers.registerRefused(409, {
          detail: 'This event has reached its maximum capacity (50 seats). Please contact the organizer before registering.',
          code: 'event_full',
          waitlist: true,
        }),
      );
      await submitFilledForm();

      const notice = await screen.findByText(
        'This event has reached its maximum capacity (50 seats). Please contact the organizer before registering.',
        { selector: '.notice' },
      );
      await waitFor(() => expect(notice).toHaveFocus());
      expect(screen.getByRole('button', { name: 'Join the Waiting List' })).toBeEnabled();
      // What was typed is still there.
      expect(textbox('Full name')).toHaveValue('  Aline Uwase ');
      expect(combobox('Preferred language')).toHaveValue('Kinyarwanda');
      expect(terms()).toBeChecked();
    });
  });

  describe('a waiting-list offer link', () => {
    it('fills in the form, says how long the seat is held, and sends the offer with the registration', async () => {
      const received: RegistrationPayload[] = [];
      server.use(
        publicEventHandlers.detail([{ ...FULL, id: 1 }]),
        registrationHandlers.offerCheck(),
        registrationHandlers.registered({ received }),
      );
      const { user } = renderPage('/registration?eventId=1#offer=tok-123');

      expect(await screen.findByText(/^A seat is held for you until Mar 8, 2027 9:30\sAM\.$/)).toBeInTheDocument();
      expect(textbox('Full name')).toHaveValue(OFFER_REGISTRANT.full_name);
      expect(textbox('Email')).toHaveValue(OFFER_REGISTRANT.email);
      expect(textbox('Phone')).toHaveValue(OFFER_REGISTRANT.phone);
      expect(combobox('Preferred language')).toHaveValue('Kinyarwanda');
      expect(combobox('Disability')).toHaveValue('Hearing Impairment');
      expect(screen.getByRole('checkbox', { name: 'I need a sign language interpreter' })).toBeChecked();
      expect(terms()).not.toBeChecked();

      await user.click(terms());
      await user.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByRole('heading', { name: 'Registration submitted' })).toBeInTheDocument();
      expect(received[0]).toMatchObject({ offer_token: 'tok-123', email: OFFER_REGISTRANT.email });
    });

    it('holds the seat even though the event shows as full', async () => {
      server.use(
        registrationHandlers.offerCheck({
          valid: true,
          event_id: 4,
          expires_at: '2027-03-08T09:30:00',
          registrant: OFFER_REGISTRANT,
        }),
      );
      renderPage('/registration?eventId=4#offer=tok-456');
      expect(await screen.findByText(/^A seat is held for you until/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
      expect(screen.queryByText(/has reached its maximum capacity/)).not.toBeInTheDocument();
    });

    it('says when the offer expired or was used, and the page works as usual', async () => {
      server.use(registrationHandlers.offerCheck({ valid: false, event_id: null, expires_at: null, registrant: null }));
      renderPage('/registration?eventId=4#offer=old-token');
      expect(
        await screen.findByText('This waiting-list offer has expired or has already been used.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Join the Waiting List' })).toBeInTheDocument();
      expect(textbox('Full name')).toHaveValue('');
    });

    it('says when the offer could not be checked, and the page works as usual', async () => {
      server.use(registrationHandlers.offerCheckFails());
      renderPage('/registration?eventId=1#offer=tok-123');
      expect(
        await screen.findByText('We could not check your waiting-list offer. Please reload the page to try again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    });

    it('falls back to the waiting list when the server refuses the offer', async () => {
      server.use(
        registrationHandlers.offerCheck({
          valid: true,
          event_id: 4,
          expires_at: '2027-03-08T09:30:00',
          registrant: OFFER_REGISTRANT,
        }),
        registrationHandlers.registerRefused(400, {
          detail: 'This offer has expired or has already been used.',
          code: 'invalid_offer',
        }),
      );
      const { user } = renderPage('/registration?eventId=4#offer=tok-789');
      await user.click(await screen.findByRole('checkbox', { name: /I agree to the terms/ }));
      await user.click(screen.getByRole('button', { name: 'Register' }));

      expect(
        await screen.findByText('This waiting-list offer has expired or has already been used.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Join the Waiting List' })).toBeInTheDocument();
      await waitFor(() => expect(toasts()).toHaveTextContent('This offer has expired or has already been used.'));
    });
  });

  describe('accessibility', () => {
    // Colour contrast needs a layout, which jsdom has not: capacity-bar.test.ts checks the colours.
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };

    it('has no axe violations with errors shown, nor once registered', async () => {
      // axe looks for icon fonts with a canvas, which jsdom has not; it copes without one.
      vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      server.use(registrationHandlers.registered());
      const { user, container } = renderPage('/registration?eventId=1');
      await user.click(await screen.findByRole('button', { name: 'Register' }));
      expect((await axe.run(container, options)).violations).toEqual([]);

      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Register' }));
      await user.click(await screen.findByRole('button', { name: 'View Payment Instructions' }));
      expect((await axe.run(container, options)).violations).toEqual([]);
    });
  });
});
