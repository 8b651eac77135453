import type { Dispatch } from '@reduxjs/toolkit';
import {
  createApi,
  type BaseQueryApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';

import { sessionEnded } from './session/session-slice';
import {
  clearStoredSession,
  storedAccessToken,
  storedRefreshToken,
  storedSessionExpired,
  storeTokens,
} from './session/session-storage';
import type { TokenPair } from './session/user';
import i18n from './i18n';
import type { SiteConfig } from './site-config';

export const TAG_TYPES = [
  'Event',
  'PublicEvent',
  'Registration',
  'Member',
  'Resource',
  'Update',
  'ContactMessage',
  'User',
  'Dashboard',
  'System',
  'SignedVideo',
] as const;

/** Calls whose 401 means "wrong credentials / token", never "the access token expired". */
const NO_REFRESH_PATHS = ['users/login/', 'users/token/refresh/', 'users/logout/'];
/** Calls that never carry the bearer token (SPEC §6): sign-in and the public forms, which a
 * visitor sends as a visitor even while a staff session is open in the same browser. */
const NO_TOKEN_ENDPOINTS = new Set([
  'login',
  'registerForEvent',
  'joinWaitlist',
  'checkWaitlistOffer',
  'applyForMembership',
  'requestMemberSignIn',
  'openMemberSession',
  'confirmMemberEmail',
  // Interpreter requests: the form and the e-mailed links are a visitor's.
  'sendInterpreterRequest',
  'cancelInterpreterRequest',
  'answerInterpreterOffer',
]);
/** A member's own page: its calls carry the member's token, whose 401 is never the staff session's. */
const MEMBER_PATHS = 'my-membership/';

const rawBaseQuery = fetchBaseQuery({
  // Absolute on the page's own origin (the same as '/api/' in a browser; Node's fetch in
  // tests needs an absolute URL).
  baseUrl: new URL('/api/', window.location.origin).href,
  prepareHeaders: (headers, { endpoint }) => {
    const token = storedAccessToken();
    if (token && !NO_TOKEN_ENDPOINTS.has(endpoint) && !headers.has('Authorization')) {
      headers.set('Authorization', `Bearer ${token}`);
    }
    // Server messages and e-mails follow the language the visitor reads the site in.
    if (i18n.language) headers.set('Accept-Language', i18n.language);
    return headers;
  },
});

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function isTokenPair(value: unknown): value is TokenPair {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TokenPair).access === 'string' &&
    (value as TokenPair).access !== '' &&
    typeof (value as TokenPair).refresh === 'string'
  );
}

/**
 * Ends the admin session: storage cleared, the session slice anonymous (RequireAdmin then
 * sends the visitor to /adminlogin) and no admin data left in the cache.
 */
export function endSession(dispatch: Dispatch) {
  clearStoredSession();
  dispatch(sessionEnded());
  dispatch(api.util.resetApiState());
}

/** The Web Locks name that lets one tab at a time trade the refresh token. */
const REFRESH_LOCK = 'portal-token-refresh';

// The refresh in flight in this tab, shared so that parallel 401s refresh once.
let refreshInFlight: Promise<boolean> | null = null;

/**
 * Runs `task` while no other tab of the site runs it: the server takes a second use of a
 * rotated refresh token for theft and ends every session of the user. Without Web Locks
 * (insecure origins, old browsers, jsdom) only this tab's mutex applies.
 */
function inRefreshLock(task: () => Promise<boolean>): Promise<boolean> {
  const locks: LockManager | undefined = navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, task) : task();
}

/** True when storage holds a pair other than the one of `refresh`: another tab stored it. */
function otherPairStored(refresh: string | null): boolean {
  const stored = storedRefreshToken();
  return stored !== null && stored !== refresh && storedAccessToken() !== null;
}

/**
 * After a 401 of a call made with `refreshSent`: true when a usable pair is stored, traded
 * for here or by another tab meanwhile.
 */
function refreshTokens(api: BaseQueryApi, extraOptions: object, refreshSent: string | null): Promise<boolean> {
  refreshInFlight ??= inRefreshLock(async () => {
    // Storage is read again under the lock: another tab (or call) may have rotated the pair.
    if (otherPairStored(refreshSent)) return true;
    const refresh = storedRefreshToken();
    if (!refresh) return false;
    const result = await rawBaseQuery(
      { url: 'users/token/refresh/', method: 'POST', body: { refresh } },
      api,
      extraOptions,
    );
    if (isTokenPair(result.data)) {
      storeTokens(result.data);
      return true;
    }
    // Refused, but a sign-in or password change elsewhere may have stored a new pair meanwhile.
    return otherPairStored(refresh);
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/**
 * The bearer token of the stored session, refreshed once on a 401 and the call retried; if
 * no usable pair is left, the session ends. An expired session (SPEC §4) is ended before calling.
 */
export const baseQueryWithRefresh: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  if (storedSessionExpired()) endSession(api.dispatch);

  const tokenSent = storedAccessToken();
  const refreshSent = storedRefreshToken();
  const result = await rawBaseQuery(args, api, extraOptions);
  const url = urlOf(args);
  if (result.error?.status !== 401 || !tokenSent || NO_REFRESH_PATHS.includes(url) || url.startsWith(MEMBER_PATHS)) {
    return result;
  }

  if (!(await refreshTokens(api, extraOptions, refreshSent))) {
    endSession(api.dispatch);
    return result;
  }
  return rawBaseQuery(args, api, extraOptions);
};

/**
 * The one API of the app. Every feature adds its endpoints with `api.injectEndpoints`
 * in its own `api.ts`; the site's own settings, which the layouts and several features
 * show, are defined here.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithRefresh,
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    getSiteConfig: build.query<SiteConfig, undefined>({
      query: () => 'config/',
      // Settings of the deployment: they do not change while a visitor reads the site.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetSiteConfigQuery } = api;
