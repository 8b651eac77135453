import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { storeTestSession } from '../../../testing/session';
import { RequestsAdminPage } from './requests-admin-page';

const ROW = {
  id: 7,
  reference: 'IR-K7MQ4X',
  status: 'new',
  urgent: true,
  interpreters_needed: 1,
  requester_type: 'hospital',
  date: '2030-05-04',
  start_time: '10:00:00',
  duration_minutes: 90,
  mode: 'in_person',
  district: 'Gasabo',
  setting: 'medical',
  languages: ['Rwandan Sign Language'],
  accepted: 0,
  created_at: '2030-05-01T08:00:00Z',
};
const DETAIL = {
  ...ROW,
  full_name: 'Claudine Mukamana',
  email: 'claudine@example.org',
  phone: '',
  contact_preference: 'email',
  address: 'KG 544 St',
  video_link: '',
  deaf_count: 1,
  deafblind_needs: '',
  notes: '',
  preferred_interpreter_id: null,
  preferred_interpreter_name: '',
  unfilled_reason: '',
  first_offered_at: null,
  assigned_at: null,
  closed_at: null,
  erased_at: null,
  offers: [] as unknown[],
};
const COUNTS = { new: 1, offered: 0, assigned: 0, completed: 0, unfilled: 0, cancelled: 0 };
const REPORT = {
  year: 2030,
  totals: { requests: 1, filled: 0, unfilled: 0, cancelled: 0, open: 1, share_filled: null, median_hours_to_assignment: null },
  months: [],
  by_setting: [],
  by_district: [],
  cells: [],
  unfilled: [],
};

describe('Interpreter requests (staff)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    storeTestSession();
  });

  it('lists the requests by status, opens one and offers it to the chosen interpreters', async () => {
    const offered: unknown[] = [];
    server.use(
      http.get('*/api/management/interpreter-requests/', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        const results = status === 'new' ? [ROW] : [];
        return HttpResponse.json({ results, count: results.length, page: 1, page_size: 20, total_pages: 1, counts: COUNTS });
      }),
      http.get('*/api/management/interpreter-requests/7/', () => HttpResponse.json(DETAIL)),
      http.get('*/api/management/interpreter-requests/7/suggestions/', () =>
        HttpResponse.json([
          { member_id: 3, profile_id: 1, member_name: 'Aline Uwase', display_name: 'Aline U.', listed: true, preferred: false,
            sign_languages: [], spoken_languages: [], districts: [], settings: [], certification_level: 'Certified', offer_status: null },
          { member_id: 4, profile_id: 2, member_name: 'Hope Iradukunda', display_name: 'Hope I.', listed: false, preferred: false,
            sign_languages: [], spoken_languages: [], districts: [], settings: [], certification_level: 'Practising', offer_status: null },
        ]),
      ),
      http.post('*/api/management/interpreter-requests/7/offers/', async ({ request }) => {
        offered.push(await request.json());
        return HttpResponse.json({ ...DETAIL, status: 'offered' });
      }),
      http.get('*/api/management/interpreting/report/', () => HttpResponse.json(REPORT)),
    );
    const { user } = renderWithProviders(<RequestsAdminPage />, { route: '/dashboard/interpreting' });
    expect(await screen.findByRole('tab', { name: 'New (1)' })).toHaveAttribute('aria-selected', 'true');
    const row = await screen.findByRole('row', { name: /IR-K7MQ4X/ });
    expect(within(row).getByText('Urgent')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'IR-K7MQ4X' }));

    const detail = await screen.findByRole('region', { name: 'Request IR-K7MQ4X' });
    expect(within(detail).getByText(/1 h 30 min/)).toBeInTheDocument();
    const hope = await within(detail).findByRole('checkbox', { name: /Hope I\..*not listed in the directory/ });
    await user.click(hope);
    await user.click(within(detail).getByRole('button', { name: 'Offer to 1 interpreter' }));
    await waitFor(() => expect(offered).toEqual([{ member_ids: [4] }]));
    expect(await within(detail).findByText('The offers were sent.')).toBeInTheDocument();
    // The list follows the request to its new status.
    await waitFor(() => expect(screen.getByRole('tab', { name: /Offered/ })).toHaveAttribute('aria-selected', 'true'));
  });
});
