import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { MembershipType, PaymentMethod } from './public-api';

/**
 * The admin side of membership (SPEC §2 Members, §7 Members, docs/api.md "Membership"): the
 * list (searched, filtered and paged by the server), one member, edit, approve, reject,
 * toggle active, delete and the CSV export.
 */

/** A member's approval status: the enum of the document (the server's model values). */
export type ApprovalStatus = Schemas['MemberOut']['approval_status'];
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['Pending', 'Approved', 'Rejected'];

/**
 * A member's standing in their membership year (docs/members.md "The membership year"): null
 * for anyone not Approved with a period. Computed by the server from the period's last day.
 */
export type Standing = NonNullable<Schemas['MemberOut']['standing']>;
export const STANDINGS: readonly Standing[] = ['Active', 'Expiring', 'Grace', 'Lapsed'];

/** The list's orders: newest application first (the default), or by the membership's last day. */
export type MemberOrdering = NonNullable<Schemas['MemberFilters']['ordering']>;
export type MemberSortField = 'membership_end';

/** The admin's reading of gender (SPEC §3); the form's Non-binary and Prefer Not to Say read as Other. */
export type AdminGender = Exclude<Schemas['MemberOut']['gender'], ''>;
export const ADMIN_GENDERS: readonly AdminGender[] = ['Male', 'Female', 'Other'];

/** SPEC §2, §9: ten members a page; the page count is the count divided by ten, rounded up. */
export const MEMBERS_PAGE_SIZE = 10;

/**
 * A member as staff see it (docs/api.md "Member (JSON)"): gender is the admin's reading ('' when
 * unknown), gender_declared what the applicant chose; membership_number ('2026-0042') is null
 * until approved.
 */
export type Member = Schemas['MemberOut'];

/**
 * One member as staff open or change them: the row, and the renewal notices that went out, the
 * first first (docs/members.md "Renewal notices"). The list's rows leave the notices out.
 */
export type MemberRecord = Schemas['MemberRecordOut'];
export type RenewalNotice = MemberRecord['renewal_notices'][number];
export type RenewalNoticeKind = RenewalNotice['kind'];

/**
 * What the edit form sends (SPEC §7: the member's fields plus id). An empty text, a null and
 * an empty interests list keep the stored value (SPEC §5).
 */
export type MemberUpdate = Pick<
  Member,
  | 'id'
  | 'full_name'
  | 'email'
  | 'phone'
  | 'nationality'
  | 'address'
  | 'occupation'
  | 'organization'
  | 'contact_person_name'
  | 'contact_person_role'
  | 'preferred_communication_language'
  | 'reason_for_joining'
  | 'skills'
  | 'areas_of_interest'
  | 'certifications'
  | 'transaction_id'
  | 'agree_to_terms'
  | 'approval_status'
  | 'is_active_member'
> & {
  date_of_birth: string;
  gender: string;
  experience_years: number | null;
  membership_type: MembershipType | '';
  payment_method: PaymentMethod | '';
};

/** What staff send to enter an application (POST management/members/, SPEC §7): no id. */
export type MemberCreate = Omit<MemberUpdate, 'id'>;

/** The filter modal's choices (SPEC §5 "Member filters"); empty lists and null mean "any". */
export interface MemberFilterSet {
  statuses: ApprovalStatus[];
  types: MembershipType[];
  active: boolean | null;
  standings: Standing[];
}

export const NO_FILTERS: MemberFilterSet = { statuses: [], types: [], active: null, standings: [] };

export interface MemberFilters extends MemberFilterSet {
  /** Name or e-mail, case-insensitive (SPEC §5 "Member search"). */
  search: string;
  /** Unset: the server's default, the newest application first. */
  ordering?: MemberOrdering;
}

/**
 * The filters and order a link asks for (`?standing=Expiring&ordering=membership_end`, the
 * dashboard home's "Expiring in the next 30 days"): values the list does not know are left out.
 */
export function filtersFromLink(params: URLSearchParams): { filters: MemberFilterSet; ordering?: MemberOrdering } {
  const standings = STANDINGS.filter((standing) =>
    params.getAll('standing').some((value) => value.toLowerCase() === standing.toLowerCase()),
  );
  const ordering = params.get('ordering');
  const orderings: readonly string[] = ['membership_end', '-membership_end', 'created_at', '-created_at'];
  return {
    filters: { ...NO_FILTERS, standings },
    ordering: ordering && orderings.includes(ordering) ? (ordering as MemberOrdering) : undefined,
  };
}

export interface MemberListArgs extends MemberFilters {
  page: number;
}

export type MemberPage = Omit<Schemas['MemberPageOut'], 'results'> & { results: Member[] };

/** SPEC §9: the count divided by the page size, rounded up. */
export function memberPageCount(count: number): number {
  return Math.ceil(count / MEMBERS_PAGE_SIZE);
}

/**
 * The query of a view: `approval_status`, `membership_type` and `standing` repeat, once a value
 * (`?approval_status=Pending&approval_status=Rejected`), which an object of params cannot say.
 */
export function memberQuery({ search, statuses, types, active, standings, ordering }: MemberFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (search.trim()) query.set('search', search.trim());
  for (const status of statuses) query.append('approval_status', status);
  for (const type of types) query.append('membership_type', type);
  if (active !== null) query.set('active', String(active));
  for (const standing of standings) query.append('standing', standing);
  if (ordering) query.set('ordering', ordering);
  return query;
}

const listTag = { type: 'Member', id: 'LIST' } as const;

export const membersAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<MemberPage, MemberListArgs>({
      query: ({ page, ...filters }) => {
        const query = memberQuery(filters);
        query.set('page', String(page));
        query.set('page_size', String(MEMBERS_PAGE_SIZE));
        return `management/members/?${query}`;
      },
      providesTags: (result) =>
        result ? [...result.results.map(({ id }) => ({ type: 'Member' as const, id })), listTag] : [listTag],
    }),
    getMember: build.query<MemberRecord, number>({
      query: (id) => `management/members/${id}/`,
      providesTags: (_result, _error, id) => [{ type: 'Member', id }],
      // View and edit start from the member as they are now: no copy outlives its dialog.
      keepUnusedDataFor: 0,
    }),
    /** Staff enter an application (Pending): the staff endpoint, no bot challenge or rate limit. */
    createMember: build.mutation<MemberRecord, MemberCreate>({
      query: (body) => ({ url: 'management/members/', method: 'POST', body: body satisfies Schemas['MemberIn'] }),
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Dashboard']),
    }),
    updateMember: build.mutation<MemberRecord, MemberUpdate>({
      query: (body) => ({ url: `management/members/${body.id}/`, method: 'PUT', body: body satisfies Schemas['MemberIn'] }),
      async onQueryStarted(_args, lifecycle) {
        await showChangedMember(lifecycle);
      },
      // A status, type or active filter may no longer match the row: the page is asked again.
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Dashboard']),
    }),
    approveMember: build.mutation<MemberRecord, Member>({
      query: ({ id }) => ({ url: `management/members/${id}/approve/`, method: 'POST' }),
      async onQueryStarted(_args, lifecycle) {
        await showChangedMember(lifecycle);
      },
      // A refusal (another admin decided first) also asks again, so the row shows the decision.
      invalidatesTags: [listTag, 'Dashboard'],
    }),
    rejectMember: build.mutation<MemberRecord, Member>({
      query: ({ id }) => ({ url: `management/members/${id}/reject/`, method: 'POST' }),
      async onQueryStarted(_args, lifecycle) {
        await showChangedMember(lifecycle);
      },
      invalidatesTags: [listTag, 'Dashboard'],
    }),
    toggleMemberActive: build.mutation<MemberRecord, Member>({
      query: ({ id }) => ({ url: `management/members/${id}/toggle-active/`, method: 'POST' }),
      async onQueryStarted(_args, lifecycle) {
        await showChangedMember(lifecycle);
      },
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Dashboard']),
    }),
    deleteMember: build.mutation<{ message: string }, Member>({
      query: ({ id }) => ({ url: `management/members/${id}/`, method: 'DELETE' }),
      // The row leaves at once; the refetch that follows fills the page up again.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return; // The page says so; nothing was removed.
        }
        for (const args of membersAdminApi.util.selectCachedArgsForQuery(getState(), 'getMembers')) {
          dispatch(
            membersAdminApi.util.updateQueryData('getMembers', args, (view) => {
              const before = view.results.length;
              view.results = view.results.filter((member) => member.id !== id);
              if (view.results.length < before) view.count = Math.max(0, view.count - 1);
            }),
          );
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [listTag, 'Dashboard']),
    }),
    /**
     * The CSV of the filtered list, fetched with the bearer token (a plain link would carry
     * none); kept as text, which the store can hold, and saved by the page.
     */
    /**
     * A member's card (PDF) for the desk to print, fetched with the bearer token; answered as an
     * object URL (lib/save-file.ts hands it over and revokes it), so no file enters the store.
     */
    getMemberCard: build.mutation<string, number>({
      query: (id) => ({
        url: `management/members/${id}/card.pdf`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : ((await response.json()) as unknown),
      }),
    }),
    /** All of a member's data (JSON: the record and its periods), as an object URL like the card. */
    getMemberData: build.mutation<string, number>({
      query: (id) => ({
        url: `management/members/${id}/export/`,
        responseHandler: async (response) =>
          response.ok ? URL.createObjectURL(await response.blob()) : ((await response.json()) as unknown),
      }),
    }),
    exportMembers: build.mutation<string, MemberFilters>({
      query: (filters) => {
        const query = memberQuery(filters).toString();
        return {
          url: `management/members/export/${query ? `?${query}` : ''}`,
          // The CSV as text; a refusal's JSON envelope still parsed as JSON.
          responseHandler: 'content-type',
        };
      },
    }),
  }),
});

interface ChangeLifecycle {
  dispatch: (action: ReturnType<typeof membersAdminApi.util.updateQueryData>) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: MemberRecord }>;
}

/** Puts the server's answer in every cached page and the member's own entry: the row changes in place. */
async function showChangedMember({ dispatch, getState, queryFulfilled }: ChangeLifecycle): Promise<void> {
  let updated: MemberRecord;
  try {
    updated = (await queryFulfilled).data;
  } catch {
    return; // The page says so; nothing changed.
  }
  const state = getState() as Parameters<typeof membersAdminApi.util.selectCachedArgsForQuery>[0];
  for (const args of membersAdminApi.util.selectCachedArgsForQuery(state, 'getMembers')) {
    dispatch(
      membersAdminApi.util.updateQueryData('getMembers', args, (view) => {
        const index = view.results.findIndex((member) => member.id === updated.id);
        // A row as the list has it: the notices are the record's.
        const { renewal_notices: _notices, ...row } = updated;
        if (index >= 0) view.results[index] = row;
      }),
    );
  }
  if (membersAdminApi.util.selectCachedArgsForQuery(state, 'getMember').includes(updated.id)) {
    dispatch(membersAdminApi.util.updateQueryData('getMember', updated.id, () => updated));
  }
}

export const {
  useGetMembersQuery,
  useLazyGetMemberQuery,
  useCreateMemberMutation,
  useUpdateMemberMutation,
  useApproveMemberMutation,
  useRejectMemberMutation,
  useToggleMemberActiveMutation,
  useDeleteMemberMutation,
  useExportMembersMutation,
  useGetMemberCardMutation,
  useGetMemberDataMutation,
} = membersAdminApi;
