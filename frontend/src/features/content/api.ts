import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';

/** What the contact form sends (the server's ContactIn, every field filled). */
export type ContactMessage = Required<Schemas['ContactIn']>;

/** The server's answer; the page shows its message, or its own words when there is none. */
export type ContactReply = Partial<Schemas['MessageOut']>;

/**
 * SPEC §3 Resource, as GET /api/resources/ answers it: `file` opens the document (the download of
 * an uploaded file, else the link), `url` is the link staff gave ('' for an uploaded file), and
 * file_name, file_type, file_size describe an uploaded file ('', '', null for a link).
 */
export type Resource = Schemas['ResourceOut'];

/** SPEC §3 Update, as GET /api/updates/ answers it (date: yyyy-mm-dd). */
export type Update = Schemas['NewsItemOut'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** SPEC §7: a list, or an object holding the list under `key`; anything else is no items. */
function listIn<T>(body: unknown, key: string): T[] {
  if (Array.isArray(body)) return body as T[];
  if (isRecord(body) && Array.isArray(body[key])) return body[key] as T[];
  return [];
}

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReply, ContactMessage & Challenged>({
      query: ({ challenge, ...body }) => ({
        url: 'management/contact-form/',
        method: 'POST',
        body: body satisfies Schemas['ContactIn'],
        headers: challenge,
      }),
    }),
    getResources: build.query<Resource[], undefined>({
      query: () => 'resources/',
      transformResponse: (body: unknown) => listIn<Resource>(body, 'resources'),
      providesTags: [{ type: 'Resource', id: 'PUBLIC' }],
    }),
    getUpdates: build.query<Update[], undefined>({
      query: () => 'updates/',
      transformResponse: (body: unknown) => listIn<Update>(body, 'updates'),
      providesTags: [{ type: 'Update', id: 'PUBLIC' }],
    }),
  }),
});

export const { useSendContactMessageMutation, useGetResourcesQuery, useGetUpdatesQuery } = contentApi;
