import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

import i18n from '../lib/i18n';

/** The keys under which the admin session's access token may be stored (SPEC §6). */
const TOKEN_KEYS = ['authToken', 'accessToken', 'token'] as const;

function storedAccessToken(): string | null {
  try {
    for (const key of TOKEN_KEYS) {
      const token = window.localStorage.getItem(key);
      if (token) return token;
    }
  } catch {
    // No storage, no session.
  }
  return null;
}

export const TAG_TYPES = [
  'Event',
  'PublicEvent',
  'Registration',
  'Member',
  'Resource',
  'Update',
  'User',
  'Dashboard',
] as const;

/**
 * The one API of the app. Every feature adds its endpoints with `api.injectEndpoints`
 * in its own `api.ts`. (Refresh-on-401 arrives with the admin sign-in.)
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    // Absolute on the page's own origin (the same as '/api/' in a browser; Node's fetch in
    // tests needs an absolute URL).
    baseUrl: new URL('/api/', window.location.origin).href,
    prepareHeaders: (headers) => {
      const token = storedAccessToken();
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
      // Server messages and e-mails follow the language the visitor reads the site in.
      if (i18n.language) headers.set('Accept-Language', i18n.language);
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
