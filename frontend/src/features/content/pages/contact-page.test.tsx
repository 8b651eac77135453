import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { allSolved, challengeHandlers } from '../../../testing/challenge-handlers';
import { challengesSentTo } from '../../../testing/challenge-requests';
import { server } from '../../../testing/server';
import { contentHandlers } from '../mocks/handlers';
import { ContactPage } from './contact-page';

function renderContactPage() {
  const view = renderWithProviders(<ContactPage />, { route: '/contact' });
  const name = screen.getByLabelText('Name');
  const email = screen.getByLabelText('Email');
  const message = screen.getByLabelText('Message');
  const send = screen.getByRole('button', { name: 'Send Message' });
  async function fillIn() {
    await view.user.type(name, 'Aline Uwase');
    await view.user.type(email, 'aline@example.rw');
    await view.user.type(message, 'I would like an interpreter for our conference.');
  }
  return { ...view, name, email, message, send, fillIn };
}

describe('Contact page', () => {
  // Failed sends are logged on purpose (SPEC §8); keep the test output readable.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the heading, the location and the social links', () => {
    renderContactPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('Kigali, Rwanda')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Facebook/ })).toHaveAttribute('href', expect.stringContaining('facebook.com'));
    expect(screen.getByRole('link', { name: /Instagram/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^X/ })).toBeInTheDocument();
  });

  it('asks for every field before sending anything', async () => {
    // No handler: a request would fail the test (onUnhandledRequest: 'error').
    const { user, name, send } = renderContactPage();
    await user.type(name, 'Aline');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
  });

  it('treats blank-only fields as missing', async () => {
    const { user, name, email, message, send } = renderContactPage();
    await user.type(name, '   ');
    await user.type(email, 'aline@example.rw');
    await user.type(message, 'Hello');
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
  });

  it('shows Sending... while sending, then the success message, and clears the form', async () => {
    server.use(contentHandlers.contactAccepted());
    const challenges = challengesSentTo('/contact-form/');
    const { user, name, email, message, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your message has been sent successfully!'),
    );
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(name).toHaveValue('');
    expect(email).toHaveValue('');
    expect(message).toHaveValue('');
    // Sent with a solved bot challenge (X-Altcha), which the form prepared in the background.
    expect(await allSolved(challenges)).toBe(true);
  });

  it('says so when the form cannot be prepared for sending, and sends it on the next try', async () => {
    server.use(contentHandlers.contactAccepted(), challengeHandlers.fails());
    const challenges = challengesSentTo('/contact-form/');
    const { user, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not prepare this form for sending. Please check your connection and try again.',
      ),
    );
    expect(challenges).toEqual([]); // nothing was sent without a solution

    server.use(challengeHandlers.issued());
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your message has been sent successfully!'),
    );
    expect(await allSolved(challenges)).toBe(true);
  });

  it("shows the server's own success message when it sends one", async () => {
    server.use(contentHandlers.contactAccepted({ message: 'Murakoze! We will reply soon.' }));
    const { user, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Murakoze! We will reply soon.'));
  });

  it("shows the server's error detail, marks the field at fault and keeps what was typed", async () => {
    server.use(
      contentHandlers.contactRejected(400, {
        detail: 'Enter a valid e-mail address.',
        code: 'validation_error',
        fields: { email: 'Enter a valid e-mail address.' },
      }),
    );
    const { user, email, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);

    expect(await screen.findByText('Enter a valid e-mail address.', { selector: '.notice' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address.');
    expect(email).toHaveValue('aline@example.rw');
  });

  it('shows a legacy error field from the server', async () => {
    server.use(contentHandlers.contactRejected(400, { error: 'Message too long.' }));
    const { user, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Message too long.'));
  });

  it('falls back to a general message when the network fails', async () => {
    server.use(contentHandlers.contactNetworkError());
    const { user, send, fillIn } = renderContactPage();
    await fillIn();
    await user.click(send);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'There was a problem sending your message. Please try again later.',
      ),
    );
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
