import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * CPD hours and certificates (docs/members.md "CPD hours and certificates"): the member's own
 * record (in GET my-membership/ as `cpd`), its PDFs fetched with the member's token, and the
 * staff side of a member's credits (list, credit by hand, revoke).
 */

export { CPD_CATEGORIES, hoursText, type CpdCategory } from '../../lib/cpd';
export type MyCpd = Schemas['MyMembershipOut']['cpd'];
export type StaffCpdCredit = Schemas['StaffCpdCreditOut'];
export interface CpdCreditInput {
  hours: string;
  category: string;
  activity: string;
  date: string;
  note: string;
}

/** A PDF of the member's, fetched with their token (a link cannot carry it). */
async function fetchPdf(access: string, path: string): Promise<Blob> {
  const response = await fetch(new URL(path, window.location.origin).href, {
    headers: { Authorization: `Bearer ${access}` },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.blob();
}

/** A credit's certificate of attendance: its `certificate_url` (a member-session path). */
export const fetchMyCertificate = (access: string, certificateUrl: string) => fetchPdf(access, certificateUrl);

/** The yearly statement of hours per category. */
export const fetchMyStatement = (access: string, year: number) =>
  fetchPdf(access, `/api/my-membership/cpd-statement.pdf?year=${year}`);

const creditsTag = (memberId: number) => ({ type: 'Member' as const, id: `cpd-${memberId}` });

export const cpdAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberCpdCredits: build.query<StaffCpdCredit[], number>({
      query: (memberId) => `management/members/${memberId}/cpd-credits/`,
      providesTags: (_result, _error, memberId) => [creditsTag(memberId)],
    }),
    addMemberCpdCredit: build.mutation<StaffCpdCredit, { memberId: number; credit: CpdCreditInput }>({
      query: ({ memberId, credit }) => ({
        url: `management/members/${memberId}/cpd-credits/`,
        method: 'POST',
        body: credit,
      }),
      invalidatesTags: (_result, _error, { memberId }) => [creditsTag(memberId)],
    }),
    revokeCpdCredit: build.mutation<StaffCpdCredit, { memberId: number; creditId: number; reason: string }>({
      query: ({ creditId, reason }) => ({
        url: `management/cpd-credits/${creditId}/revoke/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { memberId }) => [creditsTag(memberId)],
    }),
  }),
});

export const { useGetMemberCpdCreditsQuery, useAddMemberCpdCreditMutation, useRevokeCpdCreditMutation } = cpdAdminApi;
