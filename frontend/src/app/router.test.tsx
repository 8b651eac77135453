import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { authHandlers } from '../features/auth/mocks/handlers';
import { contentHandlers } from '../features/content/mocks/handlers';
import { eventsBackend, makeAdminEvent } from '../features/events/admin/mocks/handlers';
import { reportsBackend } from '../features/reports/mocks/handlers';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';
import { storeTestSession } from '../testing/session';

describe('Routes', () => {
  it.each([
    ['/Resources', 'Resources', 'No resources available at the moment.'],
    ['/Updates', 'Updates', 'No updates available at the moment.'],
  ])('%s shows its list inside the public layout', async (route, title, empty) => {
    server.use(contentHandlers.resourcesFailure(), contentHandlers.updates([]));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('/membership shows the first step of the application inside the public layout', async () => {
    renderRoute('/membership');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership Application' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Step 1 of 5: Account' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('/contact shows the real contact form', async () => {
    renderRoute('/contact');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
  });

  it.each([
    ['/adminlogin', 'Admin Login'],
    ['/reset-password#token=abc123', 'Reset Password'],
    ['/reset-password/abc123', 'Reset Password'],
  ])('%s is outside the public layout', async (route, title) => {
    server.use(authHandlers.tokenValidity(true));
    renderRoute(route);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('/dashboard/reports shows its placeholder in the dashboard frame', async () => {
    storeTestSession();
    server.use(...reportsBackend().handlers);
    renderRoute('/dashboard/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Event attendance' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('/dashboard/edit-event/7 shows the edit form of that event in the dashboard frame', async () => {
    storeTestSession();
    server.use(...eventsBackend([makeAdminEvent({ id: 7, title: 'Ethics Seminar' })]).handlers);
    renderRoute('/dashboard/edit-event/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Ethics Seminar');
    expect(screen.getByRole('navigation', { name: 'Dashboard navigation' })).toBeInTheDocument();
  });

  it('an unknown address shows the not-found page with a way home', async () => {
    renderRoute('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});
