import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { allSolved } from '../../../testing/challenge-handlers';
import { challengesSentTo } from '../../../testing/challenge-requests';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { authHandlers, DEMO_USER } from '../mocks/handlers';
import { SESSION_LIFETIME_MS } from '../../../lib/session/session-storage';

/**
 * The page is a lazy chunk, and its heading shows before the form: the form waits for the
 * stored session to be read (an effect, then a store update). Each element is waited for.
 */
async function openLogin() {
  const view = renderRoute('/adminlogin');
  await screen.findByRole('heading', { level: 1, name: 'Admin Login' });
  const username = await screen.findByLabelText('Username');
  const password = await screen.findByLabelText('Password');
  const signIn = await screen.findByRole('button', { name: 'Sign in' });
  async function signInAs(name: string, secret: string) {
    await view.user.type(username, name);
    await view.user.type(password, secret);
    await view.user.click(signIn);
  }
  return { ...view, username, password, signIn, signInAs };
}

async function expectError(text: string) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
}

describe('Admin login', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('says the area is restricted and links back home, outside the public layout', async () => {
    await openLogin();
    expect(await screen.findByText('This area is restricted to authorised personnel.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const { user, username, signIn } = await openLogin();
    await user.click(signIn);
    await expectError('Please enter both username and password');
    await user.type(username, 'admin');
    await user.click(signIn);
    await expectError('Please enter both username and password');
  });

  it('signs in, keeps the session for 24 hours and goes to the dashboard', async () => {
    server.use(authHandlers.login());
    const before = Date.now();
    const { signInAs } = await openLogin();
    await signInAs('admin', 'portal-demo-2026');

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard navigation' })).toBeInTheDocument();

    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(DEMO_USER);
    const expiresAt = Number(localStorage.getItem('expiresAt'));
    expect(expiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + SESSION_LIFETIME_MS);
  });

  it("shows the server's message for refused credentials", async () => {
    server.use(authHandlers.login());
    const { signInAs } = await openLogin();
    await signInAs('admin', 'wrong-password');
    await expectError('Invalid username or password');
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it.each([
    [429, { detail: 'Too many failed sign-in attempts. Please try again in 15 minutes.', code: 'locked_out' }, 'Too many failed sign-in attempts. Please try again in 15 minutes.'],
    [401, { message: 'This account is disabled.' }, 'This account is disabled.'],
    [400, { error: 'Bad request.' }, 'Bad request.'],
    [401, {}, 'Invalid username or password'],
  ])('a %i reply shows the server message or the default', async (status, body, text) => {
    server.use(authHandlers.loginReplies(status, body));
    const { signInAs } = await openLogin();
    await signInAs('admin', 'whatever1');
    await expectError(text);
  });

  it('says so when the server does not answer', async () => {
    server.use(authHandlers.loginNetworkError());
    const { signInAs } = await openLogin();
    await signInAs('admin', 'portal-demo-2026');
    await expectError('No response from server. Please try again later.');
  });

  it('gives a general message for a server failure without words', async () => {
    server.use(authHandlers.loginReplies(502, '<html>Bad gateway</html>'));
    const { signInAs } = await openLogin();
    await signInAs('admin', 'portal-demo-2026');
    await expectError('An error occurred. Please try again.');
  });

  it('refuses a 200 answer without an access token', async () => {
    server.use(authHandlers.loginReplies(200, { refresh: 'r', user: DEMO_USER }));
    const { signInAs } = await openLogin();
    await signInAs('admin', 'portal-demo-2026');
    await expectError('Invalid response format from server');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes straight to the dashboard when a valid session exists', async () => {
    storeTestSession();
    renderRoute('/adminlogin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('ignores an expired session and clears it', async () => {
    storeTestSession({ ago: SESSION_LIFETIME_MS + 1 });
    await openLogin();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});

describe('Forgot password mode', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  async function openForgotMode() {
    const view = await openLogin();
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Forgot password' });
    expect(heading).toHaveFocus();
    return { ...view, email: screen.getByLabelText('Email address'), send: screen.getByRole('button', { name: 'Send reset link' }) };
  }

  it('switches on the same screen, and back to sign in', async () => {
    const { user } = await openForgotMode();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('asks for the e-mail address', async () => {
    const { user, send } = await openForgotMode();
    await user.click(send);
    await expectError('Please enter your email address');
  });

  it('always gives the same answer once the server accepts the request', async () => {
    const calls: unknown[] = [];
    server.use(authHandlers.resetRequested((body) => calls.push(body)));
    const challenges = challengesSentTo('/request-password-reset/');
    const { user, email, send } = await openForgotMode();
    await user.type(email, 'admin@example.org');
    await user.click(send);
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'If your email exists in our system, you will receive a password reset link.',
      ),
    );
    expect(calls).toEqual([{ email: 'admin@example.org' }]);
    // Sent with a solved bot challenge (X-Altcha), which the form prepared in the background.
    expect(await allSolved(challenges)).toBe(true);
  });

  it('shows a general error when the request fails', async () => {
    server.use(authHandlers.resetRequestReplies(429, { detail: 'Too many requests.', code: 'throttled' }));
    const { user, email, send } = await openForgotMode();
    await user.type(email, 'admin@example.org');
    await user.click(send);
    await expectError('An error occurred. Please try again.');
  });
});
