import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { MyCpd } from '../cpd-api';
import { MyCpdPanel } from './my-cpd-panel';

const ACCESS = 'member-access-token';
const CPD: MyCpd = {
  years: [
    {
      year: 2026,
      hours: 5.75,
      by_category: {
        'Interpreting practice': 0,
        Language: 2.25,
        'Ethics and professional practice': 3.5,
        'Deaf community and culture': 0,
        Other: 0,
      },
    },
    { year: 2025, hours: 2, by_category: { 'Interpreting practice': 2, Language: 0, 'Ethics and professional practice': 0, 'Deaf community and culture': 0, Other: 0 } },
  ],
  credits: [
    {
      id: 7,
      event_id: 3,
      title: 'Ethics in court interpreting',
      date: '2026-11-20',
      hours: 3.5,
      category: 'Ethics and professional practice',
      certificate_url: '/api/my-membership/cpd-credits/7/certificate.pdf',
    },
    {
      id: 5,
      event_id: null,
      title: 'WASLI regional workshop',
      date: '2026-03-02',
      hours: 2.25,
      category: 'Language',
      certificate_url: '/api/my-membership/cpd-credits/5/certificate.pdf',
    },
  ],
};

/** jsdom has no object URLs: the file handed over is recorded by its name instead. */
function recordSaves(): string[] {
  const saved: string[] = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:file' });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}

describe('My CPD panel', () => {
  it('shows the hours per year and category and each credit, with nothing to fix for axe', async () => {
    const { container } = renderWithProviders(<MyCpdPanel access={ACCESS} cpd={CPD} />);
    expect(screen.getByRole('heading', { level: 2, name: 'CPD hours and certificates' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '2026: 5.75 hours' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: '2025: 2 hours' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'CPD hours in 2026 per category' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    // Only the categories with hours.
    expect(rows).toEqual(['CategoryHours', 'Language2.25', 'Ethics and professional practice3.5']);
    expect(screen.getByText('Ethics in court interpreting')).toBeInTheDocument();
    expect(screen.getByText('November 20, 2026 · 3.5 hours · Ethics and professional practice')).toBeInTheDocument();
    expect((await axe.run(container)).violations).toEqual([]);
  });

  it('downloads a certificate and a statement with the member token', async () => {
    const saved = recordSaves();
    const sent: { path: string; auth: string | null }[] = [];
    server.use(
      http.get('*/api/my-membership/*', ({ request }) => {
        const url = new URL(request.url);
        sent.push({ path: `${url.pathname}${url.search}`, auth: request.headers.get('Authorization') });
        return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
      }),
    );
    const { user } = renderWithProviders(<MyCpdPanel access={ACCESS} cpd={CPD} />);
    await user.click(screen.getByRole('button', { name: 'Download the certificate for Ethics in court interpreting (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['cpd-certificate-7.pdf']));
    await user.click(screen.getByRole('button', { name: 'Download the 2026 statement (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['cpd-certificate-7.pdf', 'cpd-statement-2026.pdf']));
    expect(sent).toEqual([
      { path: '/api/my-membership/cpd-credits/7/certificate.pdf', auth: `Bearer ${ACCESS}` },
      { path: '/api/my-membership/cpd-statement.pdf?year=2026', auth: `Bearer ${ACCESS}` },
    ]);
  });

  it('says when a document could not be downloaded, and when there are no hours yet', async () => {
    server.use(http.get('*/api/my-membership/*', () => HttpResponse.json({ detail: 'Gone', code: 'not_found' }, { status: 404 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, unmount } = renderWithProviders(<MyCpdPanel access={ACCESS} cpd={CPD} />);
    await user.click(screen.getByRole('button', { name: 'Download the certificate for WASLI regional workshop (PDF)' }));
    expect(await screen.findByText('The document could not be downloaded. Please try again later.')).toBeInTheDocument();
    unmount();
    renderWithProviders(<MyCpdPanel access={ACCESS} cpd={{ years: [], credits: [] }} />);
    expect(screen.getByText(/No CPD hours yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
