import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubReducedMotion } from '../../../testing/reduced-motion';
import { renderWithProviders } from '../../../testing/render';
import { HomePage } from './home-page';

const PARTNERS = ['AFSLI', 'RNUD', 'WASLI', 'NUDOR', 'UPHLS', 'NCPD', 'ROPDB', 'RNADW'];

function partnerList() {
  return screen.getByRole('list', { name: 'Partner logos' });
}

describe('Home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens with the hero, Join Us, and the mission banner with Learn More', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Building an Inclusive Future, Together' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join Us' })).toHaveAttribute('href', '/membership');
    expect(
      screen.getByRole('heading', {
        level: 2,
        name: 'Breaking Communication Barriers, Empowering the Deaf Community in Rwanda',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
    expect(document.title).toBe('Home | RNSLIA');
  });

  it('has the about and services anchors, with a way on to /about and /services', () => {
    renderWithProviders(<HomePage />);
    const about = screen.getByRole('region', { name: 'About Us' });
    expect(about).toHaveAttribute('id', 'about');
    expect(within(about).getByRole('link', { name: 'Read our story' })).toHaveAttribute('href', '/about');

    const services = screen.getByRole('region', { name: 'What We Do' });
    expect(services).toHaveAttribute('id', 'services');
    expect(within(services).getAllByRole('article')).toHaveLength(3);
    expect(within(services).getByRole('link', { name: 'See all our services' })).toHaveAttribute('href', '/services');
  });

  it('shows the mission and the vision, and invites visitors to get involved', () => {
    renderWithProviders(<HomePage />);
    const panel = screen.getByRole('region', { name: 'Our Mission and Vision' });
    expect(within(panel).getByText('Advance the profession of sign language interpretation nationally.')).toBeInTheDocument();
    expect(
      within(panel).getByText('All national sign language interpreters are skilled professionals following ethical practices.'),
    ).toBeInTheDocument();

    const getInvolved = screen.getByRole('region', { name: 'Get Involved' });
    expect(within(getInvolved).getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
    expect(within(getInvolved).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it('moves the eight partner logos, twice over, with the copy hidden from screen readers', () => {
    renderWithProviders(<HomePage />);
    const list = partnerList();
    // Screen readers meet each partner once, by its full name.
    const logos = within(list).getAllByRole('img');
    expect(logos.map((logo) => /\((\w+)\)$/.exec(logo.getAttribute('alt') ?? '')?.[1])).toEqual(PARTNERS);
    expect(within(list).getByRole('img', { name: 'Rwanda National Union of the Deaf (RNUD)' })).toBeInTheDocument();
    // The loop's second lap is there, hidden.
    const items = list.querySelectorAll('li');
    expect(items).toHaveLength(16);
    expect([...items].filter((item) => item.getAttribute('aria-hidden') === 'true')).toHaveLength(8);
    expect(list.closest('.partner-strip')).toHaveClass('partner-strip--moving');
  });

  it('stops the moving logos with a visible Pause button, and starts them with Play', async () => {
    const { user } = renderWithProviders(<HomePage />);
    const strip = partnerList().closest('.partner-strip');
    expect(strip).not.toHaveClass('partner-strip--paused');

    const pause = screen.getByRole('button', { name: 'Pause the moving partner logos' });
    expect(pause).toHaveTextContent('Pause');
    await user.click(pause);
    expect(strip).toHaveClass('partner-strip--paused');

    const play = screen.getByRole('button', { name: 'Play the moving partner logos' });
    expect(play).toHaveTextContent('Play');
    await user.click(play);
    expect(strip).not.toHaveClass('partner-strip--paused');
  });

  it('keeps the logos still, once each, when the visitor asks for reduced motion', () => {
    stubReducedMotion(true);
    renderWithProviders(<HomePage />);
    const list = partnerList();
    expect(list.querySelectorAll('li')).toHaveLength(8);
    expect(list.closest('.partner-strip')).not.toHaveClass('partner-strip--moving');
    // Nothing moves, so there is nothing to pause.
    expect(screen.queryByRole('button', { name: /partner logos/ })).not.toBeInTheDocument();
  });
});
