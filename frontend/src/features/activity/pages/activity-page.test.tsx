import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import i18n, { fixedT } from '../../../lib/i18n';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import type { ActivityEntry } from '../../../lib/activity-api';
import { changeLines, entrySentence } from '../../../lib/activity-words';
import { activityBackend, activityFailure, makeEntry } from '../mocks/handlers';
import { ActivityPage } from './activity-page';

type Backend = ReturnType<typeof activityBackend>;

function renderPage(backend: Backend = activityBackend(), failures: Parameters<typeof server.use> = []) {
  server.use(...backend.handlers);
  // Later handlers come first: a failure overrides the backend's answer.
  server.use(...failures);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/activity" element={<ActivityPage />} />
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <ToastRegion />
    </>,
    { route: '/dashboard/activity' },
  );
  return { ...view, backend };
}

const findTable = () => screen.findByRole('table', { name: 'Activity, newest first' });
const bodyRows = () => within(screen.getByRole('table', { name: 'Activity, newest first' })).getAllByRole('row').slice(1);
const lastParams = (backend: Backend) => new URL(backend.requests().at(-1)?.url ?? 'http://x/').searchParams;

const approval = makeEntry({
  id: 3,
  action: 'registration.approved',
  object_type: 'registration',
  object_id: 41,
  object_label: 'REG-7Q2K',
  changes: {
    registration_status: { before: 'Pending', after: 'Approved' },
    transaction_id: { before: '', after: 'MM-4431' },
    payment_method: { before: '', after: 'Mobile Money' },
    decided_at: { before: null, after: '2026-03-03T12:02:00Z' },
  },
});
const signUp = makeEntry({
  id: 2,
  actor: 'visitor',
  client_ip: '41.186.0.9',
  action: 'registration.created',
  object_type: 'registration',
  object_id: 41,
  object_label: 'REG-7Q2K',
  at: '2026-03-02T07:30:00Z',
  changes: { full_name: { before: null, after: '•••' } },
});

describe('ActivityPage', () => {
  it('lists who did what, when (Kigali time), from where, with the changes in words', async () => {
    renderPage(activityBackend({ entries: [approval, makeEntry(), signUp] }));
    await findTable();
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const [first, second, third] = bodyRows();
    if (!first || !second || !third) throw new Error('Three rows expected');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('Mar 3, 2026 2:02 PM');
    expect(first).toHaveTextContent('Grace Mukamana');
    expect(first).toHaveTextContent('Approved');
    expect(first).toHaveTextContent('Registration REG-7Q2K');
    expect(first).toHaveTextContent('Transaction ID: MM-4431');
    expect(first).toHaveTextContent('Status: Pending → Approved');
    expect(second).toHaveTextContent('Event edited');
    expect(second).toHaveTextContent('Location: Kigali → Huye');
    expect(within(second).getByRole('link', { name: 'Open Event Annual Conference' })).toHaveAttribute(
      'href',
      '/dashboard/edit-event/12',
    );
    expect(third).toHaveTextContent('Visitor');
    expect(third).toHaveTextContent('Registered');
    expect(third).toHaveTextContent('41.186.0.9');
    expect(third).toHaveTextContent('Name: •••');
    expect(screen.getByText('Showing 1 to 3 of 3')).toBeInTheDocument();
  });

  it('asks the server again for each filter, the dates and the search', async () => {
    const { user, backend } = renderPage(activityBackend({ entries: [approval, makeEntry(), signUp] }));
    await findTable();
    const who = screen.getByRole('combobox', { name: 'Who' });
    // Only staff can be chosen: the server filters actors by id.
    expect(within(who).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Anyone',
      'Grace Mukamana',
      'Eric Niyonsaba',
    ]);
    await user.selectOptions(who, 'Grace Mukamana');
    await waitFor(() => expect(lastParams(backend).get('actor')).toBe('7'));

    const kind = screen.getByRole('combobox', { name: 'Kind of record' });
    expect(within(kind).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any kind',
      'Event',
      'Download',
      'Registration',
    ]);
    await user.selectOptions(kind, 'Registration');
    await waitFor(() => expect(lastParams(backend).get('object_type')).toBe('registration'));

    const action = screen.getByRole('combobox', { name: 'Action' });
    // Of the kind chosen only, in words.
    expect(within(action).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any action',
      'Registration: Approved',
      'Registration: Registered',
    ]);
    await user.selectOptions(action, 'Registration: Approved');
    await waitFor(() => expect(lastParams(backend).get('action')).toBe('registration.approved'));

    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() => expect(lastParams(backend).get('until')).toBe('2026-03-31'));
    expect(lastParams(backend).get('since')).toBe('2026-03-01');

    await user.type(screen.getByRole('searchbox', { name: 'Search the activity' }), 'REG-7Q2K');
    await waitFor(() => expect(lastParams(backend).get('search')).toBe('REG-7Q2K'));
    expect(lastParams(backend).get('actor')).toBe('7');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastParams(backend).get('actor')).toBeNull());
    expect(lastParams(backend).get('object_type')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveFocus();
  });

  it('pages in the database: page 2 asks for page=2', async () => {
    const entries = Array.from({ length: 25 }, (_, index) =>
      makeEntry({ id: 100 - index, object_label: `Event ${index + 1}`, object_id: index + 1 }),
    );
    const { user, backend } = renderPage(activityBackend({ entries }));
    await findTable();
    expect(bodyRows()).toHaveLength(20);
    expect(lastParams(backend).get('page_size')).toBe('20');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 21 to 25 of 25')).toBeInTheDocument());
    expect(lastParams(backend).get('page')).toBe('2');
    expect(bodyRows()).toHaveLength(5);
  });

  it('says when the list failed, and tries again', async () => {
    const backend = activityBackend();
    const { user } = renderPage(backend, [activityFailure()]);
    const alert = await screen.findByText('The activity could not be loaded.');
    server.resetHandlers();
    server.use(...backend.handlers);
    await user.click(within(alert.closest('div') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await findTable();
    expect(screen.queryByText('The activity could not be loaded.')).not.toBeInTheDocument();
  });

  describe('CSV download', () => {
    const saved: { download: string }[] = [];
    beforeEach(() => {
      saved.length = 0;
      Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:activity' });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ download: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('downloads the filtered list with the bearer token', async () => {
      storeTestSession();
      const { user, backend } = renderPage(activityBackend({ entries: [approval, signUp] }));
      await findTable();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of record' }), 'Registration');
      await waitFor(() => expect(lastParams(backend).get('object_type')).toBe('registration'));
      await user.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved).toEqual([{ download: 'activity.csv' }]));
      const request = backend.exports()[0];
      expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
      const params = new URL(request?.url ?? 'http://x/').searchParams;
      expect(params.get('format')).toBe('csv');
      expect(params.get('object_type')).toBe('registration');
      expect(params.get('page')).toBeNull();
    });
  });

  it('has no axe violations', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderPage(activityBackend({ entries: [approval, makeEntry(), signUp] }));
    await findTable();
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations).toEqual([]);
  });

  it('is the page of /dashboard/activity, linked as "Activity" in the navigation', async () => {
    storeTestSession();
    server.use(...activityBackend().handlers);
    renderRoute('/dashboard/activity');
    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Dashboard navigation' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/dashboard/activity');
  });
});

describe('the words of the trail', () => {
  const t = fixedT('dashboard');
  const sentence = (overrides: Partial<ActivityEntry>) => entrySentence(makeEntry(overrides), t);

  it('says an approval with its payment, whichever name it was recorded under', () => {
    const expected = 'Approved by Grace Mukamana on Mar 3, 2026 at 2:02 PM: Transaction ID MM-4431, Payment method Mobile Money';
    expect(entrySentence(approval, t)).toBe(expected);
    expect(entrySentence({ ...approval, action: 'registration.status_changed' }, t)).toBe(expected);
  });

  it('says a rejection, a sign-up by a visitor, an edit, a status change, a sign-in and a CSV', () => {
    expect(
      sentence({
        action: 'registration.status_changed',
        object_type: 'registration',
        changes: { registration_status: { before: 'Pending', after: 'Rejected' }, status_reason: { before: '', after: 'No payment' } },
      }),
    ).toBe('Rejected by Grace Mukamana on Mar 3, 2026 at 2:02 PM: Reason No payment');
    expect(entrySentence(signUp, t)).toBe('Registered by a visitor on Mar 2, 2026 at 9:30 AM: Name •••');
    expect(sentence({})).toBe('Event edited by Grace Mukamana on Mar 3, 2026 at 2:02 PM: Location Kigali → Huye');
    expect(
      sentence({ action: 'waitlist_entry.status_changed', object_type: 'waitlist_entry', actor: 'schedule', changes: { status: { before: 'waiting', after: 'offered' } } }),
    ).toBe('Status changed to Offered by the schedule on Mar 3, 2026 at 2:02 PM');
    expect(sentence({ action: 'auth.signed_in', object_type: 'auth', changes: {} })).toBe(
      'Signed in by Grace Mukamana on Mar 3, 2026 at 2:02 PM',
    );
    expect(sentence({ action: 'export.csv', object_type: 'export', actor: 'system', changes: {} })).toBe(
      'CSV downloaded by the system on Mar 3, 2026 at 2:02 PM',
    );
    // An action no catalogue names yet still reads as words.
    expect(sentence({ action: 'event.archived_again', changes: {} })).toBe(
      'Archived again by Grace Mukamana on Mar 3, 2026 at 2:02 PM',
    );
  });

  it('speaks the active language', async () => {
    await i18n.changeLanguage('fr');
    expect(entrySentence(approval, t)).toMatch(/^Approuvée par Grace Mukamana le 3 mars 2026 à 14:02 : N° de transaction MM-4431/);
  });
});

describe('the changes of a row', () => {
  const t = fixedT('dashboard');

  it('reads times in Kigali, hides ids, and keeps the rest', () => {
    const lines = changeLines(
      makeEntry({
        object_type: 'registration',
        changes: {
          registration_status: { before: 'Pending', after: 'Approved' },
          decided_by: { before: null, after: 1 },
          decided_at: { before: null, after: '2026-11-28 19:36:11.675279' },
          needs_interpreter: { before: false, after: true },
        },
      }),
      t,
    );
    expect(lines).toEqual(['Status: Pending → Approved', 'Decided at: Nov 28, 2026 at 9:36 PM', 'Needs an interpreter: no → yes']);
  });
});
