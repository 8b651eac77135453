import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../testing/render';
import { server } from '../../testing/server';

describe('PublicLayout', () => {
  it('offers every section in the navigation, and Join Us', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Services', '/services'],
      ['Resources', '/Resources'],
      ['Updates', '/Updates'],
      ['Events', '/events'],
      ['Contact Us', '/contact'],
      ['Join Us', '/membership'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes to another page through the navigation', async () => {
    const { user } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Home' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Services' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Services' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  });

  it('has a menu toggle for small screens', async () => {
    const { user } = renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('has a skip link, a chat link and a footer with contacts and this year', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });

    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    const chat = await screen.findByRole('link', { name: /Chat with us on WhatsApp/ });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/250788000000\?text=Hello/);

    const footer = screen.getByRole('contentinfo');
    const year = new Date().getFullYear();
    expect(within(footer).getByText(`© ${year} Rwanda National Sign Language Interpreters Association. All rights reserved.`)).toBeInTheDocument();
    // The contacts come from GET /api/config/.
    expect(await within(footer).findByText('KG 7 Ave, Kigali, Rwanda')).toBeInTheDocument();
    expect(await within(footer).findByRole('link', { name: 'info@rnslia.org.rw' })).toHaveAttribute('href', 'mailto:info@rnslia.org.rw');
    expect(await within(footer).findByRole('link', { name: '+250 788 000 000' })).toBeInTheDocument();
    for (const network of [/Facebook/, /^X/, /Instagram/]) {
      expect(within(footer).getByRole('link', { name: network })).toBeInTheDocument();
    }
  });

  it('shows no contact details, and no chat link, until the server has given them', async () => {
    server.use(
      http.get('*/api/config/', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Phone:')).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(within(footer).queryByText(/\+250/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });
});
