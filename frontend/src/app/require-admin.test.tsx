import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { SESSION_LIFETIME_MS } from '../lib/session/session-storage';
import { reportsBackend } from '../features/reports/mocks/handlers';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';
import { storeTestSession } from '../testing/session';

describe('RequireAdmin', () => {
  afterEach(() => vi.useRealTimers());

  it.each(['/dashboard', '/dashboard/members', '/dashboard/settings', '/dashboard/profile'])(
    'sends an anonymous visitor from %s to /adminlogin',
    async (path) => {
      const { router } = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/adminlogin');
    },
  );

  it('lets a signed-in administrator in', async () => {
    storeTestSession({ ago: SESSION_LIFETIME_MS - 60_000 });
    server.use(...reportsBackend().handlers);
    const { router } = renderRoute('/dashboard/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Event attendance' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/reports');
  });

  it('treats an expired session as signed out and clears it', async () => {
    storeTestSession({ ago: SESSION_LIFETIME_MS });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    for (const key of ['token', 'refreshToken', 'user', 'expiresAt']) expect(localStorage.getItem(key)).toBeNull();
  });

  it('requires the stored user and expiry, not just a token', async () => {
    localStorage.setItem('authToken', 'legacy-token');
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('ends the session when it expires while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A minute left: the fake clock also runs with the loading of the dashboard's chunks, which a
    // busy machine can stretch over seconds; the session must end by the clock advanced here.
    storeTestSession({ ago: SESSION_LIFETIME_MS - 60_000 });
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
