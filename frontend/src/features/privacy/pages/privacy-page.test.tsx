import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';
import { privacyBackend, privacyFailure } from '../mocks/handlers';

describe('Privacy page', () => {
  it('says what is kept, why, for the periods the server is configured with, and how to ask for erasure', async () => {
    server.use(
      ...privacyBackend({
        info: { retention: { personal_data_days: 180, notification_body_days: 1, member_rejected_days: 90, audit_days: 730 } },
      }).handlers,
    );
    renderRoute('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    const kept = screen.getByRole('region', { name: 'What we keep, and why' });
    expect(within(kept).getAllByRole('listitem')).toHaveLength(5);
    expect(within(kept).getByText(/whether you need a sign language interpreter and any disability/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Access needs are sensitive' })).toHaveTextContent(/health data/);

    const periods = screen.getByRole('region', { name: 'How long we keep it' });
    expect(await within(periods).findByText(/erased 180 days after they end/)).toBeInTheDocument();
    expect(within(periods).getByText(/erased 1 day after sending/)).toBeInTheDocument();
    expect(within(periods).getByText(/erased 90 days after the decision/)).toBeInTheDocument();
    expect(within(periods).getByText(/who approved your registration .* is kept for 730 days/)).toBeInTheDocument();

    const rights = screen.getByRole('region', { name: 'Your right to have your data erased' });
    // The association's address from the site's configuration (GET /api/config/).
    const mail = await within(rights).findByRole('link', { name: 'info@rnslia.org.rw' });
    expect(mail).toHaveAttribute('href', 'mailto:info@rnslia.org.rw');
    expect(screen.getByRole('region', { name: 'The law' })).toHaveTextContent(
      "Rwanda's Law No. 058/2021 of 13/10/2021 relating to the protection of personal data and privacy",
    );
    expect(document.title).toMatch(/^Privacy/);

    // The terms every agreement links to (/privacy#terms): membership and event registration.
    const terms = screen.getByRole('region', { name: 'Terms and conditions' });
    expect(terms).toHaveAttribute('id', 'terms');
    expect(within(terms).getByRole('heading', { level: 3, name: 'Membership' })).toBeInTheDocument();
    expect(within(terms).getByRole('heading', { level: 3, name: 'Event registration' })).toBeInTheDocument();
    expect(terms).toHaveTextContent(/an unpaid seat then goes to the next person waiting/);
  });

  it('says so when the periods cannot be loaded, and still shows the rest', async () => {
    server.use(privacyFailure());
    renderRoute('/privacy');
    const periods = await screen.findByRole('region', { name: 'How long we keep it' });
    expect(await within(periods).findByRole('alert')).toHaveTextContent('The periods could not be loaded.');
    expect(screen.getByRole('region', { name: 'The law' })).toBeInTheDocument();
  });

  it('is linked from the footer of every public page', async () => {
    server.use(...privacyBackend().handlers);
    renderRoute('/about');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});
