import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Resource, Update } from './api';

/**
 * The staff side of the Content page: resources and updates (paged lists, create, edit, delete)
 * and the messages visitors sent through the contact form (paged list, erase).
 */

export type { Resource, Update };

export const CONTENT_PAGE_SIZE = 10;

export interface ContentPage<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
}

export interface ContentListArgs {
  search: string;
  page: number;
}

/** What the update form sends (every field: a PUT replaces the update). */
export type UpdateInput = Required<Schemas['NewsItemIn']>;

/** A message as staff read it in the list (the contact form's fields, with when and in which language). */
export type ReceivedMessage = Schemas['ContactMessageOut'];

const listParams = ({ search, page }: ContentListArgs) => ({
  page,
  page_size: CONTENT_PAGE_SIZE,
  ...(search.trim() ? { search: search.trim() } : {}),
});

export const contentAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminResources: build.query<ContentPage<Resource>, ContentListArgs>({
      query: (args) => ({ url: 'resources/', params: listParams(args) }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'Resource' as const, id })) ?? []),
        { type: 'Resource', id: 'LIST' },
      ],
    }),
    /** The form's fields and, when one was chosen, the file: multipart/form-data. */
    createResource: build.mutation<Resource, FormData>({
      query: (body) => ({ url: 'resources/', method: 'POST', body }),
      invalidatesTags: ['Resource'],
    }),
    updateResource: build.mutation<Resource, { id: number; body: FormData }>({
      query: ({ id, body }) => ({ url: `resources/${id}/`, method: 'PUT', body }),
      invalidatesTags: ['Resource'],
    }),
    deleteResource: build.mutation<unknown, number>({
      query: (id) => ({ url: `resources/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Resource'],
    }),
    getAdminUpdates: build.query<ContentPage<Update>, ContentListArgs>({
      query: (args) => ({ url: 'updates/', params: listParams(args) }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'Update' as const, id })) ?? []),
        { type: 'Update', id: 'LIST' },
      ],
    }),
    createUpdate: build.mutation<Update, UpdateInput>({
      query: (body) => ({ url: 'updates/', method: 'POST', body }),
      invalidatesTags: ['Update'],
    }),
    updateUpdate: build.mutation<Update, { id: number; changes: UpdateInput }>({
      query: ({ id, changes }) => ({ url: `updates/${id}/`, method: 'PUT', body: changes }),
      invalidatesTags: ['Update'],
    }),
    deleteUpdate: build.mutation<unknown, number>({
      query: (id) => ({ url: `updates/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['Update'],
    }),
    getContactMessages: build.query<ContentPage<ReceivedMessage>, ContentListArgs>({
      query: (args) => ({ url: 'management/contact-messages/', params: listParams(args) }),
      providesTags: (result) => [
        ...(result?.results.map(({ id }) => ({ type: 'ContactMessage' as const, id })) ?? []),
        { type: 'ContactMessage', id: 'LIST' },
      ],
    }),
    /** The message and the e-mails it led to (the inbox's copy, the acknowledgement). */
    eraseContactMessage: build.mutation<unknown, number>({
      query: (id) => ({ url: `management/contact-messages/${id}/`, method: 'DELETE' }),
      invalidatesTags: ['ContactMessage', 'System'],
    }),
  }),
});

export const {
  useGetAdminResourcesQuery,
  useCreateResourceMutation,
  useUpdateResourceMutation,
  useDeleteResourceMutation,
  useGetAdminUpdatesQuery,
  useCreateUpdateMutation,
  useUpdateUpdateMutation,
  useDeleteUpdateMutation,
  useGetContactMessagesQuery,
  useEraseContactMessageMutation,
} = contentAdminApi;
