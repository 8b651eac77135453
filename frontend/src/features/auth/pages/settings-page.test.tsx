import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { authHandlers } from '../mocks/handlers';

async function openSettings() {
  storeTestSession();
  const view = renderRoute('/dashboard/settings');
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  // The page is a lazy chunk behind the guard and the frame: wait for each element used.
  const current = await screen.findByLabelText('Current password');
  const next = await screen.findByLabelText('New password');
  const confirmation = await screen.findByLabelText('Confirm new password');
  const submit = await screen.findByRole('button', { name: 'Change Password' });
  async function fillIn(values: [string, string, string]) {
    const [a, b, c] = values;
    if (a) await view.user.type(current, a);
    if (b) await view.user.type(next, b);
    if (c) await view.user.type(confirmation, c);
  }
  return { ...view, current, next, confirmation, submit, fillIn };
}

const alertIn = () => within(screen.getByRole('main')).getByRole('alert');
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('Settings page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows the account card with a link to the profile', async () => {
    await openSettings();
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(within(card).getByText('admin')).toBeInTheDocument();
    expect(within(card).getByText('admin@example.org')).toBeInTheDocument();
    expect(within(card).getByText('A')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/dashboard/profile');
    expect(await screen.findByRole('region', { name: 'Security' })).toBeInTheDocument();
  });

  it.each([
    [['', 'Sunrise-2026', 'Sunrise-2026'], 'All password fields are required'],
    [['old-password', 'Sunrise-2026', 'Sunrise-2027'], 'New password and confirmation do not match'],
    [['old-password', 'short', 'short'], 'Password must be at least 8 characters long'],
  ] as [[string, string, string], string][])('checks %j before calling the server', async (values, text) => {
    const { user, submit, fillIn } = await openSettings();
    await fillIn(values);
    await user.click(submit);
    expect(alertIn()).toHaveTextContent(text);
  });

  it('changes the password: Updating..., a toast, cleared fields and the new tokens kept', async () => {
    const calls: [unknown, string | null][] = [];
    server.use(authHandlers.passwordChanged((body, authorization) => calls.push([body, authorization])));
    const { user, current, next, confirmation, submit, fillIn } = await openSettings();
    await fillIn(['portal-demo-2026', 'Sunrise-2026!', 'Sunrise-2026!']);
    await user.click(submit);

    expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    await waitFor(() => expect(toasts()).toHaveTextContent('Password changed successfully!'));
    expect(calls).toEqual([[{ current_password: 'portal-demo-2026', new_password: 'Sunrise-2026!' }, 'Bearer access-1']]);
    // The toast (a store update) can show a render before the form clears its fields.
    await waitFor(() => {
      expect(current).toHaveValue('');
      expect(next).toHaveValue('');
      expect(confirmation).toHaveValue('');
    });
    expect(localStorage.getItem('token')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it.each([
    [
      'the envelope detail, marking the field',
      { detail: 'Your current password is incorrect.', code: 'invalid_password', fields: { current_password: 'Your current password is incorrect.' } },
      'Your current password is incorrect.',
    ],
    ['a legacy error field', { error: 'Password too weak.' }, 'Password too weak.'],
    ['the first item of a list', ['This password is too common.'], 'This password is too common.'],
    ['a general message', {}, 'Failed to change password'],
  ])('a failure shows %s and a toast', async (_case, body, text) => {
    server.use(authHandlers.passwordChangeReplies(400, body));
    const { user, current, submit, fillIn } = await openSettings();
    await fillIn(['wrong-password', 'Sunrise-2026!', 'Sunrise-2026!']);
    await user.click(submit);

    await waitFor(() => expect(alertIn()).toHaveTextContent(text));
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to change password. Please try again.'));
    expect(current).toHaveValue('wrong-password');
    expect(localStorage.getItem('token')).toBe('access-1');
    if ('fields' in body) expect(current).toHaveAccessibleDescription('Your current password is incorrect.');
  });

  it('treats a success status other than 200 as a failure', async () => {
    server.use(authHandlers.passwordChangeReplies(201, { message: 'Password changed successfully!' }));
    const { user, submit, fillIn } = await openSettings();
    await fillIn(['portal-demo-2026', 'Sunrise-2026!', 'Sunrise-2026!']);
    await user.click(submit);
    await waitFor(() => expect(alertIn()).toHaveTextContent('Failed to change password'));
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to change password. Please try again.'));
  });
});
