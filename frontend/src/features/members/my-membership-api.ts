import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';

/** What the member reads of their membership (GET my-membership/). */
export type MyMembership = Schemas['MyMembershipOut'];
/** A member session: its bearer token, which reaches my-membership/* only, and when it ends. */
export type MemberSession = Schemas['MemberSessionOut'];
/** What the member may change; a key left out keeps its value. */
export type MyMembershipChanges = Partial<
  Pick<MyMembership, 'phone' | 'address' | 'language' | 'preferred_communication_language'>
>;

/** What opening the link e-mailed to a new address answers: the membership's address now. */
export type EmailChanged = Schemas['EmailChangedOut'];

const SESSION_KEY = 'portal-member-session';

/** The member session of this tab (sessionStorage: closing the tab forgets it), while it lasts. */
export function storedMemberSession(): MemberSession | null {
  try {
    const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as MemberSession | null;
    if (session && typeof session.access === 'string' && Date.parse(session.expires_at) > Date.now()) return session;
  } catch {
    // Unreadable: as if there were none.
  }
  sessionStorage.removeItem(SESSION_KEY);
  return null;
}

export function storeMemberSession(session: MemberSession | null) {
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
}

function bearer(access: string) {
  return { Authorization: `Bearer ${access}` };
}

/** One of the member's files (`export/`, `card.pdf`), fetched with their token (a link cannot carry it). */
async function fetchMine(access: string, path: string): Promise<Blob> {
  const response = await fetch(new URL(`/api/my-membership/${path}`, window.location.origin).href, {
    headers: bearer(access),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.blob();
}

/** The member's data as a JSON file. */
export const fetchMyData = (access: string) => fetchMine(access, 'export/');

/** The member's membership card as a PDF file. */
export const fetchMyCard = (access: string) => fetchMine(access, 'card.pdf');

export const myMembershipApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestMemberSignIn: build.mutation<{ message: string }, { email: string } & Challenged>({
      query: ({ challenge, ...body }) => ({
        url: 'my-membership/sign-in-link/',
        method: 'POST',
        body,
        headers: challenge,
      }),
    }),
    openMemberSession: build.mutation<MemberSession, string>({
      query: (token) => ({ url: 'my-membership/session/', method: 'POST', body: { token } }),
    }),
    // Keyed by the session's token: another session never reads this one's answer.
    getMyMembership: build.query<MyMembership, string>({
      query: (access) => ({ url: 'my-membership/', headers: bearer(access) }),
      keepUnusedDataFor: 0,
    }),
    updateMyMembership: build.mutation<MyMembership, { access: string; changes: MyMembershipChanges }>({
      query: ({ access, changes }) => ({ url: 'my-membership/', method: 'PATCH', body: changes, headers: bearer(access) }),
      async onQueryStarted({ access }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(myMembershipApi.util.upsertQueryData('getMyMembership', access, data));
        } catch {
          // Refused: the page says so; the membership shown stays as it was.
        }
      },
    }),
    // Nothing changes yet: a link goes to the new address; the answer shows it as pending.
    requestEmailChange: build.mutation<MyMembership, { access: string; email: string }>({
      query: ({ access, email }) => ({
        url: 'my-membership/email-change/',
        method: 'POST',
        body: { email },
        headers: bearer(access),
      }),
      async onQueryStarted({ access }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(myMembershipApi.util.upsertQueryData('getMyMembership', access, data));
        } catch {
          // Refused: the form says so; the membership shown stays as it was.
        }
      },
    }),
    // The token of the link e-mailed to the new address: no session needed (another device).
    confirmMemberEmail: build.mutation<EmailChanged, string>({
      query: (token) => ({ url: 'my-membership/email-change/confirm/', method: 'POST', body: { token } }),
    }),
    closeMyMembership: build.mutation<MyMembership, string>({
      query: (access) => ({ url: 'my-membership/close/', method: 'POST', headers: bearer(access) }),
      async onQueryStarted(access, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(myMembershipApi.util.upsertQueryData('getMyMembership', access, data));
        } catch {
          // Refused: the page says so; the membership shown stays as it was.
        }
      },
    }),
    signOutMember: build.mutation<{ message: string }, string>({
      query: (access) => ({ url: 'my-membership/sign-out/', method: 'POST', headers: bearer(access) }),
    }),
  }),
});

export const {
  useRequestMemberSignInMutation,
  useOpenMemberSessionMutation,
  useGetMyMembershipQuery,
  useUpdateMyMembershipMutation,
  useRequestEmailChangeMutation,
  useConfirmMemberEmailMutation,
  useCloseMyMembershipMutation,
  useSignOutMemberMutation,
} = myMembershipApi;
