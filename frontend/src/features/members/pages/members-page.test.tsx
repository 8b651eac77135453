import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ToastRegion } from '../../../components/toast-region';
import { renderRoute, renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { makeMember, makeMembers, membersBackend, membersFailure } from '../admin/mocks/handlers';
import { MEMBERS_POLLING_INTERVAL, MembersPage } from './members-page';

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

type Backend = ReturnType<typeof membersBackend>;

function renderPage(
  backend: Backend = membersBackend(),
  options: Parameters<typeof renderWithProviders>[1] = {},
  failures: Parameters<typeof server.use> = [],
) {
  server.use(...backend.handlers);
  // Later handlers come first: a failure overrides the backend's answer.
  server.use(...failures);
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/members" element={<MembersPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
      <ToastRegion />
    </>,
    { route: '/dashboard/members', ...options },
  );
  return { ...view, backend };
}

const toasts = () => screen.getByRole('region', { name: 'Notifications' });
const table = () => screen.getByRole('table', { name: 'Members' });
const findTable = () => screen.findByRole('table', { name: 'Members' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowNames = () => bodyRows().map((row) => within(row).getByRole('rowheader').textContent);
const rowOf = (name: string) => {
  const row = bodyRows().find((item) => within(item).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
/** Approve and Reject ask first: the dialog says who is e-mailed; its button goes ahead. */
async function confirmDecision(user: ReturnType<typeof renderPage>['user'], decision: 'Approve' | 'Reject', name: string) {
  await user.click(screen.getByRole('button', { name: `${decision} ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: decision === 'Approve' ? 'Approve member' : 'Reject application' });
  expect(dialog).toHaveTextContent(/e-mail(ed)? .*to \S+@\S+\./);
  await user.click(within(dialog).getByRole('button', { name: decision }));
}
const lastListParams = (backend: Backend) => backend.listRequests().at(-1)?.url.searchParams;

/** Jane pending, Amos approved (active, numbered, declared gender), Rita rejected. */
function officeBackend(overrides: Parameters<typeof membersBackend>[0] = {}) {
  return membersBackend({
    members: [
      makeMember({ id: 1, full_name: 'Jane Doe', email: 'jane@example.org', created_at: '2026-11-03T09:00:00Z' }),
      makeMember({
        id: 2,
        full_name: 'Amos Approved',
        email: 'amos@example.org',
        phone: '+250788000002',
        approval_status: 'Approved',
        is_active_member: true,
        membership_number: '2026-0007',
        approved_at: '2026-11-04T12:00:00Z',
        created_at: '2026-11-02T09:00:00Z',
        gender: 'Other',
        gender_declared: 'Prefer Not to Say',
      }),
      makeMember({
        id: 3,
        full_name: 'Rita Rejected',
        email: 'rita@example.org',
        phone: '+250788000003',
        approval_status: 'Rejected',
        created_at: '2026-11-01T09:00:00Z',
      }),
    ],
    ...overrides,
  });
}

describe('Members admin page', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the members with number, contact, type, status, active and applied date', async () => {
    const backend = officeBackend();
    renderPage(backend);
    expect(screen.getByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(screen.getByText('Loading members...')).toBeInTheDocument();
    await findTable();

    expect(rowNames()).toEqual(['Jane Doe', 'Amos ApprovedNo. 2026-0007', 'Rita Rejected']);
    const amos = rowOf('Amos Approved');
    expect(within(amos).getByRole('link', { name: 'amos@example.org' })).toHaveAttribute('href', 'mailto:amos@example.org');
    expect(within(amos).getByRole('link', { name: '+250788000002' })).toHaveAttribute('href', 'tel:+250788000002');
    expect(within(amos).getByText('Individual')).toBeInTheDocument();
    expect(within(amos).getByText('Approved')).toBeInTheDocument();
    expect(within(amos).getByText('Nov 2, 2026')).toBeInTheDocument();
    expect(within(amos).getByRole('switch', { name: 'Active member: Amos Approved' })).toBeChecked();
    expect(within(rowOf('Jane Doe')).getByRole('switch', { name: 'Active member: Jane Doe' })).not.toBeChecked();
    // No number before approval.
    expect(within(rowOf('Jane Doe')).queryByText(/^No\./)).not.toBeInTheDocument();

    // View, Edit and Delete on every row; Approve and Reject only on the pending one.
    for (const name of ['Jane Doe', 'Amos Approved', 'Rita Rejected']) {
      for (const action of ['View', 'Edit', 'Delete']) {
        expect(within(rowOf(name)).getByRole('button', { name: `${action} ${name}` })).toBeInTheDocument();
      }
    }
    expect(screen.getAllByRole('button', { name: /^Approve / })).toEqual([screen.getByRole('button', { name: 'Approve Jane Doe' })]);
    expect(screen.getAllByRole('button', { name: /^Reject / })).toEqual([screen.getByRole('button', { name: 'Reject Jane Doe' })]);

    expect(screen.getByRole('button', { name: 'Add Member' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(lastListParams(backend)?.get('page')).toBe('1');
    expect(lastListParams(backend)?.get('page_size')).toBe('10');
  });

  it('waits for typing to pause before searching on the server by name or e-mail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = officeBackend();
    const { user } = renderPage(backend, { user: { advanceTimers: vi.advanceTimersByTime } });
    await findTable();
    const calls = backend.listRequests().length;

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'AMOS@');
    // A clock that moves only when told while the debounce is measured (see events-admin-page.test.tsx).
    vi.setTimerTickMode('manual');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(backend.listRequests()).toHaveLength(calls);
    await act(() => vi.advanceTimersByTimeAsync(60));
    vi.setTimerTickMode('interval');
    await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
    expect(lastListParams(backend)?.get('search')).toBe('AMOS@');
    await waitFor(() => expect(rowNames()).toEqual(['Amos ApprovedNo. 2026-0007']));
  });

  it('filters by statuses, types and activity with repeated parameters, and shows the filters in force', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await findTable();

    const filtersButton = screen.getByRole('button', { name: 'Filters' });
    await user.click(filtersButton);
    let dialog = screen.getByRole('dialog', { name: 'Filter Members' });
    expect(within(dialog).getByRole('checkbox', { name: 'Pending' })).toHaveFocus();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rejected' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pending' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Individual' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filtersButton).toHaveFocus();
    await waitFor(() => expect(lastListParams(backend)?.getAll('approval_status')).toEqual(['Pending', 'Rejected']));
    const params = lastListParams(backend);
    expect(params?.getAll('membership_type')).toEqual(['Individual']);
    expect(params?.get('active')).toBe('false');
    expect(params?.get('page')).toBe('1');
    await waitFor(() => expect(rowNames()).toEqual(['Jane Doe', 'Rita Rejected']));
    expect(filtersButton).toHaveAccessibleName('Filters (4 filters on)');

    const inForce = screen.getByRole('list', { name: 'Filters on:' });
    expect(within(inForce).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Status: Pending×',
      'Status: Rejected×',
      'Type: Individual×',
      'Inactive members×',
    ]);

    // Taking one off asks again without it; the focus moves to the filter now in its place.
    await user.click(screen.getByRole('button', { name: 'Remove filter Status: Pending' }));
    await waitFor(() => expect(lastListParams(backend)?.getAll('approval_status')).toEqual(['Rejected']));
    expect(screen.getByRole('button', { name: 'Remove filter Status: Rejected' })).toHaveFocus();
    await waitFor(() => expect(rowNames()).toEqual(['Rita Rejected']));

    // Cancel changes nothing.
    await user.click(filtersButton);
    dialog = screen.getByRole('dialog', { name: 'Filter Members' });
    expect(within(dialog).getByRole('checkbox', { name: 'Rejected' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Inactive' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('list', { name: 'Filters on:' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    const cleared = lastListParams(backend);
    expect(cleared?.has('approval_status')).toBe(false);
    expect(cleared?.has('membership_type')).toBe(false);
    expect(cleared?.has('active')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Filters on:' })).not.toBeInTheDocument();
    expect(filtersButton).toHaveFocus();
  });

  it('shows each member\'s standing and end date, filters by standing and sorts by end date', async () => {
    const year = (id: number, full_name: string, standing: 'Active' | 'Expiring' | 'Grace', membership_end: string) =>
      makeMember({
        id,
        full_name,
        email: `${full_name.split(' ')[0]?.toLowerCase()}@example.org`,
        approval_status: 'Approved',
        is_active_member: true,
        membership_number: `2026-000${id}`,
        standing,
        membership_end,
        created_at: `2026-11-0${id}T09:00:00Z`,
      });
    const backend = membersBackend({
      members: [
        makeMember({ id: 1, full_name: 'Jane Doe', created_at: '2026-11-09T09:00:00Z' }),
        year(2, 'Amos Active', 'Active', '2027-11-01'),
        year(3, 'Eve Expiring', 'Expiring', '2026-12-20'),
        { ...year(4, 'Gina Grace', 'Grace', '2026-11-20'), closure_requested_at: '2026-11-25T10:00:00Z' },
        year(5, 'Esther Expiring', 'Expiring', '2026-12-05'),
      ],
    });
    const { user } = renderPage(backend);
    await findTable();

    // The badge says the standing in words, with the last day; none before approval.
    expect(within(rowOf('Eve Expiring')).getByText('Expiring')).toBeInTheDocument();
    expect(within(rowOf('Eve Expiring')).getByText('Ends Dec 20, 2026')).toBeInTheDocument();
    expect(within(rowOf('Gina Grace')).getByText('Grace')).toBeInTheDocument();
    expect(within(rowOf('Jane Doe')).getByText('No membership year')).toBeInTheDocument();
    // A member who asked, from their own page, to close the membership: staff see it on the row.
    expect(within(rowOf('Gina Grace')).getByText('Asked to close on Nov 25, 2026')).toBeInTheDocument();
    expect(within(rowOf('Eve Expiring')).queryByText(/Asked to close/)).not.toBeInTheDocument();

    const filtersButton = screen.getByRole('button', { name: 'Filters' });
    await user.click(filtersButton);
    const dialog = screen.getByRole('dialog', { name: 'Filter Members' });
    const standing = within(dialog).getByRole('group', { name: 'Standing' });
    await user.click(within(standing).getByRole('checkbox', { name: 'Expiring' }));
    await user.click(within(standing).getByRole('checkbox', { name: 'Grace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(lastListParams(backend)?.getAll('standing')).toEqual(['Expiring', 'Grace']));
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(filtersButton).toHaveAccessibleName('Filters (2 filters on)');
    const inForce = screen.getByRole('list', { name: 'Filters on:' });
    expect(within(inForce).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Standing: Expiring×', 'Standing: Grace×']);

    // The membership column's header sorts by end date, the soonest first, then the latest.
    const header = screen.getByRole('columnheader', { name: 'Membership' });
    expect(header).not.toHaveAttribute('aria-sort');
    await user.click(within(header).getByRole('button', { name: 'Membership' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('membership_end'));
    await waitFor(() =>
      expect(rowNames()).toEqual(['Gina GraceNo. 2026-0004', 'Esther ExpiringNo. 2026-0005', 'Eve ExpiringNo. 2026-0003']),
    );
    expect(screen.getByRole('columnheader', { name: 'Membership' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Membership' }));
    await waitFor(() => expect(lastListParams(backend)?.get('ordering')).toBe('-membership_end'));
    await waitFor(() => expect(rowNames()[0]).toBe('Eve ExpiringNo. 2026-0003'));
    expect(screen.getByRole('columnheader', { name: 'Membership' })).toHaveAttribute('aria-sort', 'descending');
    expect(lastListParams(backend)?.getAll('standing')).toEqual(['Expiring', 'Grace']);
  });

  it('opens filtered and sorted as a link asks (the dashboard home\'s expiring members)', async () => {
    const backend = membersBackend({
      members: [
        makeMember({ id: 1 }),
        makeMember({ id: 2, full_name: 'Eve Expiring', approval_status: 'Approved', standing: 'Expiring', membership_end: '2026-12-20' }),
      ],
    });
    renderPage(backend, { route: '/dashboard/members?standing=Expiring&ordering=membership_end' });
    await findTable();
    expect(rowNames()).toEqual(['Eve Expiring']);
    const params = lastListParams(backend);
    expect(params?.getAll('standing')).toEqual(['Expiring']);
    expect(params?.get('ordering')).toBe('membership_end');
    expect(within(screen.getByRole('list', { name: 'Filters on:' })).getByRole('listitem')).toHaveTextContent('Standing: Expiring');
    expect(screen.getByRole('columnheader', { name: 'Membership' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('pages ten members at a time, the page count being the count divided by ten rounded up', async () => {
    const backend = membersBackend({ members: makeMembers(23) });
    const { user } = renderPage(backend);
    expect(await screen.findByText('Showing 1 to 10 of 23 members')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Member pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 members')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Member 21', 'Member 22', 'Member 23']);
    expect(lastListParams(backend)?.get('page')).toBe('3');
    expect(lastListParams(backend)?.get('page_size')).toBe('10');
  });

  it('says when no member matches, with a way back to everyone', async () => {
    const { user } = renderPage(membersBackend({ members: [] }));
    expect(await screen.findByText('No members found matching your search criteria.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'nobody');
    await user.click(await screen.findByRole('button', { name: 'Clear search and filters' }));
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveFocus();
  });

  describe('approve and reject', () => {
    it('approves a pending member: toast, Approved with a number, the focus on the row', async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      await confirmDecision(user, 'Approve', 'Jane Doe');

      await waitFor(() => expect(toasts()).toHaveTextContent('Member Jane Doe has been approved!'));
      const jane = rowOf('Jane Doe');
      await waitFor(() => expect(within(jane).getByText('Approved')).toBeInTheDocument());
      expect(within(jane).getByText(/^No\. 2026-\d{4}$/)).toBeInTheDocument();
      expect(within(jane).getByRole('switch', { name: 'Active member: Jane Doe' })).toBeChecked();
      expect(screen.queryByRole('button', { name: 'Approve Jane Doe' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Reject Jane Doe' })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'View Jane Doe' })).toHaveFocus());
      expect(backend.approveRequests().map((request) => request.url.pathname)).toEqual(['/api/management/members/1/approve/']);
    });

    it('names the member by e-mail when there is no name', async () => {
      const { user } = renderPage(membersBackend({ members: [makeMember({ id: 5, full_name: '', email: 'anon@example.org' })] }));
      await findTable();
      await confirmDecision(user, 'Approve', 'anon@example.org');
      await waitFor(() => expect(toasts()).toHaveTextContent('Member anon@example.org has been approved!'));
    });

    it('rejects a pending member with a warning toast', async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      await confirmDecision(user, 'Reject', 'Jane Doe');

      await waitFor(() => expect(toasts()).toHaveTextContent('Warning: Member Jane Doe has been rejected.'));
      await waitFor(() => expect(within(rowOf('Jane Doe')).getByText('Rejected')).toBeInTheDocument());
      expect(screen.queryByRole('button', { name: 'Approve Jane Doe' })).not.toBeInTheDocument();
      expect(backend.rejectRequests()).toHaveLength(1);
    });

    it('toasts a failed approval and a failed rejection; the row stays Pending', async () => {
      const { user } = renderPage(officeBackend(), {}, [membersFailure('approve', 500), membersFailure('reject', 'network')]);
      await findTable();
      await confirmDecision(user, 'Approve', 'Jane Doe');
      await waitFor(() => expect(toasts()).toHaveTextContent('Error approving member'));
      await confirmDecision(user, 'Reject', 'Jane Doe');
      await waitFor(() => expect(toasts()).toHaveTextContent('Error rejecting member'));
      expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
    });
  });

  it('asks before deciding, naming who is e-mailed; Cancel sends nothing', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Approve Jane Doe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve member' });
    expect(dialog).toHaveTextContent('A welcome e-mail with the membership number is sent to jane@example.org.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Reject Jane Doe' }));
    expect(await screen.findByRole('dialog', { name: 'Reject application' })).toHaveTextContent(
      'A polite refusal is e-mailed to jane@example.org.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(backend.approveRequests()).toHaveLength(0);
    expect(backend.rejectRequests()).toHaveLength(0);
    expect(within(rowOf('Jane Doe')).getByText('Pending')).toBeInTheDocument();
  });

  it("Add Member opens staff's own form: an institution names its contact person, the staff endpoint gets it", async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a member' });
    expect(within(dialog).getByLabelText('Date of birth')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Contact person')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Membership type'), 'Institutional');
    // An institution has no birth date or gender; it names who speaks for it.
    expect(within(dialog).queryByLabelText('Date of birth')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Gender')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Full name'), 'Kigali Deaf School');
    await user.type(within(dialog).getByLabelText('E-mail'), 'office@kds.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    // The server's refusals land on their fields; the first gets the focus.
    await waitFor(() => expect(within(dialog).getByLabelText('Phone')).toHaveFocus());
    expect(within(dialog).getByLabelText("Contact person's role")).toHaveAccessibleDescription('This field is required.');
    expect(within(dialog).getByRole('link', { name: /Read the terms and conditions/ })).toHaveAttribute('href', '/privacy#terms');

    await user.type(within(dialog).getByLabelText('Phone'), '+250788111222');
    await user.type(within(dialog).getByLabelText('Nationality'), 'Rwandan');
    await user.type(within(dialog).getByLabelText('Address'), 'KG 9 Ave');
    await user.type(within(dialog).getByLabelText('Contact person'), 'Claudine Mukamana');
    await user.type(within(dialog).getByLabelText("Contact person's role"), 'Head teacher');
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'Bank Transfer');
    await user.click(within(dialog).getByRole('checkbox', { name: /The applicant has agreed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));

    await waitFor(() => expect(toasts()).toHaveTextContent('Kigali Deaf School was added as a Pending application.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = backend.requests.filter((request) => request.method === 'POST' && request.url.pathname === '/api/management/members/');
    expect(sent.at(-1)?.body).toMatchObject({
      membership_type: 'Institutional',
      contact_person_name: 'Claudine Mukamana',
      contact_person_role: 'Head teacher',
      agree_to_terms: true,
    });
    expect(sent.at(-1)?.body).not.toHaveProperty('solvedChallenge');
    await waitFor(() => expect(rowOf('Kigali Deaf School')).toBeInTheDocument());
  });

  it('switches a member active and inactive from the row, and toasts a failure', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend);
    await findTable();
    const toggle = screen.getByRole('switch', { name: 'Active member: Jane Doe' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Active member: Jane Doe' })).toBeChecked());
    expect(backend.toggleRequests().map((request) => request.url.pathname)).toEqual(['/api/management/members/1/toggle-active/']);
    expect(screen.getByRole('switch', { name: 'Active member: Jane Doe' })).toHaveFocus();

    server.use(membersFailure('toggle', 500));
    await user.click(screen.getByRole('switch', { name: 'Active member: Jane Doe' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Error updating member'));
    expect(screen.getByRole('switch', { name: 'Active member: Jane Doe' })).toBeChecked();
  });

  describe('view', () => {
    it('shows every field, the consent with its date, the number and the declared gender', async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      const opener = screen.getByRole('button', { name: 'View Amos Approved' });
      await user.click(opener);

      const dialog = await screen.findByRole('dialog', { name: 'Amos Approved' });
      expect(backend.memberRequests().map((request) => request.url.pathname)).toEqual(['/api/management/members/2/']);
      const value = (term: string) => within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
      expect(value('Terms and conditions')).toBe('Agreed to the terms on Nov 2, 2026');
      expect(value('Membership number')).toBe('2026-0007');
      expect(value('Gender')).toBe('Other (declared: Prefer Not to Say)');
      expect(value('E-mail')).toBe('amos@example.org');
      expect(value('Phone')).toBe('+250788000002');
      expect(value('Date of birth')).toBe('Apr 12, 1990');
      expect(value('Nationality')).toBe('Rwandan');
      expect(value('Address')).toBe('KG 7 Ave, Kigali');
      expect(value('Occupation')).toBe('Interpreter');
      expect(value('Organization')).toBe('Kigali Deaf Centre');
      expect(value('Experience (years)')).toBe('6 years');
      expect(value('Preferred communication language')).toBe('Rwandan Sign Language');
      expect(value('Skills')).toBe('Conference interpreting');
      expect(value('Certifications')).toBe('RSL Level 3');
      expect(value('Membership type')).toBe('Individual');
      expect(value('Approval status')).toBe('Approved');
      expect(value('Active member')).toBe('Yes');
      expect(value('Areas of interest')).toBe('Advocacy, Training');
      expect(value('Reason for joining')).toBe('To keep learning with peers.');
      expect(value('Payment method')).toBe('Mobile Money');
      expect(value('Transaction ID')).toBe('Not given');
      expect(value('Applied')).toBe('Nov 2, 2026');
      expect(value('Approved on')).toBe('Nov 4, 2026');

      // The desk prints the member's card: fetched with the staff token, handed over as a file.
      const saved: string[] = [];
      Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:card' });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      try {
        await user.click(within(dialog).getByRole('button', { name: 'Membership card (PDF)' }));
        await waitFor(() => expect(saved).toEqual(['membership-card-2.pdf']));
        // And all of the member's data, for a request for a copy made at the desk.
        await user.click(within(dialog).getByRole('button', { name: 'All their data (JSON)' }));
        await waitFor(() => expect(saved).toEqual(['membership-card-2.pdf', 'member-2.json']));
      } finally {
        click.mockRestore();
        Reflect.deleteProperty(URL, 'createObjectURL');
        Reflect.deleteProperty(URL, 'revokeObjectURL');
      }

      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
    });

    it('shows which renewal notices went out, and none for a member without', async () => {
      // The day in the test's own time zone, as the dialog shows it.
      const sent = (at: string) => new Date(at).toLocaleDateString('en', { month: 'short', day: 'numeric', year: 'numeric' });
      const first = { kind: '30_days' as const, sent_at: '2027-02-08T07:00:00Z' };
      const second = { kind: '7_days' as const, sent_at: '2027-03-03T07:00:00Z' };
      const notices = [first, second];
      const { user } = renderPage(
        membersBackend({
          members: [
            makeMember({ id: 5, full_name: 'Nina Noticed', approval_status: 'Approved', standing: 'Expiring', membership_end: '2027-03-10' }),
            makeMember({ id: 6, full_name: 'Omar Quiet', approval_status: 'Approved', standing: 'Active', membership_end: '2027-10-01' }),
          ].map((member) => (member.id === 5 ? { ...member, renewal_notices: notices } : member)),
        }),
      );
      await findTable();
      await user.click(screen.getByRole('button', { name: 'View Nina Noticed' }));
      let dialog = await screen.findByRole('dialog', { name: 'Nina Noticed' });
      const items = within(within(dialog).getByText('Renewal notices', { selector: 'dt' }).nextElementSibling as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
      expect(items).toHaveLength(2);
      expect(items[0]).toMatch(new RegExp(`^30 days before the end: ${sent(first.sent_at)}, \\d`));
      expect(items[1]).toMatch(new RegExp(`^7 days before the end: ${sent(second.sent_at)}, \\d`));
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'View Omar Quiet' }));
      dialog = await screen.findByRole('dialog', { name: 'Omar Quiet' });
      expect(within(dialog).getByText('Renewal notices', { selector: 'dt' }).nextElementSibling?.textContent).toBe('None sent yet');
    });

    it("shows an institution's contact person instead of a birth date and gender", async () => {
      const school = makeMember({
        id: 9,
        full_name: 'Kigali Deaf School',
        membership_type: 'Institutional',
        date_of_birth: null,
        gender: '',
        gender_declared: '',
        contact_person_name: 'Rita Mutoni',
        contact_person_role: 'Director',
      });
      const { user } = renderPage(membersBackend({ members: [school] }));
      await findTable();
      expect(within(rowOf('Kigali Deaf School')).getByText('Institutional')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'View Kigali Deaf School' }));
      const dialog = await screen.findByRole('dialog', { name: 'Kigali Deaf School' });
      const value = (term: string) => within(dialog).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
      expect(value('Contact person')).toBe('Rita Mutoni');
      expect(value("Contact person's role")).toBe('Director');
      expect(within(dialog).queryByText('Date of birth', { selector: 'dt' })).not.toBeInTheDocument();
      expect(within(dialog).queryByText('Gender', { selector: 'dt' })).not.toBeInTheDocument();
    });

    it('shows a pending member without a number, and goes on to Edit', async () => {
      const { user } = renderPage(officeBackend());
      await findTable();
      await user.click(screen.getByRole('button', { name: 'View Jane Doe' }));
      const dialog = await screen.findByRole('dialog', { name: 'Jane Doe' });
      expect(within(dialog).getByText('Assigned on approval')).toBeInTheDocument();
      expect(within(dialog).getByText('Female')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Edit' }));
      expect(screen.getByRole('dialog', { name: 'Edit Jane Doe' })).toBeInTheDocument();
    });

    it('toasts when the member cannot be read', async () => {
      const { user } = renderPage(officeBackend(), {}, [membersFailure('member', 404, { detail: 'Not found.', code: 'not_found' })]);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'View Jane Doe' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Error viewing member details'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('edit', () => {
    it('sends every field; one left empty goes empty and keeps its value', async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      const opener = screen.getByRole('button', { name: 'Edit Jane Doe' });
      await user.click(opener);

      const dialog = await screen.findByRole('dialog', { name: 'Edit Jane Doe' });
      expect(dialog).toHaveAccessibleDescription('A field left empty keeps its current value.');
      expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
      expect(within(dialog).getByLabelText('Phone')).toHaveValue('+250788123456');
      expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveValue('Female');
      expect(
        within(within(dialog).getByRole('combobox', { name: 'Gender' })).getAllByRole('option').map((option) => option.textContent),
      ).toEqual(['Keep current value', 'Male', 'Female', 'Other']);
      expect(
        within(within(dialog).getByRole('combobox', { name: 'Approval status' })).getAllByRole('option').map((option) => option.textContent),
      ).toEqual(['Pending', 'Approved', 'Rejected']);

      await user.clear(within(dialog).getByLabelText('Phone'));
      await user.clear(within(dialog).getByLabelText('Occupation'));
      await user.type(within(dialog).getByLabelText('Occupation'), 'Trainer of interpreters');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Research' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Active member' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Member updated successfully'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(opener).toHaveFocus();
      expect(backend.updateRequests()).toHaveLength(1);
      const [update] = backend.updateRequests();
      expect(update?.url.pathname).toBe('/api/management/members/1/');
      expect(update?.body).toEqual({
        id: 1,
        full_name: 'Jane Doe',
        email: 'jane@example.org',
        phone: '',
        date_of_birth: '1990-04-12',
        gender: 'Female',
        nationality: 'Rwandan',
        address: 'KG 7 Ave, Kigali',
        occupation: 'Trainer of interpreters',
        organization: 'Kigali Deaf Centre',
        contact_person_name: '',
        contact_person_role: '',
        experience_years: 6,
        membership_type: 'Individual',
        preferred_communication_language: 'Rwandan Sign Language',
        reason_for_joining: 'To keep learning with peers.',
        skills: 'Conference interpreting',
        areas_of_interest: ['Advocacy', 'Training', 'Research'],
        certifications: 'RSL Level 3',
        payment_method: 'Mobile Money',
        transaction_id: '',
        agree_to_terms: true,
        approval_status: 'Pending',
        is_active_member: true,
      });
      // The phone left empty kept its value; the rest changed in place.
      const jane = rowOf('Jane Doe');
      expect(within(jane).getByRole('link', { name: '+250788123456' })).toBeInTheDocument();
      expect(within(jane).getByRole('switch', { name: 'Active member: Jane Doe' })).toBeChecked();
    });

    it("keeps a declared gender that the admin reads as Other, and can set the approval status", async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Edit Amos Approved' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Amos Approved' });
      expect(within(dialog).getByRole('combobox', { name: 'Gender' })).toHaveValue('Other');
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Approval status' }), 'Rejected');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      await waitFor(() => expect(toasts()).toHaveTextContent('Member updated successfully'));
      const body = backend.updateRequests()[0]?.body as Record<string, unknown>;
      expect(body.gender).toBe('');
      expect(body.approval_status).toBe('Rejected');
      expect(backend.members.find((member) => member.id === 2)?.gender_declared).toBe('Prefer Not to Say');
      await waitFor(() => expect(within(rowOf('Amos Approved')).getByText('Rejected')).toBeInTheDocument());
    });

    it("shows the server's field message on its field, focuses it and toasts the server's words", async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Edit Jane Doe' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Jane Doe' });
      const email = within(dialog).getByLabelText('E-mail');
      await user.clear(email);
      await user.type(email, 'AMOS@example.org');
      await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

      const message = 'A membership application with this email already exists.';
      await waitFor(() => expect(email).toHaveAccessibleDescription(message));
      expect(email).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(email).toHaveFocus());
      await waitFor(() => expect(toasts()).toHaveTextContent(`Error updating member: ${message}`));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('dialog')).toBeInTheDocument();

      // Fixing the field clears its message.
      await user.type(email, 'x');
      expect(email).not.toHaveAttribute('aria-invalid');
    });

    it('toasts when the member cannot be loaded for editing', async () => {
      const { user } = renderPage(officeBackend(), {}, [membersFailure('member', 500)]);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Edit Jane Doe' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Error loading member data'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  describe('delete', () => {
    it('asks first, explaining the erasure, says Deleting..., then removes the row', async () => {
      const backend = officeBackend({ latency: 50 });
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Delete Jane Doe' }));

      const dialog = screen.getByRole('dialog', { name: 'Delete Member' });
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Delete Jane Doe? This cannot be undone.'));
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining('personal data are erased'));
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();

      await waitFor(() => expect(toasts()).toHaveTextContent('Member deleted successfully'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await waitFor(() => expect(rowNames()).toEqual(['Amos ApprovedNo. 2026-0007', 'Rita Rejected']));
      expect(backend.deleteRequests().map((request) => request.url.pathname)).toEqual(['/api/management/members/1/']);
      await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveFocus());
    });

    it('cancels without deleting, and toasts a failed delete', async () => {
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      const opener = screen.getByRole('button', { name: 'Delete Jane Doe' });
      await user.click(opener);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      expect(opener).toHaveFocus();
      expect(backend.deleteRequests()).toEqual([]);

      server.use(membersFailure('delete', 500));
      await user.click(opener);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Error deleting member'));
      expect(rowOf('Jane Doe')).toBeInTheDocument();
    });
  });

  it('says the members failed to load, and Try Again loads them', async () => {
    const backend = officeBackend();
    const { user } = renderPage(backend, {}, [membersFailure('list', 500)]);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Failed to load members. Please try again later.'));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    server.resetHandlers(...backend.handlers);
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await findTable();
    expect(screen.queryByText('Failed to load members. Please try again later.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveFocus());
  });

  it('picks up changes every 30 s with no loader, and a failed reload keeps the rows silently', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = officeBackend();
    renderPage(backend);
    await findTable();
    const calls = backend.listRequests().length;
    backend.members.push(makeMember({ id: 9, full_name: 'Newcomer Nadia', email: 'nadia@example.org', created_at: '2026-11-06T08:00:00Z' }));

    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_POLLING_INTERVAL - 1000));
    expect(backend.listRequests()).toHaveLength(calls);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(backend.listRequests()).toHaveLength(calls + 1));
    expect(await screen.findByText('Newcomer Nadia')).toBeInTheDocument();
    expect(screen.queryByText('Loading members...')).not.toBeInTheDocument();
    expect(table()).not.toHaveAttribute('aria-busy', 'true');

    server.use(membersFailure('list', 500));
    await act(() => vi.advanceTimersByTimeAsync(MEMBERS_POLLING_INTERVAL));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Failed to load members. Please try again later.')).not.toBeInTheDocument();
    expect(toasts()).not.toHaveTextContent(/./);
    expect(screen.getByText('Newcomer Nadia')).toBeInTheDocument();
  });

  describe('export', () => {
    const saved: { href: string; download: string }[] = [];
    const blobs: Blob[] = [];

    beforeEach(() => {
      saved.length = 0;
      blobs.length = 0;
      // jsdom has no object URLs and no downloads: record what the page hands the browser.
      Object.defineProperty(URL, 'createObjectURL', {
        configurable: true,
        value: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:members';
        },
      });
      Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('downloads the CSV of the filtered list with the bearer token', async () => {
      storeTestSession();
      const backend = officeBackend();
      const { user } = renderPage(backend);
      await findTable();
      await user.click(screen.getByRole('button', { name: 'Filters' }));
      await user.click(screen.getByRole('checkbox', { name: 'Approved' }));
      await user.click(screen.getByRole('checkbox', { name: 'Rejected' }));
      await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));

      await waitFor(() => expect(saved).toEqual([{ href: 'blob:members', download: 'members.csv' }]));
      const request = backend.exportRequests()[0];
      expect(request?.authorization).toBe('Bearer access-1');
      expect(request?.url.searchParams.getAll('approval_status')).toEqual(['Approved', 'Rejected']);
      const [file] = blobs;
      if (!file) throw new Error('No file was saved');
      expect(file.type).toBe('text/csv;charset=utf-8');
      // The byte-order mark that reading the answer as text dropped is back.
      expect([...new Uint8Array(await file.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = await file.text();
      expect(text).toContain('Amos Approved');
      expect(text).toContain('Rita Rejected');
      expect(text).not.toContain('Jane Doe');
    });

    it('toasts a failed export', async () => {
      const { user } = renderPage(officeBackend());
      await findTable();
      server.use(membersFailure('export', 500));
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(toasts()).toHaveTextContent('Failed to export members'));
      expect(saved).toEqual([]);
    });
  });

  // Four axe runs over the page and its dialogs: several seconds on a busy two-core machine.
  it('has no axe violations: the page, the filters, the view and the edit form with an error', async () => {
    // Colour contrast needs a layout, which jsdom has not; axe's icon-font check needs a canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const options: axe.RunOptions = {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    };
    const { user } = renderPage(officeBackend());
    await findTable();
    expect((await axe.run(document.body, options)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pending' }));
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await screen.findByRole('list', { name: 'Filters on:' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'View Jane Doe' }));
    await screen.findByRole('dialog', { name: 'Jane Doe' });
    expect((await axe.run(document.body, options)).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Jane Doe' });
    server.use(
      membersFailure('update', 400, {
        detail: 'Enter a whole number of years from 0 to 80.',
        code: 'validation_error',
        fields: { experience_years: 'Enter a whole number of years from 0 to 80.', areas_of_interest: 'Choose among the four.' },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Experience (years)')).toHaveFocus());
    expect(within(dialog).getByRole('group', { name: 'Areas of interest' })).toHaveAccessibleDescription('Choose among the four.');
    expect((await axe.run(document.body, options)).violations).toEqual([]);
  });

  it('is the page of /dashboard/members, loaded with its texts', async () => {
    storeTestSession();
    const backend = officeBackend();
    server.use(...backend.handlers);
    renderRoute('/dashboard/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve Jane Doe' })).toBeInTheDocument();
    expect(backend.listRequests()[0]?.url.pathname).toBe('/api/management/members/');
  });
});
