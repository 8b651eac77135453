import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/** Whether the member may renew now (from 60 days before the end), the fees, the pending renewal. */
export type RenewalState = Schemas['RenewalStateOut'];
/** A renewal and how to pay it (the reference, the amount), like an event registration's answer. */
export type Renewal = Schemas['RenewalOut'];
export type RenewalRequest = { membership_type: string; payment_method: string };

const bearer = (access: string) => ({ Authorization: `Bearer ${access}` });

export const renewalApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by the session's token, as the membership itself (my-membership-api.ts).
    getMyRenewal: build.query<RenewalState, string>({
      query: (access) => ({ url: 'my-membership/renew/', headers: bearer(access) }),
      keepUnusedDataFor: 0,
    }),
    renewMyMembership: build.mutation<Renewal, { access: string; request: RenewalRequest }>({
      query: ({ access, request }) => ({
        url: 'my-membership/renew/',
        method: 'POST',
        body: request satisfies Schemas['RenewIn'],
        headers: bearer(access),
      }),
      async onQueryStarted({ access }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            renewalApi.util.updateQueryData('getMyRenewal', access, (state) => {
              state.pending = data;
            }),
          );
        } catch {
          // Refused: the panel says why; nothing changed.
        }
      },
    }),
  }),
});

export const { useGetMyRenewalQuery, useRenewMyMembershipMutation } = renewalApi;
