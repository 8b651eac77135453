import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { authHandlers } from '../mocks/handlers';

/** The e-mailed link: the token in the fragment. */
const linkTo = (token: string) => `/reset-password#token=${encodeURIComponent(token)}`;

async function openValidLink(token = 'tok-123') {
  server.use(authHandlers.tokenValidity(true));
  const view = renderRoute(linkTo(token));
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  // The form shows once the server has found the link valid: each element is waited for.
  const password = await screen.findByLabelText('New password');
  const confirmation = await screen.findByLabelText('Confirm new password');
  const submit = await screen.findByRole('button', { name: 'Reset Password' });
  return { ...view, password, confirmation, submit };
}

describe('Reset password page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('shows a spinner while the link is checked', async () => {
    server.use(authHandlers.tokenValidity(true));
    renderRoute(linkTo('tok-123'));
    expect(await screen.findByText('Checking your reset link...')).toBeInTheDocument();
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it.each(['/reset-password', '/reset-password#token=', '/reset-password#other=tok-123'])(
    'says the link is invalid without a token (%s)',
    async (route) => {
      renderRoute(route);
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset link.');
    },
  );

  it('checks the token of the fragment, URL-decoded, in the body of a POST', async () => {
    const checks: [unknown, string][] = [];
    server.use(authHandlers.tokenValidity(true, (body, url) => checks.push([body, url])));
    renderRoute('/reset-password#token=a%2Fb%3Dc');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(checks).toEqual([[{ token: 'a/b=c' }, expect.stringMatching(/\/api\/users\/validate-reset-token\/$/)]]);
  });

  it('still opens a link of the older form, the token in the path', async () => {
    const checks: unknown[] = [];
    server.use(authHandlers.tokenValidity(true, (body) => checks.push(body)));
    renderRoute('/reset-password/old-tok-9');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(checks).toEqual([{ token: 'old-tok-9' }]);
  });

  it('says the link is invalid or expired when the server says so', async () => {
    server.use(authHandlers.tokenValidity(false));
    renderRoute(linkTo('used-token'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired password reset link.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/adminlogin');
  });

  it('says the link is invalid or has expired when the check fails', async () => {
    server.use(authHandlers.tokenCheckFails());
    renderRoute(linkTo('tok-123'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
  });

  it('checks the form before calling the server', async () => {
    const { user, password, confirmation, submit } = await openValidLink();
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter and confirm your new password.');

    await user.type(password, 'Sunrise-2026');
    await user.type(confirmation, 'Sunrise-2027');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, 'short');
    await user.type(confirmation, 'short');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long.');
  });

  it('resets the password, says so and goes to sign-in after 3 seconds', async () => {
    const calls: [unknown, string][] = [];
    const { user, password, confirmation, submit } = await openValidLink('tok-123');
    server.use(authHandlers.passwordReset((body, url) => calls.push([body, url])));
    await user.type(password, 'Sunrise-2026');
    await user.type(confirmation, 'Sunrise-2026');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your password has been reset successfully!'),
    );
    // The token in the body only: the URL called is the same for every link.
    expect(calls).toEqual([
      [{ token: 'tok-123', new_password: 'Sunrise-2026' }, expect.stringMatching(/\/api\/users\/reset-password\/$/)],
    ]);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it.each([
    [
      'the password validators',
      { detail: 'This password is too common.', code: 'validation_error', fields: { new_password: 'This password is too common. This password is entirely numeric.' } },
      'This password is too common. This password is entirely numeric.',
    ],
    ['the envelope detail', { detail: 'Invalid or expired password reset link.', code: 'invalid_token' }, 'Invalid or expired password reset link.'],
    ['the first item of a list', ['This password is too short.', 'Another'], 'This password is too short.'],
    ['a general message', {}, 'An error occurred while resetting your password. Please try again.'],
  ])('a failure shows %s', async (_case, body, text) => {
    const { user, password, confirmation, submit } = await openValidLink();
    server.use(authHandlers.passwordResetReplies(400, body));
    await user.type(password, '12345678');
    await user.type(confirmation, '12345678');
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });
});
