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

    // A lazy page behind the guard and the frame: each part is waited for, not only the heading.
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(valueOf(personal, 'Username')).toHaveTextContent('admin');
    expect(valueOf(personal, 'Email')).toHaveTextContent('admin@example.org');
    expect(valueOf(personal, 'Phone')).toHaveTextContent('+250 788 123 456');
    expect(valueOf(personal, 'Preferred Language')).toHaveTextContent('English');
    expect(valueOf(personal, 'Date of Birth')).toHaveTextContent('Nov 3, 1990');

    const professional = await screen.findByRole('region', { name: 'Professional Information' });
    expect(valueOf(professional, 'Occupation')).toHaveTextContent('Sign language interpreter');
    expect(valueOf(professional, 'Organization')).toHaveTextContent('RNSLIA');
    expect(valueOf(professional, 'Experience')).toHaveTextContent('7 years');
    expect(valueOf(professional, 'Communication Language')).toHaveTextContent('Rwandan Sign Language');

    const additional = await screen.findByRole('region', { name: 'Additional Information' });
    expect(valueOf(additional, 'Skills')).toHaveTextContent('Conference interpreting');
    expect(valueOf(additional, 'Areas of Interest')).toHaveTextContent('Advocacy, Training');
    expect(valueOf(additional, 'Certifications')).toHaveTextContent('Certified interpreter (2019)');

    // The name, and the role that defaults to Administrator.
    expect(await within(screen.getByRole('main')).findByText('Portal Admin')).toBeInTheDocument();
    expect(await within(screen.getByRole('main')).findByText('Administrator')).toBeInTheDocument();
    // No button that does nothing: the way to the account's settings instead.
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Account settings and password' })).toHaveAttribute('href', '/dashboard/settings');
  });

  it('hides Additional Information when there is none, and marks missing values', async () => {
    storeTestSession({
      user: { username: 'clerk', email: '', phone: '', experience_years: 1, skills: '', areas_of_interest: [], certifications: '' },
    });
    renderRoute('/dashboard/profile');
    await screen.findByRole('heading', { level: 1, name: 'Your Profile' });

    // The page's sections are there first, so that the missing one is really missing.
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    expect(screen.queryByRole('region', { name: 'Additional Information' })).not.toBeInTheDocument();
    expect(valueOf(personal, 'Email')).toHaveTextContent('—Not provided');
    expect(valueOf(personal, 'Date of Birth')).toHaveTextContent('Not provided');
    const professional = await screen.findByRole('region', { name: 'Professional Information' });
    expect(valueOf(professional, 'Experience')).toHaveTextContent('1 year');
  });

  it('shows an error when no user is stored', () => {
    renderWithProviders(<ProfilePage />, { route: '/dashboard/profile' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Could not load user profile. Please login again.');
  });
});
