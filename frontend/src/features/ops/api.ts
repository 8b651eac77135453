import { api } from '../../lib/api';

/**
 * The System page's data (GET /api/management/system/, staff only) and its two buttons, which
 * do what Django admin's actions do: run a dead delivery again, send a failed e-mail again.
 */

export type WorkerState = 'online' | 'offline' | 'stopped';

export interface WorkerRow {
  /** Celery's node name, e.g. 'celery@web1'. */
  hostname: string;
  state: WorkerState;
  queues: string[];
  started_at: string | null;
  /** When it last answered or stamped itself. */
  seen_at: string | null;
  /** When it stopped cleanly, if it did. */
  stopped_at: string | null;
}

/** Where the workers' states come from: their answers over the broker just now, or their own
 * presence stamps (every 30 s) when the broker could not be asked, and why. */
export type WorkersSource = 'broker' | 'records';
export type WorkersSourceReason = 'broker_unreachable' | 'no_broadcast' | 'inspect_failed';

export interface QueueDepth {
  name: string;
  /** null: it cannot be counted now (unknown, which is not 0). */
  depth: number | null;
}

export interface BeatTask {
  name: string;
  task: string;
  enabled: boolean;
  every_seconds: number | null;
  /** 'minute hour day-of-month month day-of-week' */
  crontab: string | null;
  timezone: string | null;
  /** When beat last sent it; null if it never has. */
  last_run_at: string | null;
  total_run_count: number;
  late: boolean;
  overdue_seconds: number | null;
}

export interface DeadDelivery {
  id: number;
  handler: string;
  topic: string;
  attempts: number;
  last_error: string;
  updated_at: string;
}

export type EmailStatus = 'queued' | 'sending' | 'sent' | 'failed';

export interface EmailRow {
  id: number;
  /** Partly masked: 'j***@example.org'. */
  recipient: string;
  subject: string;
  template: string;
  language: string;
  status: EmailStatus;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

export interface FailedEmail extends EmailRow {
  error: string;
  /** False when the e-mail carried a single-use link, which was removed once it failed. */
  retryable: boolean;
}

export interface SystemReport {
  checked_at: string;
  broker: { ok: boolean; transport: string };
  workers: { source: WorkersSource; source_reason: WorkersSourceReason | null; items: WorkerRow[] };
  queues: QueueDepth[];
  outbox: {
    /** Messages still waiting for a handler (those with a dead delivery aside). */
    backlog: number;
    oldest_age_seconds: number | null;
    pending_deliveries: number;
    dead_deliveries: number;
  };
  beat: BeatTask[];
  dead_deliveries: DeadDelivery[];
  failed_emails: { count: number; items: FailedEmail[] };
  recent_emails: EmailRow[];
}

/** The page asks again this often (the figures are live). */
export const SYSTEM_POLLING_INTERVAL = 10_000;

const systemTag = { type: 'System', id: 'REPORT' } as const;

export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSystemReport: build.query<SystemReport, undefined>({
      query: () => 'management/system/',
      providesTags: [systemTag],
    }),
    runDeliveryAgain: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `management/system/deliveries/${id}/run-again/`, method: 'POST' }),
      invalidatesTags: [systemTag],
    }),
    retryEmail: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `management/system/emails/${id}/retry/`, method: 'POST' }),
      invalidatesTags: [systemTag],
    }),
  }),
});

export const { useGetSystemReportQuery, useRunDeliveryAgainMutation, useRetryEmailMutation } = systemApi;
