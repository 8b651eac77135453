import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/** One card of the public directory: what the interpreter chose to show (GET interpreters/). */
export type Interpreter = Schemas['InterpreterOut'];
export type InterpreterPage = Schemas['InterpreterPageOut'];
/** How many listed interpreters serve a district, with its centre for the map. */
export type DistrictCount = Schemas['DistrictCountOut'];
/** The signed-in member's profile (null: none yet), whether they may have one, the consent's words. */
export type MyInterpreter = Schemas['MyInterpreterOut'];
export type MyInterpreterProfile = Schemas['MyInterpreterProfileOut'];
export type InterpreterProfileIn = Schemas['InterpreterProfileIn'];
export type StaffInterpreter = Schemas['StaffInterpreterOut'];
export type StaffInterpreterPage = Schemas['StaffInterpreterPageOut'];

export interface DirectoryFilters {
  language?: string;
  district?: string;
  setting?: string;
  page?: number;
}

/** Cards per page of /interpreters (one of the server's page sizes). */
export const DIRECTORY_PAGE_SIZE = 12;
export const STAFF_PAGE_SIZE = 20;

function bearer(access: string) {
  return { Authorization: `Bearer ${access}` };
}

/** Only the filters set: one cache entry per search, whatever was left empty. */
function params(filters: DirectoryFilters) {
  const values: Record<string, string | number> = { page_size: DIRECTORY_PAGE_SIZE };
  for (const [name, value] of Object.entries(filters)) if (value) values[name] = value as string | number;
  return values;
}

export const interpretingDirectoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInterpreters: build.query<InterpreterPage, DirectoryFilters>({
      query: (filters) => ({ url: 'interpreters/', params: params(filters) }),
    }),
    getInterpreterDistricts: build.query<DistrictCount[], undefined>({
      query: () => 'interpreters/districts/',
    }),
    getInterpreter: build.query<Interpreter, number>({
      query: (id) => `interpreters/${id}/`,
    }),
    // The member's own profile, keyed by the session's token.
    getMyInterpreterProfile: build.query<MyInterpreter, string>({
      query: (access) => ({ url: 'my-membership/interpreter-profile/', headers: bearer(access) }),
      keepUnusedDataFor: 0,
    }),
    saveMyInterpreterProfile: build.mutation<MyInterpreter, { access: string; profile: InterpreterProfileIn }>({
      query: ({ access, profile }) => ({
        url: 'my-membership/interpreter-profile/',
        method: 'PUT',
        body: profile,
        headers: bearer(access),
      }),
      async onQueryStarted({ access }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(interpretingDirectoryApi.util.upsertQueryData('getMyInterpreterProfile', access, data));
        } catch {
          // Refused: the panel says why; what is shown stays.
        }
      },
    }),
    setMyInterpreterPhoto: build.mutation<MyInterpreter, { access: string; photo: File | null }>({
      query: ({ access, photo }) => {
        if (!photo) return { url: 'my-membership/interpreter-profile/photo/', method: 'DELETE', headers: bearer(access) };
        const body = new FormData();
        body.append('photo', photo);
        return { url: 'my-membership/interpreter-profile/photo/', method: 'POST', body, headers: bearer(access) };
      },
      async onQueryStarted({ access }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(interpretingDirectoryApi.util.upsertQueryData('getMyInterpreterProfile', access, data));
        } catch {
          // Refused: the panel says why.
        }
      },
    }),
    getStaffInterpreters: build.query<StaffInterpreterPage, { page: number; search?: string; status?: string }>({
      query: ({ page, search, status }) => ({
        url: 'management/interpreters/',
        params: { page, page_size: STAFF_PAGE_SIZE, ...(search ? { search } : {}), ...(status ? { status } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    staffInterpreterAction: build.mutation<StaffInterpreter, { memberId: number; action: 'verify' | 'hide' | 'unhide' }>({
      query: ({ memberId, action }) => ({ url: `management/interpreters/${memberId}/${action}/`, method: 'POST' }),
    }),
  }),
});

export const {
  useGetInterpretersQuery,
  useGetInterpreterDistrictsQuery,
  useGetInterpreterQuery,
  useGetMyInterpreterProfileQuery,
  useSaveMyInterpreterProfileMutation,
  useSetMyInterpreterPhotoMutation,
  useGetStaffInterpretersQuery,
  useStaffInterpreterActionMutation,
} = interpretingDirectoryApi;
