import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute, renderWithProviders } from '../../../testing/render';
import { storeTestSession } from '../../../testing/session';
import { ProfilePage } from './profile-page';

function valueOf(section: HTMLElement, label: string) {
  const term = within(section).getByText(label, { selector: 'dt' });
  return term.nextElementSibling;
}

describe('Profile page', () => {
  it('shows the personal, professional and additional information of the stored user', async () => {
    storeTestSession();
    renderRoute('/dashboard/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });

    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(valueOf(personal, 'Username')).toHaveTextContent('admin');
    expect(valueOf(personal, 'Email')).toHaveTextContent('admin@example.org');
    expect(valueOf(personal, 'Phone')).toHaveTextContent('+250 788 123 456');
    expect(valueOf(personal, 'Preferred Language')).toHaveTextContent('English');
    expect(valueOf(personal, 'Date of Birth')).toHaveTextContent('Nov 3, 1990');

    const professional = screen.getByRole('region', { name: 'Professional Information' });
    expect(valueOf(professional, 'Occupation')).toHaveTextContent('Sign language interpreter');
    expect(valueOf(professional, 'Organization')).toHaveTextContent('RNSLIA');
    expect(valueOf(professional, 'Experience')).toHaveTextContent('7 years');
    expect(valueOf(professional, 'Communication Language')).toHaveTextContent('Rwandan Sign Language');

    const additional = screen.getByRole('region', { name: 'Additional Information' });
    expect(valueOf(additional, 'Skills')).toHaveTextContent('Conference interpreting');
    expect(valueOf(additional, 'Areas of Interest')).toHaveTextContent('Advocacy, Training');
    expect(valueOf(additional, 'Certifications')).toHaveTextContent('Certified interpreter (2019)');

    // The name, and the role that defaults to Administrator.
    expect(within(screen.getByRole('main')).getByText('Portal Admin')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeDisabled();
  });

  it('hides Additional Information when there is none, and marks missing values', async () => {
    storeTestSession({
      user: { username: 'clerk', email: '', phone: '', experience_years: 1, skills: '', areas_of_interest: [], certifications: '' },
    });
    renderRoute('/dashboard/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });
    expect(screen.queryByRole('region', { name: 'Additional Information' })).not.toBeInTheDocument();

    const personal = screen.getByRole('region', { name: 'Personal Information' });
    expect(valueOf(personal, 'Email')).toHaveTextContent('—Not provided');
    expect(valueOf(personal, 'Date of Birth')).toHaveTextContent('Not provided');
    const professional = screen.getByRole('region', { name: 'Professional Information' });
    expect(valueOf(professional, 'Experience')).toHaveTextContent('1 year');
  });

  it('shows an error when no user is stored', () => {
    renderWithProviders(<ProfilePage />, { route: '/dashboard/profile' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Could not load user profile. Please login again.');
  });
});
