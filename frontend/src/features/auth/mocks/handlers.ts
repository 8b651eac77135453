import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody, Schemas } from '../../../lib/api-types';

const url = (path: string) => `*/api/users/${path}`;

export const DEMO_USER: Schemas['UserOut'] = {
  id: 1,
  username: 'admin',
  email: 'admin@example.org',
  name: 'Portal Admin',
  role: '',
  phone: '+250 788 123 456',
  preferred_language: 'English',
  date_of_birth: '1990-11-03',
  occupation: 'Sign language interpreter',
  organization: 'RNSLIA',
  experience_years: 7,
  preferred_communication_language: 'Rwandan Sign Language',
  skills: 'Conference interpreting',
  areas_of_interest: ['Advocacy', 'Training'],
  certifications: 'Certified interpreter (2019)',
};

type Body = Record<string, unknown> | unknown[];

/** MSW handlers for the auth feature's calls (tests and local mocking). */
export const authHandlers = {
  /** Signs in `admin` / `portal-demo-2026` after a short pause; anything else is refused. */
  login: (user: Schemas['UserOut'] = DEMO_USER) =>
    http.post(url('login/'), async ({ request }) => {
      const { username, password } = (await request.json()) as { username?: string; password?: string };
      await delay(20);
      if (username === 'admin' && password === 'portal-demo-2026') {
        return json<Schemas['LoginOut']>({ access: 'access-1', refresh: 'refresh-1', user });
      }
      return json<ApiErrorBody>(
        { detail: 'Invalid username or password', code: 'invalid_credentials' },
        { status: 401 },
      );
    }),
  loginReplies: (status: number, body: Body | string) =>
    http.post(url('login/'), () =>
      typeof body === 'string'
        ? new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html' } })
        : HttpResponse.json(body, { status }),
    ),
  loginNetworkError: () => http.post(url('login/'), () => HttpResponse.error()),

  logout: (onCall?: (body: unknown) => void) =>
    http.post(url('logout/'), async ({ request }) => {
      onCall?.(await request.json());
      return json<Schemas['MessageOut']>({ message: 'Signed out.' });
    }),
  logoutFails: () =>
    http.post(url('logout/'), () => json<ApiErrorBody>({ detail: 'Token is invalid.', code: 'token_not_valid' }, { status: 401 })),

  resetRequested: (onCall?: (body: unknown) => void) =>
    http.post(url('request-password-reset/'), async ({ request }) => {
      onCall?.(await request.json());
      await delay(20);
      return json<Schemas['MessageOut']>({
        message: 'If your email exists in our system, you will receive a password reset link.',
      });
    }),
  resetRequestReplies: (status: number, body: Body) =>
    http.post(url('request-password-reset/'), () => HttpResponse.json(body, { status })),

  /** The reset-token calls carry the token in a JSON body; `onCall` also gets the URL called. */
  tokenValidity: (valid: boolean, onCall?: (body: unknown, url: string) => void) =>
    http.post(url('validate-reset-token/'), async ({ request }) => {
      onCall?.(await request.json(), request.url);
      await delay(20);
      return json<Schemas['ValidOut']>({ valid });
    }),
  tokenCheckFails: () => http.post(url('validate-reset-token/'), () => HttpResponse.error()),

  passwordReset: (onCall?: (body: unknown, url: string) => void) =>
    http.post(url('reset-password/'), async ({ request }) => {
      onCall?.(await request.json(), request.url);
      await delay(20);
      return json<Schemas['MessageOut']>({ message: 'Your password has been reset successfully!' });
    }),
  passwordResetReplies: (status: number, body: Body) =>
    http.post(url('reset-password/'), () => HttpResponse.json(body, { status })),

  passwordChanged: (onCall?: (body: unknown, authorization: string | null) => void) =>
    http.post(url('change-password/'), async ({ request }) => {
      onCall?.(await request.json(), request.headers.get('Authorization'));
      await delay(20);
      return json<Schemas['ChangePasswordOut']>({ message: 'Password changed successfully!', access: 'access-2', refresh: 'refresh-2' });
    }),
  passwordChangeReplies: (status: number, body: Body) =>
    http.post(url('change-password/'), () => HttpResponse.json(body, { status })),
};
