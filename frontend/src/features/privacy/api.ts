import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * How long personal data is kept, in days, as the server is configured (GET /api/privacy/):
 * personal_data_days for ended registrations and waiting-list places and contact messages,
 * notification_body_days for the content of the e-mails sent, member_rejected_days for
 * membership applications that were not approved.
 */
export type RetentionPeriods = Schemas['RetentionOut'];

export type PrivacyInfo = Schemas['PrivacyOut'];

/** How many of each kind an erasure removed (events: outbox payloads that named the address, a password-reset request). */
export type ErasedCounts = Schemas['ErasedOut'];

export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPrivacy: build.query<PrivacyInfo, undefined>({
      query: () => 'privacy/',
    }),
    /** Staff: everything about one e-mail address, at once. */
    erasePersonalData: build.mutation<ErasedCounts, { email: string }>({
      query: (body) => ({ url: 'management/personal-data/erase/', method: 'POST', body }),
      // Whatever listed the person shows them no more.
      invalidatesTags: (_result, error) => (error ? [] : ['Registration', 'Member', 'ContactMessage', 'Dashboard', 'System']),
    }),
  }),
});

export const { useGetPrivacyQuery, useErasePersonalDataMutation } = privacyApi;
