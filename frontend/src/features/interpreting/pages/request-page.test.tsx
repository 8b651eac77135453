import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { RequestPage } from './request-page';

const REQUESTS = '*/api/interpreter-requests/';

async function fillIn(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Who is asking' }), 'hospital');
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Claudine Mukamana');
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'claudine@example.org');
  await user.type(screen.getByLabelText('Date', { exact: false, selector: 'input[type=date]' }), '2030-05-04');
  await user.type(screen.getByLabelText('Start time', { exact: false, selector: 'input' }), '10:00');
  await user.selectOptions(screen.getByRole('combobox', { name: 'District' }), 'Gasabo');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), 'KG 544 St');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Setting' }), 'medical');
}

describe('Request an interpreter', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('explains the rules and announces a team of two past two hours', async () => {
    const { user } = renderWithProviders(<RequestPage />, { route: '/request-interpreter' });
    expect(screen.getByRole('heading', { level: 1, name: 'Request an interpreter' })).toBeInTheDocument();
    expect(screen.getByText('Assignments over 2 hours need a team of two interpreters, who take turns.')).toBeInTheDocument();
    expect(screen.queryByText(/a team of two interpreters is needed/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '180');
    expect(screen.getByText(/a team of two interpreters is needed/)).toBeInTheDocument();
  });

  it('puts the focus on the first missing field without sending anything', async () => {
    const { user } = renderWithProviders(<RequestPage />, { route: '/request-interpreter' });
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Who is asking' })).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
  });

  it("shows the server's refusal at its field and focuses it", async () => {
    server.use(
      http.post(REQUESTS, () =>
        HttpResponse.json(
          { detail: 'Please choose a date and time in the future.', code: 'validation_error', fields: { date: 'Please choose a date and time in the future.' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<RequestPage />, { route: '/request-interpreter' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const date = screen.getByLabelText('Date', { exact: false, selector: 'input[type=date]' });
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAccessibleDescription('Please choose a date and time in the future.');
  });

  it('answers the reference and what happens next', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post(REQUESTS, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { reference: 'IR-K7MQ4X', urgent: false, interpreters_needed: 1, message: 'Thank you. Your request IR-K7MQ4X has been received.' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<RequestPage />, { route: '/request-interpreter' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you: your request has been received' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('IR-K7MQ4X')).toBeInTheDocument();
    expect(sent).toMatchObject({ district: 'Gasabo', setting: 'medical', duration_minutes: 60, languages: ['Rwandan Sign Language'], preferred_interpreter_id: null });
  });
});
