import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../../testing/render';
import { server } from '../../../testing/server';

function backend(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/my-membership/email-change/confirm/', async ({ request }) => {
      sent.push({ auth: request.headers.get('Authorization'), body: await request.json() });
      return answer();
    }),
  );
  return sent;
}

describe('ConfirmEmailPage', () => {
  it('confirms the new address once, with the token out of the address bar', async () => {
    const sent = backend(() =>
      HttpResponse.json({ email: 'new@example.org', message: 'The e-mail address of your membership is now new@example.org.' }),
    );
    const { router } = renderRoute('/my-membership/email#token=change-token');
    const heading = await screen.findByRole('heading', { name: 'Your e-mail address is changed' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/The e-mail address of your membership is now new@example\.org\./)).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(sent).toEqual([{ auth: null, body: { token: 'change-token' } }]);
    expect(screen.getByRole('link', { name: 'Go to my membership' })).toHaveAttribute('href', '/my-membership');
  });

  it("says so when the address is another member's by now", async () => {
    backend(() =>
      HttpResponse.json(
        { detail: 'This address already belongs to a membership, so the address was not changed.', code: 'email_taken' },
        { status: 409 },
      ),
    );
    renderRoute('/my-membership/email#token=change-token');
    expect(await screen.findByRole('heading', { name: 'Your e-mail address was not changed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This address already belongs to a membership');
  });

  it('refuses a used or forged link, and a page opened without one', async () => {
    backend(() => HttpResponse.json({ detail: 'invalid', code: 'invalid_token' }, { status: 400 }));
    renderRoute('/my-membership/email#token=used');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid, already used or expired.');
  });

  it('refuses a page opened without a link', async () => {
    renderRoute('/my-membership/email');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid, already used or expired.');
  });
});
