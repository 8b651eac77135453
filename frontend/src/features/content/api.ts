import { api } from '../../lib/api';
import type { Challenged } from '../../lib/public-form-challenge';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export interface ContactReply {
  message?: string;
}

/** SPEC §3 Resource, as GET /api/resources/ answers it. */
export interface Resource {
  id: number;
  title: string;
  description: string;
  /** The address that opens the document: the download of an uploaded file, else the link. */
  file: string;
  /** The link staff gave ('' for an uploaded file). */
  url: string;
  /** An uploaded file's download name, type and size ('', '', null for a link). */
  file_name: string;
  file_type: string;
  file_size: number | null;
  created_at: string;
  updated_at: string;
}

/** SPEC §3 Update, as GET /api/updates/ answers it. */
export interface Update {
  id: number;
  title: string;
  /** yyyy-mm-dd */
  date: string;
  description: string;
  link: string;
  created_at: string;
}

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
      query: ({ challenge, ...body }) => ({ url: 'management/contact-form/', method: 'POST', body, headers: challenge }),
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
