import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { AboutPage } from './about-page';

function renderAbout() {
  return renderWithProviders(<AboutPage />, { route: '/about' });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('About page', () => {
  it('tells the mission, the vision and the history, with a quote', () => {
    renderAbout();
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(within(section('Our Mission')).getByText('Advance the profession of sign language interpretation nationally.')).toBeInTheDocument();
    expect(
      within(section('Our Vision')).getByText(
        'All national sign language interpreters are skilled professionals following ethical practices.',
      ),
    ).toBeInTheDocument();
    const history = section('Our History');
    expect(within(history).getByText(/Our association began/)).toBeInTheDocument();
    expect(history.querySelector('blockquote')).toHaveTextContent('Sign language is a bridge.');
  });

  it('lists six goals, the eight values and four services', () => {
    renderAbout();
    expect(within(section('Our Goals')).getAllByRole('listitem')).toHaveLength(6);
    const values = within(section('Our Values')).getAllByRole('heading', { level: 3 });
    expect(values.map((value) => value.textContent)).toEqual([
      'Professionalism',
      'Excellence',
      'Advocacy',
      'Inclusivity',
      'Collaboration',
      'Respect',
      'Integrity',
      'Empowerment',
    ]);
    const services = section('What We Do');
    expect(within(services).getAllByRole('heading', { level: 3 }).map((service) => service.textContent)).toEqual([
      'Professional Development',
      'Certification and Licensing',
      'Advocacy',
      'Interpreter Services',
    ]);
    expect(within(services).getByRole('link', { name: 'See all our services' })).toHaveAttribute('href', '/services');
  });

  it('offers three ways to get involved and Join Us Today', () => {
    renderAbout();
    const getInvolved = section('Get Involved');
    expect(within(getInvolved).getAllByRole('heading', { level: 3 }).map((way) => way.textContent)).toEqual([
      'Volunteer',
      'Donate',
      'Spread Awareness',
    ]);
    expect(within(getInvolved).getByRole('link', { name: 'Join Us Today' })).toHaveAttribute('href', '/membership');
  });

  it('shows the three committees with 5, 3 and 3 people, marked as sample names', () => {
    renderAbout();
    const leadership = section('Our Leadership');
    expect(within(leadership).getByText(/^Sample content: the names below are examples only\./)).toBeInTheDocument();
    const people = (committee: string) => within(within(leadership).getByRole('region', { name: committee })).getAllByRole('listitem');
    expect(people('Executive Committee')).toHaveLength(5);
    expect(people('Conflict Resolution Committee')).toHaveLength(3);
    expect(people('Audit Committee')).toHaveLength(3);

    // A drawn portrait (initials), never a photo; the name is written beside it.
    const president = people('Executive Committee')[0];
    expect(president).toHaveTextContent('Jeanne Uwase');
    expect(president).toHaveTextContent('President');
    expect(president?.querySelector('svg[aria-hidden="true"]')).toHaveTextContent('JU');
    expect(leadership.querySelector('img')).toBeNull();
  });

  it('links to the eight partners in a new tab, and says so', () => {
    renderAbout();
    const links = within(section('Our Partners')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(
      ['AFSLI', 'RNUD', 'WASLI', 'NUDOR', 'UPHLS', 'NCPD', 'ROPDB', 'RNADW'].map(
        (acronym) => `Visit the ${acronym} website (opens in a new tab)`,
      ),
    );
    for (const link of links) {
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('heading', { level: 3, name: 'World Association of Sign Language Interpreters (WASLI)' })).toBeInTheDocument();
  });
});
