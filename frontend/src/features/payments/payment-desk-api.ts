import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/** One pending (or confirmed) payment: an event seat or a membership renewal. */
export type DeskRow = Schemas['PaymentDeskRow'];
export type DeskPage = Schemas['PaymentDeskOut'];
export type DeskStatus = 'Pending' | 'Confirmed';
export interface DeskArgs {
  status: DeskStatus;
  search: string;
  page: number;
}
export interface DeskConfirmArgs {
  row: DeskRow;
  transaction_id: string;
  payment_method: string;
}

// A registrations tag: every seat decision refreshes the desk too (registrations/admin-api.ts).
const deskTag = { type: 'Registration', id: 'DESK' } as const;

export const paymentDeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentDesk: build.query<DeskPage, DeskArgs>({
      query: ({ status, search, page }) => ({
        url: 'management/payment-desk/',
        params: { status, page, page_size: 20, ...(search.trim() ? { search: search.trim() } : {}) },
      }),
      providesTags: [deskTag],
    }),
    /**
     * Confirm one payment: a seat through the registration's own decision (its seat rules, its
     * e-mails), a renewal through its confirmation (the next period, the new card).
     */
    confirmDeskPayment: build.mutation<unknown, DeskConfirmArgs>({
      query: ({ row, transaction_id, payment_method }) =>
        row.kind === 'renewal'
          ? {
              url: `management/renewals/${row.id}/confirm/`,
              method: 'POST',
              body: { transaction_id, payment_method } satisfies Schemas['RenewalConfirmIn'],
            }
          : {
              url: `management/registrations/${row.id}/update-status/`,
              method: 'POST',
              body: {
                registration_status: 'Approved',
                transaction_id,
                payment_method,
                payment_notes: '',
              } satisfies Partial<Schemas['DecisionIn']>,
            },
      invalidatesTags: (_result, error, { row }) =>
        error
          ? []
          : [
              deskTag,
              'Dashboard',
              row.kind === 'renewal'
                ? { type: 'Member' as const, id: row.member_id ?? 'LIST' }
                : { type: 'Registration' as const, id: `EVENT-${row.event_id}` },
              { type: 'Registration' as const, id: 'OVERVIEW' },
              { type: 'Member' as const, id: 'LIST' },
              'PublicEvent',
            ],
    }),
  }),
});

export const { useGetPaymentDeskQuery, useConfirmDeskPaymentMutation } = paymentDeskApi;
