import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import type { StaffCpdCredit } from '../cpd-api';
import { MemberCpdSection } from './member-cpd-section';

const CREDIT: StaffCpdCredit = {
  id: 7,
  event_id: 3,
  title: 'Ethics in court interpreting',
  date: '2026-11-20',
  hours: 3.5,
  category: 'Ethics and professional practice',
  source: 'event',
  note: '',
  created_at: '2026-11-21T08:00:00Z',
  created_by: '',
  revoked_at: null,
  revoked_by: '',
  revoked_reason: '',
};

/** The member's credits as the server keeps them; records what the section sent. */
function cpdBackend(credits: StaffCpdCredit[] = [CREDIT]) {
  const sent: { path: string; body: unknown }[] = [];
  let rows = [...credits];
  server.use(
    http.get('*/api/management/members/42/cpd-credits/', () => HttpResponse.json(rows)),
    http.post('*/api/management/members/42/cpd-credits/', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.push({ path: new URL(request.url).pathname, body });
      if (Number(body.hours) > 40) {
        const message = 'CPD hours must be a number from 0.25 to 40, in quarter hours (such as 1.5 or 2.25).';
        return HttpResponse.json({ detail: message, code: 'validation_error', fields: { hours: message } }, { status: 400 });
      }
      const made: StaffCpdCredit = {
        ...CREDIT,
        id: 8,
        event_id: null,
        title: body.activity ?? '',
        date: body.date ?? '',
        hours: Number(body.hours),
        category: 'Language',
        source: 'manual',
        note: body.note ?? '',
        created_by: 'grace',
      };
      rows = [made, ...rows];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post('*/api/management/cpd-credits/:id/revoke/', async ({ request, params }) => {
      const body = (await request.json()) as { reason: string };
      sent.push({ path: new URL(request.url).pathname, body });
      rows = rows.map((row) =>
        row.id === Number(params.id) ? { ...row, revoked_at: '2026-11-29T09:30:00Z', revoked_by: 'grace', revoked_reason: body.reason } : row,
      );
      return HttpResponse.json(rows.find((row) => row.id === Number(params.id)));
    }),
  );
  return sent;
}

describe('Member CPD section (staff)', () => {
  it('lists the credits and revokes one with a reason, who and when shown', async () => {
    storeTestSession();
    const sent = cpdBackend();
    const { user, container } = renderWithProviders(<MemberCpdSection memberId={42} />);
    expect(await screen.findByText('Ethics in court interpreting')).toBeInTheDocument();
    expect(screen.getByText('3.5 hours in all (revoked credits not counted).')).toBeInTheDocument();
    expect(screen.getByText('Credited for attending (checked in)')).toBeInTheDocument();
    expect((await axe.run(container)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke the credit for Ethics in court interpreting' }));
    const reason = screen.getByRole('textbox', { name: /Reason for revoking/ });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Revoke credit' }));
    expect(await screen.findByText('Please give a reason.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(reason, 'Left after ten minutes');
    await user.click(screen.getByRole('button', { name: 'Revoke credit' }));
    expect(await screen.findByText(/Revoked by grace on .*: Left after ten minutes/)).toBeInTheDocument();
    expect(sent).toEqual([{ path: '/api/management/cpd-credits/7/revoke/', body: { reason: 'Left after ten minutes' } }]);
    expect(screen.getByText('0 hours in all (revoked credits not counted).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke the credit/ })).not.toBeInTheDocument();
  });

  it('credits hours by hand, the server’s message on the field in error, focused', async () => {
    storeTestSession();
    const sent = cpdBackend([]);
    const { user } = renderWithProviders(<MemberCpdSection memberId={42} />);
    expect(await screen.findByText('No CPD hours credited yet.')).toBeInTheDocument();
    const form = screen.getByRole('heading', { name: 'Credit hours by hand' }).closest('form') as HTMLFormElement;
    const hours = within(form).getByRole('spinbutton', { name: /Hours/ });
    await user.type(hours, '41');
    await user.selectOptions(within(form).getByRole('combobox', { name: /CPD category/ }), 'Language');
    await user.type(within(form).getByRole('textbox', { name: /Activity/ }), 'WASLI regional workshop');
    await user.type(within(form).getByLabelText(/Date/), '2026-03-02');
    await user.click(within(form).getByRole('button', { name: 'Credit hours' }));
    await waitFor(() => expect(hours).toHaveFocus());
    expect(hours).toHaveAccessibleDescription(/CPD hours must be a number from 0.25 to 40/);

    await user.clear(hours);
    await user.type(hours, '2.25');
    await user.click(within(form).getByRole('button', { name: 'Credit hours' }));
    expect(await screen.findByText('Hours credited. The member is e-mailed their certificate.')).toBeInTheDocument();
    expect(await screen.findByText('WASLI regional workshop')).toBeInTheDocument();
    expect(screen.getByText('Credited by hand by grace')).toBeInTheDocument();
    expect(sent.at(-1)?.body).toEqual({
      hours: '2.25',
      category: 'Language',
      activity: 'WASLI regional workshop',
      date: '2026-03-02',
      note: '',
    });
  });
});
