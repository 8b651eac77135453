import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { MentorshipDetailPage } from './mentorship-detail-page';

describe('Mentorship page', () => {
  it('explains the programme, who it is for and how to apply', () => {
    renderWithProviders(<MentorshipDetailPage />, { route: '/mentorshipdetail' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mentorship Programme' })).toBeInTheDocument();
    expect(document.title).toBe('Mentorship Programme | RNSLIA');
    expect(screen.getByRole('heading', { level: 2, name: 'What is the programme?' })).toBeInTheDocument();

    const who = screen.getByRole('region', { name: 'Who is it for?' });
    expect(within(who).getByText('New interpreters, who are paired with experienced interpreters.')).toBeInTheDocument();
    expect(within(who).getByText(/^Deaf mentors/)).toBeInTheDocument();

    const apply = screen.getByRole('region', { name: 'How to apply' });
    expect(within(apply).getAllByRole('listitem')).toHaveLength(4);
    expect(within(apply).getByRole('link', { name: 'Contact Us to Apply' })).toHaveAttribute('href', '/contact');
    expect(within(apply).getByRole('link', { name: 'Become a Member' })).toHaveAttribute('href', '/membership');
  });
});
