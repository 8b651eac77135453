import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { makeMyRegistration, registrationHandlers } from '../mocks/public-handlers';
import type { MyRegistration } from '../public-api';
import { MyRegistrationPage } from './my-registration-page';

function renderPage(route: string) {
  return renderWithProviders(<MyRegistrationPage />, { route });
}

const WAITING: Extract<MyRegistration, { kind: 'waitlist' }> = {
  kind: 'waitlist',
  confirmed_now: true,
  message: 'Your e-mail address is confirmed: you are on the waiting list.',
  registration: null,
  payment_info: null,
  contact_info: null,
  next_steps: null,
  waitlist_entry: {
    id: 4,
    event: {
      id: 2,
      title: 'Ethics Seminar',
      date: '2027-04-02',
      time: null,
      status: 'Published',
      location: 'Huye',
      price: 5000,
    },
    full_name: 'Aline Uwase',
    status: 'waiting',
    email_confirmed: true,
    position: 2,
  },
};

describe('the page of an e-mailed link (/my-registration#token=…)', () => {
  it('sends the token of the fragment, then says the seat is held and how to pay', async () => {
    const tokens: string[] = [];
    server.use(registrationHandlers.myRegistration(makeMyRegistration(), tokens));
    const { container } = renderPage('/my-registration#token=abc-DEF_123');

    const heading = await screen.findByRole('heading', { level: 2, name: 'Thank you: your seat is held' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(tokens).toEqual(['abc-DEF_123']);
    expect(screen.getByRole('heading', { level: 1, name: 'Your registration' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pan-African Sign Language Interpreters Conference' })).toBeInTheDocument();
    expect(screen.getByText(/Your e-mail address is confirmed. Please pay to confirm your seat/)).toBeInTheDocument();
    expect(screen.getByText('K7MQ4X')).toHaveClass('registration-success__code');
    expect(screen.getByText(/^Please pay by .*2027/)).toBeInTheDocument();
    const instructions = within(screen.getByRole('heading', { name: 'Payment instructions' }).parentElement as HTMLElement);
    expect(instructions.getByText('Mobile Money')).toBeInTheDocument();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('says a seat released for want of a confirmation, and offers to register again', async () => {
    server.use(
      registrationHandlers.myRegistration(
        makeMyRegistration({ registration_status: 'Expired', ended_reason: 'unconfirmed', email_confirmed: false }, false),
      ),
    );
    renderPage('/my-registration#token=late');

    expect(await screen.findByRole('heading', { name: 'This seat was released' })).toBeInTheDocument();
    expect(screen.getByText(/The link was not opened in time/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment instructions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register again' })).toHaveAttribute('href', '/registration?eventId=1');
  });

  it("tells an unpaid seat's holder why it went, and a cancellation what the organizers wrote", async () => {
    server.use(
      registrationHandlers.myRegistration(
        makeMyRegistration({ registration_status: 'Cancelled', status_reason: 'The venue closed.' }, false),
      ),
    );
    renderPage('/my-registration#token=cancelled');
    expect(await screen.findByRole('heading', { name: 'This registration is cancelled' })).toBeInTheDocument();
    expect(screen.getByText('The organizers wrote: The venue closed.')).toBeInTheDocument();
  });

  it('shows a confirmed place on the waiting list with its position', async () => {
    server.use(registrationHandlers.myRegistration(WAITING));
    renderPage('/my-registration#token=wait');
    expect(
      await screen.findByRole('heading', { name: 'Your place on the waiting list is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your position on the waiting list: 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ethics Seminar' })).toBeInTheDocument();
  });

  it('refuses a link without a token without asking the server', async () => {
    // No handler: a request would fail the test (onUnhandledRequest: 'error').
    renderPage('/my-registration');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid. Please open the link of your most recent e-mail.',
    );
  });

  it('says an unknown link is not valid, and too many attempts are too many', async () => {
    server.use(registrationHandlers.myRegistrationRefused(404, { detail: 'Not valid', code: 'invalid_link' }));
    const { unmount } = renderPage('/my-registration#token=guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    unmount();
    server.use(registrationHandlers.myRegistrationRefused(429, { detail: 'Too many', code: 'throttled' }));
    renderPage('/my-registration#token=guess-again');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('confirms a free seat with no reference, payment or deadline', async () => {
    server.use(
      registrationHandlers.myRegistration(
        makeMyRegistration({ registration_status: 'Approved', free: true, payment_reference: null, payment_due_at: null }),
      ),
    );
    renderPage('/my-registration#token=free');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your seat is confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/and so is your seat: this event is free/)).toBeInTheDocument();
    expect(screen.queryByText(/reference/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment instructions' })).not.toBeInTheDocument();
    expect(screen.queryByText(/pay by/i)).not.toBeInTheDocument();
  });

  it('cancels after a dialog that says what happens, then says so and focuses the news', async () => {
    const user = userEvent.setup();
    const tokens: string[] = [];
    server.use(
      registrationHandlers.myRegistration(makeMyRegistration({ registration_status: 'Approved' }, false)),
      registrationHandlers.cancelMyRegistration(
        makeMyRegistration({ registration_status: 'Cancelled', ended_reason: 'by_registrant' }, false),
        tokens,
      ),
    );
    const { container } = renderPage('/my-registration#token=mine');
    await user.click(await screen.findByRole('button', { name: 'Cancel my registration' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel your registration?' });
    expect(dialog).toHaveTextContent('Your seat goes at once to the next person on the waiting list');
    // A paid seat: the dialog says the payment does not come back by itself, and whom to ask.
    expect(dialog).toHaveTextContent('Your payment is not refunded by itself: write to');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect((await axe.run(container)).violations).toEqual([]);
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my registration' }));
    expect(tokens).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel my registration' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel my registration' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'This registration is cancelled' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(tokens).toEqual(['mine']);
    expect(screen.getByText('You cancelled this registration. Your seat went to somebody else.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my registration' })).not.toBeInTheDocument();
  });

  it('says why a cancellation was refused, next to the button', async () => {
    const user = userEvent.setup();
    server.use(
      registrationHandlers.myRegistration(makeMyRegistration({}, false)),
      registrationHandlers.cancelMyRegistrationRefused(410, { detail: 'Over', code: 'link_ended' }),
    );
    renderPage('/my-registration#token=late');
    await user.click(await screen.findByRole('button', { name: 'Cancel my registration' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel my registration' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This event is over, so this link no longer works.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel my registration' })).toHaveFocus();
  });

  it('says a link of an event that is over no longer works', async () => {
    server.use(registrationHandlers.myRegistrationRefused(410, { detail: 'Over', code: 'link_ended' }));
    renderPage('/my-registration#token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This event is over, so this link no longer works.');
  });

  it('says a cancelled event ended the registration, with nothing left to cancel', async () => {
    server.use(
      registrationHandlers.myRegistration(
        makeMyRegistration(
          {
            registration_status: 'Cancelled',
            ended_reason: 'event_cancelled',
            event: { ...WAITING.waitlist_entry.event, status: 'Cancelled' },
          },
          false,
        ),
      ),
    );
    renderPage('/my-registration#token=called-off');
    expect(await screen.findByRole('heading', { name: 'This event is cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register again' })).not.toBeInTheDocument();
  });

  it('lets somebody waiting leave the list', async () => {
    const user = userEvent.setup();
    server.use(
      registrationHandlers.myRegistration(WAITING),
      registrationHandlers.cancelMyRegistration({
        ...WAITING,
        confirmed_now: false,
        waitlist_entry: { ...WAITING.waitlist_entry, status: 'cancelled', position: null },
      }),
    );
    renderPage('/my-registration#token=wait');
    await user.click(await screen.findByRole('button', { name: 'Leave the waiting list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the waiting list?' });
    expect(dialog).toHaveTextContent('A seat offered to you goes to the next person waiting.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, leave the waiting list' }));
    expect(await screen.findByRole('heading', { name: 'You left the waiting list' })).toBeInTheDocument();
    expect(screen.queryByText(/Your position/)).not.toBeInTheDocument();
  });

  it('is a route of the public site', async () => {
    server.use(registrationHandlers.myRegistration(makeMyRegistration()));
    renderRoute('/my-registration#token=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your registration' })).toBeInTheDocument();
  });
});
