import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeMemberRecord } from '../features/members/admin/mocks/handlers';
import { MemberViewDialog } from '../features/members/admin/member-view-dialog';
import { renderWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { HistorySection } from './history-section';
import { activityBackend, activityFailure, makeEntry } from '../features/activity/mocks/handlers';

const approval = makeEntry({
  id: 3,
  action: 'registration.status_changed',
  object_type: 'registration',
  object_id: 41,
  object_label: 'REG-7Q2K',
  changes: {
    registration_status: { before: 'Pending', after: 'Approved' },
    transaction_id: { before: '', after: 'MM-4431' },
    payment_method: { before: '', after: 'Mobile Money' },
  },
});
const signUp = makeEntry({
  id: 2,
  actor: 'visitor',
  action: 'registration.created',
  object_type: 'registration',
  object_id: 41,
  object_label: 'REG-7Q2K',
  at: '2026-03-02T07:30:00Z',
  changes: { full_name: { before: null, after: 'Aline Uwase' } },
});
const other = makeEntry({ id: 9, object_type: 'registration', object_id: 99, action: 'registration.created' });

const paramsOf = (request: Request | undefined) => new URL(request?.url ?? 'http://x/').searchParams;

describe('HistorySection', () => {
  it("lists the record's own entries, newest first, a sentence each", async () => {
    const backend = activityBackend({ entries: [approval, other, signUp] });
    server.use(...backend.handlers);
    renderWithProviders(<HistorySection objectType="registration" objectId={41} />);
    const section = await screen.findByRole('region', { name: 'History' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Approved by Grace Mukamana on Mar 3, 2026 at 2:02 PM: Transaction ID MM-4431, Payment method Mobile Money',
      'Registered by a visitor on Mar 2, 2026 at 9:30 AM: Name Aline Uwase',
    ]);
    const params = paramsOf(backend.requests()[0]);
    expect(params.get('object_type')).toBe('registration');
    expect(params.get('object_id')).toBe('41');
    expect(params.get('page_size')).toBe('10');
  });

  it('pages: never more than ten at once', async () => {
    const entries = Array.from({ length: 13 }, (_, index) =>
      makeEntry({ id: 100 - index, object_id: 5, changes: { title: { before: `Old ${index}`, after: `New ${index}` } } }),
    );
    const backend = activityBackend({ entries });
    server.use(...backend.handlers);
    const { user } = renderWithProviders(<HistorySection objectType="event" objectId={5} />);
    const section = await screen.findByRole('region', { name: 'History' });
    const entriesShown = () => section.querySelectorAll('.history__entry').length;
    await waitFor(() => expect(entriesShown()).toBe(10));
    expect(section).toHaveTextContent('Entries 1 to 10 of 13');
    await user.click(within(section).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(section).toHaveTextContent('Entries 11 to 13 of 13'));
    expect(paramsOf(backend.requests().at(-1)).get('page')).toBe('2');
    expect(entriesShown()).toBe(3);
  });

  it('says so when nothing is recorded, and when the history failed', async () => {
    server.use(...activityBackend({ entries: [] }).handlers);
    const { unmount } = renderWithProviders(<HistorySection objectType="event" objectId={5} />);
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    unmount();
    server.use(activityFailure());
    renderWithProviders(<HistorySection objectType="event" objectId={5} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The history could not be loaded.');
  });

  it("is in a member's view", async () => {
    const member = makeMemberRecord({ id: 4 });
    const backend = activityBackend({
      entries: [makeEntry({ action: 'member.created', object_type: 'member', object_id: 4, actor: 'visitor', changes: {} })],
    });
    server.use(...backend.handlers);
    renderWithProviders(<MemberViewDialog member={member} onClose={() => {}} onEdit={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const section = within(dialog).getByRole('region', { name: 'History' });
    expect(await within(section).findByText('Applied for membership by a visitor on Mar 3, 2026 at 2:02 PM')).toBeInTheDocument();
  });
});
