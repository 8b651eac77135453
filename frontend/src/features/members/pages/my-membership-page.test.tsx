import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { MyMembership } from '../my-membership-api';
import { MyMembershipPage } from './my-membership-page';

const MINE: MyMembership = {
  standing: 'Expiring',
  membership_end: '2027-01-09',
  membership_number: '2026-0042',
  membership_type: 'Individual',
  periods: [{ start: '2026-01-10', end: '2027-01-09' }],
  full_name: 'Aline Uwase',
  email: 'aline@example.org',
  pending_email: null,
  phone: '+250788123456',
  address: 'KG 7 Ave, Kigali',
  language: 'en',
  preferred_communication_language: 'Rwandan Sign Language',
  consents: { terms: true, terms_accepted_at: '2026-01-02T10:00:00Z' },
  closure_requested_at: null,
  card_verify_url: 'https://portal.example.org/verify/card-code',
  cpd: { years: [], credits: [] },
};

const SESSION = { access: 'member-access-token', expires_at: '2999-01-01T00:00:00Z' };

/** The member API as the server answers it; records what the page sent. */
function memberBackend({ validLink = true, membership = MINE } = {}) {
  const sent: { path: string; auth: string | null; body: unknown }[] = [];
  let current = { ...membership };
  const record = async (request: Request) => {
    const text = await request.text();
    sent.push({
      path: new URL(request.url).pathname,
      auth: request.headers.get('Authorization'),
      body: text ? (JSON.parse(text) as unknown) : null,
    });
  };
  const authorised = (request: Request) => request.headers.get('Authorization') === `Bearer ${SESSION.access}`;
  const refused = () => HttpResponse.json({ detail: 'Authentication required.', code: 'not_authenticated' }, { status: 401 });
  server.use(
    http.post('*/api/my-membership/sign-in-link/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'If this address belongs to a member, a sign-in link is on its way.' });
    }),
    http.post('*/api/my-membership/session/', async ({ request }) => {
      await record(request);
      return validLink
        ? HttpResponse.json(SESSION)
        : HttpResponse.json({ detail: 'This sign-in link is invalid.', code: 'invalid_token' }, { status: 400 });
    }),
    http.get('*/api/my-membership/', ({ request }) => (authorised(request) ? HttpResponse.json(current) : refused())),
    http.patch('*/api/my-membership/', async ({ request }) => {
      if (!authorised(request)) return refused();
      const changes = (await request.clone().json()) as Partial<MyMembership>;
      await record(request);
      if (changes.phone === '12') {
        return HttpResponse.json(
          { detail: 'Please enter a valid phone number.', code: 'validation_error', fields: { phone: 'Please enter a valid phone number.' } },
          { status: 400 },
        );
      }
      current = { ...current, ...changes };
      return HttpResponse.json(current);
    }),
    http.post('*/api/my-membership/close/', async ({ request }) => {
      if (!authorised(request)) return refused();
      await record(request);
      current = { ...current, closure_requested_at: '2026-11-29T10:00:00Z' };
      return HttpResponse.json(current);
    }),
    http.get('*/api/my-membership/card.pdf', async ({ request }) => {
      if (!authorised(request)) return refused();
      await record(request);
      return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
    }),
    http.post('*/api/my-membership/sign-out/', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ message: 'You have been signed out.' });
    }),
  );
  return sent;
}

afterEach(() => sessionStorage.clear());

describe('MyMembershipPage', () => {
  it('asks for the e-mail and gives the same answer whatever the address', async () => {
    const sent = memberBackend();
    const { user } = renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    const send = await screen.findByRole('button', { name: 'Send me a sign-in link' });
    await user.click(send);
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(email).toHaveFocus();

    await user.type(email, 'nobody@example.org');
    await user.click(send);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('If this address belongs to a member, a sign-in link is on its way.'),
    );
    expect(sent).toEqual([{ path: '/api/my-membership/sign-in-link/', auth: null, body: { email: 'nobody@example.org' } }]);
  });

  it('opens the session from the link, takes the token out of the address bar and shows the membership', async () => {
    const sent = memberBackend();
    renderWithProviders(<MyMembershipPage />, { route: '/my-membership#token=link-token' });
    const heading = await screen.findByRole('heading', { name: 'Welcome, Aline Uwase' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(window.location.hash).toBe('');
    expect(sent[0]).toEqual({ path: '/api/my-membership/session/', auth: null, body: { token: 'link-token' } });
    expect(screen.getByText('Expiring')).toBeInTheDocument();
    expect(screen.getByText('2026-0042')).toBeInTheDocument();
    expect(screen.getByText(/2027/, { selector: 'dd' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('portal-member-session') ?? '{}')).toEqual(SESSION);
    // The WCAG rules (the landmarks are the layout's, not rendered here); contrast needs real CSS.
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations).toEqual([]);
  });

  it('says when the link no longer works and offers the e-mail form', async () => {
    memberBackend({ validLink: false });
    renderWithProviders(<MyMembershipPage />, { route: '/my-membership#token=used-token' });
    expect(await screen.findByText(/This sign-in link is invalid, already used or expired/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument();
  });

  it('saves the contact details and puts the focus on the first field in error', async () => {
    sessionStorage.setItem('portal-member-session', JSON.stringify(SESSION));
    const sent = memberBackend();
    const { user } = renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('Please enter a valid phone number.');

    await user.clear(phone);
    await user.type(phone, '+250788999000');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    await waitFor(() => expect(screen.getByText('Your details are saved.')).toBeInTheDocument());
    expect(sent.at(-1)).toEqual({
      path: '/api/my-membership/',
      auth: `Bearer ${SESSION.access}`,
      body: { phone: '+250788999000' },
    });
  });

  it('asks before recording a closure request, then says it is recorded', async () => {
    sessionStorage.setItem('portal-member-session', JSON.stringify(SESSION));
    memberBackend();
    const { user } = renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    await user.click(await screen.findByRole('button', { name: 'Close my membership' }));
    const dialog = screen.getByRole('dialog', { name: 'Close your membership?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, close my membership' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText(/Your request is recorded/)).toBeInTheDocument();
    expect(await screen.findByText(/You asked to close your membership on/)).toBeInTheDocument();
  });

  it('downloads the membership card with the member token, and offers none without a card', async () => {
    sessionStorage.setItem('portal-member-session', JSON.stringify(SESSION));
    // jsdom has no object URLs: the file handed over is recorded by its name instead.
    const saved: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:card' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const sent = memberBackend();
    const { user, unmount } = renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    await user.click(await screen.findByRole('button', { name: 'Download my membership card (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['membership-card.pdf']));
    expect(sent.at(-1)).toMatchObject({ path: '/api/my-membership/card.pdf', auth: `Bearer ${SESSION.access}` });
    expect(screen.queryByText(/could not be downloaded/)).not.toBeInTheDocument();
    unmount();

    memberBackend({ membership: { ...MINE, card_verify_url: null } });
    renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    expect(await screen.findByRole('button', { name: 'Download my data (JSON)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /membership card/ })).not.toBeInTheDocument();
  });

  it('signs out: the session is forgotten and the e-mail form is back', async () => {
    sessionStorage.setItem('portal-member-session', JSON.stringify(SESSION));
    const sent = memberBackend();
    const { user } = renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Send me a sign-in link' })).toBeInTheDocument();
    expect(sessionStorage.getItem('portal-member-session')).toBeNull();
    expect(sent.at(-1)?.path).toBe('/api/my-membership/sign-out/');
  });

  it('goes back to the e-mail form when the session has ended', async () => {
    sessionStorage.setItem('portal-member-session', JSON.stringify({ ...SESSION, access: 'ended' }));
    memberBackend();
    renderWithProviders(<MyMembershipPage />, { route: '/my-membership' });
    expect(await screen.findByText('Your session has ended. Ask for a new sign-in link.')).toBeInTheDocument();
  });
});
