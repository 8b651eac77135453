import { fireEvent, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '../../testing/render';
import { server } from '../../testing/server';

describe('PublicLayout', () => {
  afterEach(() => {
    // Back to the top for the next test (scrollY is defined on window by the sticky-bar test).
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });

  it('offers every section in the navigation, and Join Us', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Services', '/services'],
      ['Resources', '/Resources'],
      ['Updates', '/Updates'],
      ['Events', '/events'],
      ['Interpreters', '/interpreters'],
      ['Contact Us', '/contact'],
      ['Join Us', '/membership'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes to another page through the navigation', async () => {
    const { user } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Services' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
  });

  it('has a menu toggle for small screens', async () => {
    const { user } = renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes the menu with Escape and gives focus back to the toggle', async () => {
    const { user } = renderRoute('/');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.tab();
    expect(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('sticks the bar to the top once the page is scrolled past its height, even with the menu open', async () => {
    // jsdom lays nothing out: the bar is 64 px tall, and 564 px with the menu open.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.classList.contains('site-header__bar')) return 0;
      return this.querySelector('.main-nav--open') ? 564 : 64;
    });
    const { user } = renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' });
    const bar = document.querySelector('.site-header__bar');
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
      fireEvent.scroll(window);
    };

    scrollTo(40);
    expect(bar).not.toHaveClass('site-header__bar--stuck');
    scrollTo(100);
    expect(bar).toHaveClass('site-header__bar--stuck');
    // Opening the menu makes the bar taller, not less stuck.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    scrollTo(120);
    expect(bar).toHaveClass('site-header__bar--stuck');
    scrollTo(0);
    expect(bar).not.toHaveClass('site-header__bar--stuck');
  });

  it('has the language picker in the header, outside the menu (reachable on phones), and not in the footer', async () => {
    const { user } = renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    const header = document.querySelector('header.site-header') as HTMLElement;
    const picker = within(header).getByRole('combobox', { name: 'Language' });
    // Not inside the collapsible menu: no need to open it first.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).not.toContainElement(picker);
    expect(within(screen.getByRole('contentinfo')).queryByRole('combobox')).not.toBeInTheDocument();
    await user.selectOptions(picker, 'fr');
    expect(await within(header).findByRole('link', { name: "\u00c0 propos" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'fr');
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
