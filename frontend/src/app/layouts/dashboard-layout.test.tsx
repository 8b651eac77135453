import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { authHandlers } from '../../features/auth/mocks/handlers';
import { membersBackend } from '../../features/members/admin/mocks/handlers';
import { renderRoute } from '../../testing/render';
import { server } from '../../testing/server';
import { storeTestSession } from '../../testing/session';

/** The frame is a lazy chunk behind the guard: each test waits for the parts it uses. */
async function openDashboard(path = '/dashboard') {
  storeTestSession();
  const view = renderRoute(path);
  const nav = await screen.findByRole('navigation', { name: 'Dashboard navigation' });
  return { ...view, nav };
}

describe('DashboardLayout', () => {
  it('has two collapsible groups of links', async () => {
    const { user, nav } = await openDashboard();
    const main = within(nav).getByRole('button', { name: 'MAIN NAVIGATION' });
    const system = within(nav).getByRole('button', { name: 'SYSTEM' });
    expect(main).toHaveAttribute('aria-expanded', 'true');
    expect(system).toHaveAttribute('aria-expanded', 'true');

    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Members', '/dashboard/members'],
      ['Events', '/dashboard/events'],
      ['Registrations', '/dashboard/registrations'],
      ['Payment desk', '/dashboard/payments'],
      ['Interpreters', '/dashboard/interpreters'],
      ['Interpreter requests', '/dashboard/interpreting'],
      ['Reports', '/dashboard/reports'],
      ['Content', '/dashboard/content'],
      ['Signed videos', '/dashboard/signed-videos'],
      ['System', '/dashboard/system'],
      ['Activity', '/dashboard/activity'],
      ['Personal data', '/dashboard/privacy'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(system);
    expect(system).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Members' })).toBeInTheDocument();
    await user.click(system);
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeInTheDocument();
  });

  it('shows the user box with initials, name and the default role, and a footer', async () => {
    await openDashboard();
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('PA')).toBeInTheDocument();
    expect(within(sidebar).getByText('Portal Admin')).toBeInTheDocument();
    expect(within(sidebar).getByText('Administrator')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} Rwanda National Sign Language Interpreters Association`,
    );
  });

  it('shows the username and the stored role when there is no name', async () => {
    storeTestSession({ user: { username: 'clerk', name: '', role: 'Secretary' } });
    renderRoute('/dashboard');
    const sidebar = await screen.findByRole('complementary');
    expect(within(sidebar).getByText('clerk')).toBeInTheDocument();
    expect(within(sidebar).getByText('Secretary')).toBeInTheDocument();
    expect(within(sidebar).getByText('C')).toBeInTheDocument();
  });

  it('opens the user menu with Your Profile, Settings and Sign out', async () => {
    const { user, router } = await openDashboard();
    const menuButton = await screen.findByRole('button', { name: 'Account menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Your Profile' })).toHaveAttribute('href', '/dashboard/profile');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('link', { name: 'Your Profile' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('Sign out tells the server, clears the session and goes to /adminlogin', async () => {
    const calls: unknown[] = [];
    server.use(authHandlers.logout((body) => calls.push(body)));
    const { user, router } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/adminlogin');
    expect(calls).toEqual([{ refresh: 'refresh-1' }]);
    for (const key of ['token', 'refreshToken', 'user', 'expiresAt']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('Logout works even when the server call fails', async () => {
    server.use(authHandlers.logoutFails());
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('has a sidebar toggle for small screens', async () => {
    server.use(...membersBackend().handlers);
    const { user } = await openDashboard();
    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'Members' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
  });
});
