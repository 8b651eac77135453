import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { json } from '../../../testing/api-answer';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { StaffInterpreter } from '../api';
import { interpretingHandlers, makeStaffInterpreter } from '../mocks/handlers';
import { StaffInterpretersPage } from './staff-interpreters-page';

describe('/dashboard/interpreters', () => {
  it('lists every profile with its state and verifies, hides and unhides', async () => {
    const posted: string[] = [];
    server.use(
      interpretingHandlers.staffList([
        makeStaffInterpreter(),
        makeStaffInterpreter({ id: 2, member_id: 8, display_name: 'Hope I.', public: false, hidden_at: '2026-11-02T10:00:00Z' }),
      ]),
      http.post('*/api/management/interpreters/:memberId/:action/', ({ params }) => {
        posted.push(`${String(params.memberId)}/${String(params.action)}`);
        return json<StaffInterpreter>(makeStaffInterpreter({ verified: true, verified_at: '2026-11-29T10:00:00Z', verified_by: 'admin' }));
      }),
    );
    const { user } = renderWithProviders(<StaffInterpretersPage />);
    // (jsdom joins the visually hidden name without its space: a browser reads "Verify Aline U.")
    const aline = (await screen.findByRole('row', { name: /Aline U\./ })) as HTMLElement;
    expect(within(aline).getByText('Listed')).toBeInTheDocument();
    expect(within(aline).getByText('Not verified')).toBeInTheDocument();
    await user.click(within(aline).getByRole('button', { name: /^Verify\s*Aline U\.$/ }));
    expect(await screen.findByText("Aline U.'s certification is verified.")).toBeInTheDocument();
    await user.click(within(aline).getByRole('button', { name: /^Hide\s*Aline U\.$/ }));
    const hope = screen.getByRole('row', { name: /Hope I\./ });
    expect(within(hope).getByText('Hidden')).toBeInTheDocument();
    await user.click(within(hope).getByRole('button', { name: /^Unhide\s*Hope I\.$/ }));
    expect(posted).toEqual(['7/verify', '7/hide', '8/unhide']);
  });
});
