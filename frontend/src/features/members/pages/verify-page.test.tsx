import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { delay, http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ApiErrorBody } from '../../../lib/api-types';
import { json } from '../../../testing/api-answer';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { CertificateVerification, MembershipVerification, Standing, Verification } from '../verify-api';
import { VerifyPage } from './verify-page';

const VERIFY_URL = '*/api/verify/:code/';

function verified(standing: Standing, overrides: Partial<MembershipVerification> = {}): MembershipVerification {
  return {
    kind: 'membership',
    name: 'Aline Uwase',
    membership_number: '2026-0042',
    membership_type: 'Individual',
    standing,
    valid_until: '2027-03-10',
    ...overrides,
  };
}

const CARDS: Record<string, Verification> = {
  active: verified('Active'),
  expiring: verified('Expiring'),
  grace: verified('Grace', { membership_type: 'Institutional', name: 'Kigali Deaf Youth Club' }),
  lapsed: verified('Lapsed'),
  certificate: {
    kind: 'cpd_certificate',
    name: 'Aline Uwase',
    title: 'Ethics in court interpreting',
    date: '2026-11-20',
    hours: 3.5,
    category: 'Ethics and professional practice',
  } satisfies CertificateVerification,
};

function renderVerify(code: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify/:code" element={<VerifyPage />} />
    </Routes>,
    { route: `/verify/${code}` },
  );
}

const fact = (term: string) =>
  within(screen.getByRole('article')).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
const verdict = (heading: HTMLElement) => heading.closest('.notice');

describe('Verify page', () => {
  beforeEach(() => {
    server.use(
      http.get(VERIFY_URL, async ({ params }) => {
        await delay(20);
        const card = CARDS[String(params.code)];
        if (card) return json<Verification>(card);
        if (params.code === 'limited') {
          return json<ApiErrorBody>({ detail: 'Too many requests.', code: 'throttled' }, { status: 429 });
        }
        return json<ApiErrorBody>(
          { detail: 'No card or certificate has this code.', code: 'verification_not_found' },
          { status: 404 },
        );
      }),
    );
  });

  it('says a valid member in green, with the name, number, type, valid-until date and standing', async () => {
    const { container } = renderVerify('active');
    expect(screen.getByRole('heading', { level: 1, name: 'Verification' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the code...');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Valid member' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(verdict(heading)).toHaveClass('notice--success');
    expect(screen.getByText('Aline Uwase is a member in good standing until March 10, 2027.')).toBeInTheDocument();
    expect(fact('Name')).toBe('Aline Uwase');
    expect(fact('Membership number')).toBe('2026-0042');
    expect(fact('Membership type')).toBe('Individual');
    expect(fact('Valid until')).toBe('March 10, 2027');
    expect(fact('Standing')).toBe('Active');
    await waitFor(() => expect(document.title).toBe('Verification | RNSLIA'));
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('shows an ending membership and one in grace in amber', async () => {
    renderVerify('expiring');
    const expiring = await screen.findByRole('heading', { level: 2, name: 'Valid member, ending soon' });
    expect(verdict(expiring)).toHaveClass('notice--warning');
    expect(fact('Standing')).toBe('Expiring');
  });

  it('shows a membership in grace in amber, an institution’s type as its word', async () => {
    renderVerify('grace');
    const grace = await screen.findByRole('heading', { level: 2, name: 'Membership ended, in its grace period' });
    expect(verdict(grace)).toHaveClass('notice--warning');
    expect(screen.getByText("Kigali Deaf Youth Club's membership ended on March 10, 2027 and has not been renewed yet.")).toBeInTheDocument();
    expect(fact('Membership type')).toBe('Institutional');
    expect(fact('Standing')).toBe('Grace');
  });

  it('says a lapsed membership in red: the card is no longer valid', async () => {
    const { container } = renderVerify('lapsed');
    const lapsed = await screen.findByRole('heading', { level: 2, name: 'Membership lapsed' });
    expect(verdict(lapsed)).toHaveClass('notice--error');
    expect(screen.getByText(/this card is no longer valid/)).toBeInTheDocument();
    expect(fact('Standing')).toBe('Lapsed');
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('says an unknown or altered code was not found, and nothing more', async () => {
    const { container } = renderVerify('AAAAAAAAAAAAAAAAAAAAAAAB');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('No membership card or certificate has this code.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('confirms a CPD certificate with the facts it prints and nothing more', async () => {
    const { container } = renderVerify('certificate');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Valid certificate of attendance' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(verdict(heading)).toHaveClass('notice--success');
    expect(
      screen.getByText('Aline Uwase was credited 3.5 CPD hours for Ethics in court interpreting on November 20, 2026.'),
    ).toBeInTheDocument();
    expect(fact('Activity')).toBe('Ethics in court interpreting');
    expect(fact('CPD hours')).toBe('3.5');
    expect(fact('CPD category')).toBe('Ethics and professional practice');
    expect(screen.queryByText('Standing')).not.toBeInTheDocument();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('says when too many codes were tried', async () => {
    renderVerify('limited');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });
});
