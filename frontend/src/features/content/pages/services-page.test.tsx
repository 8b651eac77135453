import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { ServicesPage } from './services-page';

// SPEC §1, in order.
const SERVICES = [
  'Professional Development',
  'Interpreter Services',
  'Certification & Licensing',
  'Deaf Empowerment and Inclusion Initiatives',
  'Advocacy',
  'Community & Networking',
  'Public Awareness & Education',
  'Research & Innovation',
  'Ethical Standards & Code of Conduct',
  'Lobbying for Policy Changes',
  'Sign Language Awareness Programs',
  'Sign Language Translation and Documentation Services',
];

const cardTitles = () => screen.getAllByRole('article').map((card) => card.querySelector('h2')?.textContent);

describe('Services page', () => {
  it('shows the first three services, each with a title, a description and a picture', () => {
    renderWithProviders(<ServicesPage />, { route: '/services' });
    expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    expect(cardTitles()).toEqual(SERVICES.slice(0, 3));

    const card = screen.getByRole('article', { name: 'Interpreter Services' });
    expect(card).toHaveTextContent('We connect Deaf people and organisations with qualified interpreters.');
    // The picture is decoration: the title already says what it shows.
    const picture = card.querySelector('img');
    expect(picture).toHaveAttribute('alt', '');
    expect(picture?.getAttribute('src')).toMatch(/interpreter-services\.svg/);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 12 services');
  });

  it('adds three services per Show More and moves focus to the first new one', async () => {
    const { user } = renderWithProviders(<ServicesPage />, { route: '/services' });
    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(cardTitles()).toEqual(SERVICES.slice(0, 6));
    expect(screen.getByRole('article', { name: 'Deaf Empowerment and Inclusion Initiatives' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 6 of 12 services');

    await user.click(screen.getByRole('button', { name: 'Show More' }));
    expect(cardTitles()).toEqual(SERVICES.slice(0, 9));
    expect(screen.getByRole('article', { name: 'Public Awareness & Education' })).toHaveFocus();
  });

  it('hides Show More once all twelve are shown', async () => {
    const { user } = renderWithProviders(<ServicesPage />, { route: '/services' });
    for (let press = 0; press < 3; press += 1) {
      await user.click(screen.getByRole('button', { name: 'Show More' }));
    }
    expect(cardTitles()).toEqual(SERVICES);
    expect(screen.getByRole('article', { name: 'Lobbying for Policy Changes' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show More' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 12 of 12 services');
  });
});
