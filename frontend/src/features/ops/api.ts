import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * The System page's data (GET /api/management/system/, staff only) and its two buttons, which
 * do what Django admin's actions do: run a dead delivery again, send a failed e-mail again.
 */

export type WorkerState = Schemas['WorkerOut']['state'];

/** A worker by Celery's node name ('celery@web1'); seen_at: when it last answered or stamped itself. */
export type WorkerRow = Schemas['WorkerOut'];

/** Where the workers' states come from: their answers over the broker just now, or their own
 * presence stamps (every 30 s) when the broker could not be asked, and why. */
export type WorkersSource = Schemas['WorkersOut']['source'];
export type WorkersSourceReason = NonNullable<Schemas['WorkersOut']['source_reason']>;

/** depth null: it cannot be counted now (unknown, which is not 0). */
export type QueueDepth = Schemas['QueueOut'];

/** crontab: 'minute hour day-of-month month day-of-week'; last_run_at null if beat never sent it. */
export type BeatTask = Schemas['BeatTaskOut'];

export type DeadDelivery = Schemas['DeadDeliveryOut'];

export type EmailStatus = Schemas['EmailOut']['status'];

/** An e-mail sent or queued; the recipient partly masked ('j***@example.org'). */
export type EmailRow = Schemas['EmailOut'];

/** retryable false: the e-mail carried a single-use link, which was removed once it failed. */
export type FailedEmail = Schemas['FailedEmailOut'];

/** outbox.backlog: messages still waiting for a handler (those with a dead delivery aside). */
export type SystemReport = Schemas['SystemOut'];

/** The page asks again this often (the figures are live). */
export const SYSTEM_POLLING_INTERVAL = 10_000;

const systemTag = { type: 'System', id: 'REPORT' } as const;

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemReport: build.query<SystemReport, undefined>({
      query: () => 'management/system/',
      providesTags: [systemTag],
    }),
    runDeliveryAgain: build.mutation<Schemas['MessageOut'], number>({
      query: (id) => ({ url: `management/system/deliveries/${id}/run-again/`, method: 'POST' }),
      invalidatesTags: [systemTag],
    }),
    retryEmail: build.mutation<Schemas['MessageOut'], number>({
      query: (id) => ({ url: `management/system/emails/${id}/retry/`, method: 'POST' }),
      invalidatesTags: [systemTag],
    }),
  }),
});

export const { useGetSystemReportQuery, useRunDeliveryAgainMutation, useRetryEmailMutation } = systemApi;
