import { api } from '../../lib/api';

/** How long personal data is kept, in days, as the server is configured (GET /api/privacy/). */
export interface RetentionPeriods {
  /** Ended registrations and waiting-list places, contact messages. */
  personal_data_days: number;
  /** The content of the e-mails sent. */
  notification_body_days: number;
  /** Membership applications that were not approved. */
  member_rejected_days: number;
}

export interface PrivacyInfo {
  retention: RetentionPeriods;
}

/** How many of each kind an erasure removed. */
export interface ErasedCounts {
  registrations: number;
  waitlist_entries: number;
  members: number;
  contact_messages: number;
  emails: number;
  /** Outbox payloads that named the address (a password-reset request). */
  events: number;
  message: string;
}

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
