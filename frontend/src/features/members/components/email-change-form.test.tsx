import { screen, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { MyMembership } from '../my-membership-api';
import { EmailChangeForm } from './email-change-form';

const MINE = {
  email: 'aline@example.org',
  pending_email: null,
} as MyMembership;

function backend() {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/my-membership/email-change/', async ({ request }) => {
      const body = (await request.json()) as { email: string };
      sent.push({ auth: request.headers.get('Authorization'), body });
      if (body.email === 'aline@example.org') {
        const text = 'This is already the e-mail address of your membership.';
        return HttpResponse.json({ detail: text, code: 'validation_error', fields: { email: text } }, { status: 400 });
      }
      if (body.email === 'again@example.org') {
        return HttpResponse.json({ detail: 'Too many requests.', code: 'throttled' }, { status: 429 });
      }
      return HttpResponse.json({ ...MINE, pending_email: body.email });
    }),
  );
  return sent;
}

describe('EmailChangeForm', () => {
  it('sends a link to the new address and keeps the old one until it is opened', async () => {
    const sent = backend();
    const { user } = renderWithProviders(<EmailChangeForm access="member-token" membership={MINE} />);
    expect(screen.getByText("Your membership's e-mail address is aline@example.org.")).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail address'), ' new@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('We sent a link to new@example.org.'));
    expect(sent).toEqual([{ auth: 'Bearer member-token', body: { email: 'new@example.org' } }]);
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('');
    expect(screen.getAllByText(/We sent a link to new@example\.org\./)).toHaveLength(1); // said once
    const results = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations).toEqual([]);
  });

  it('shows the address waiting for its link', () => {
    renderWithProviders(
      <EmailChangeForm access="member-token" membership={{ ...MINE, pending_email: 'waiting@example.org' }} />,
    );
    expect(screen.getByText(/We sent a link to waiting@example\.org\./)).toBeInTheDocument();
  });

  it('puts a refusal on the field and the focus on it', async () => {
    backend();
    const { user } = renderWithProviders(<EmailChangeForm access="member-token" membership={MINE} />);
    const input = screen.getByLabelText('New e-mail address');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(input).toHaveAccessibleDescription(/Please enter your new e-mail address\./);
    expect(input).toHaveFocus();

    await user.type(input, 'aline@example.org');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(/This is already the e-mail address of your membership\./),
    );
    expect(input).toHaveFocus();
  });

  it('says when too many changes were asked for', async () => {
    backend();
    const { user } = renderWithProviders(<EmailChangeForm access="member-token" membership={MINE} />);
    await user.type(screen.getByLabelText('New e-mail address'), 'again@example.org');
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many changes were asked for.');
  });
});
