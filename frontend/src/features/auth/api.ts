import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';
import type { TokenPair } from '../../lib/session/user';
import type { LoginResponse } from './types';

export type Credentials = Schemas['LoginIn'];

export type PasswordChange = Schemas['ChangePasswordIn'];

/** POST users/change-password/ answers the new pair: the server revokes every other session. */
export interface PasswordChanged extends Partial<TokenPair> {
  message?: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A 200 may still lack `access` (SPEC §8): the page checks, so the type says "maybe".
    login: build.mutation<Partial<LoginResponse> | null, Credentials>({
      query: (body) => ({ url: 'users/login/', method: 'POST', body }),
    }),
    logout: build.mutation<unknown, { refresh: string }>({
      query: (body) => ({ url: 'users/logout/', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ message?: string }, { email: string } & Challenged>({
      query: ({ challenge, ...body }) => ({
        url: 'users/request-password-reset/',
        method: 'POST',
        body,
        headers: challenge,
      }),
    }),
    // The token travels in the body, never in a URL: servers and proxies log paths.
    validateResetToken: build.query<{ valid?: boolean }, string>({
      query: (token) => ({ url: 'users/validate-reset-token/', method: 'POST', body: { token } }),
      // A link is checked each time it is opened: it may have been used meanwhile.
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<{ message?: string }, { token: string; new_password: string }>({
      query: (body) => ({ url: 'users/reset-password/', method: 'POST', body }),
    }),
    changePassword: build.mutation<PasswordChanged, PasswordChange>({
      query: (body) => ({
        url: 'users/change-password/',
        method: 'POST',
        body,
        // SPEC §7/§8: status 200 means success, any other status is a failure.
        validateStatus: (response) => response.status === 200,
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useValidateResetTokenQuery,
  useResetPasswordMutation,
  useChangePasswordMutation,
} = authApi;
