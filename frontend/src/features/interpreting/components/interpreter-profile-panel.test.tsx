import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';

import { apiError, json } from '../../../testing/api-answer';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { InterpreterProfileIn, MyInterpreter } from '../api';
import { interpretingHandlers, makeInterpreter } from '../mocks/handlers';
import { InterpreterProfilePanel } from './interpreter-profile-panel';

const WORDING = 'I agree that the association lists me in its public directory.';
const NONE: MyInterpreter = { eligible: true, consent_wording: WORDING, profile: null };

function saved(body: InterpreterProfileIn): MyInterpreter {
  return {
    eligible: true,
    consent_wording: WORDING,
    profile: {
      ...makeInterpreter({ display_name: body.display_name, districts: body.districts ?? [] }),
      listed: Boolean(body.listed),
      public: Boolean(body.listed),
      hidden: false,
      show_phone: false,
      show_email: false,
      consent_at: body.listed ? '2026-11-29T10:00:00Z' : null,
      consent_text: body.listed ? WORDING : '',
      verified_at: null,
    },
  };
}

describe('InterpreterProfilePanel', () => {
  it('fills the profile, shows the consent as worded by the server, and lists the interpreter', async () => {
    const bodies: InterpreterProfileIn[] = [];
    server.use(
      interpretingHandlers.mine(NONE),
      http.put('*/api/my-membership/interpreter-profile/', async ({ request }) => {
        const body = (await request.json()) as InterpreterProfileIn;
        bodies.push(body);
        return json<MyInterpreter>(saved(body));
      }),
    );
    const { user } = renderWithProviders(<InterpreterProfilePanel access="member-token" />);
    expect(await screen.findByRole('heading', { name: 'Your interpreter profile' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name to show' }), 'Aline U.');
    await user.click(screen.getByRole('checkbox', { name: 'Rwandan Sign Language' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gasabo' }));
    // Off by default: the public sees neither phone nor e-mail.
    expect(screen.getByRole('checkbox', { name: 'Show my number to the public' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'List me in the public directory of interpreters' }));
    expect(screen.getByRole('checkbox', { name: WORDING })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save my profile' }));
    expect(await screen.findByText(/Your profile is saved. You will appear in the directory/)).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({
      display_name: 'Aline U.',
      sign_languages: ['Rwandan Sign Language'],
      districts: ['Gasabo'],
      listed: true,
      consent: true,
      show_phone: false,
      show_email: false,
    });
    expect(await screen.findByText(/You are listed in the public directory/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw from the directory' }));
    await waitFor(() => expect(bodies[1]).toMatchObject({ listed: false, consent: false }));
    expect(await screen.findByText('You are not listed in the public directory.')).toBeInTheDocument();
  });

  it("puts the focus on the first field the server refused, with the server's words", async () => {
    server.use(
      interpretingHandlers.mine(NONE),
      http.put('*/api/my-membership/interpreter-profile/', () =>
        apiError(400, {
          detail: 'Not one of the values offered: Atlantis.',
          code: 'validation_error',
          fields: { districts: 'Not one of the values offered: Atlantis.', bio: 'Too long.' },
        }),
      ),
    );
    const { user } = renderWithProviders(<InterpreterProfilePanel access="member-token" />);
    await user.type(await screen.findByRole('textbox', { name: 'Name to show' }), 'Aline');
    await user.click(screen.getByRole('button', { name: 'Save my profile' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Gasabo' })).toHaveFocus());
    expect(screen.getAllByText('Not one of the values offered: Atlantis.').length).toBeGreaterThan(0);
  });

  it('shows nothing to a member who may not have a profile', async () => {
    server.use(interpretingHandlers.mine({ ...NONE, eligible: false }));
    const { container } = renderWithProviders(<InterpreterProfilePanel access="member-token" />);
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
