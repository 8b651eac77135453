import { http } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody, Schemas } from '../../../lib/api-types';
import type { BeatTask, DeadDelivery, EmailRow, FailedEmail, SystemReport, WorkerRow } from '../api';

const REPORT_URL = '*/api/management/system/';
const RUN_AGAIN_URL = '*/api/management/system/deliveries/:id/run-again/';
const RETRY_URL = '*/api/management/system/emails/:id/retry/';

const AT = '2026-11-24T08:20:00Z';

export function makeWorker(overrides: Partial<WorkerRow> = {}): WorkerRow {
  return {
    hostname: 'celery@web1',
    state: 'online',
    queues: ['default', 'mail'],
    started_at: '2026-11-24T07:00:00Z',
    seen_at: AT,
    stopped_at: null,
    ...overrides,
  };
}

export function makeBeatTask(overrides: Partial<BeatTask> = {}): BeatTask {
  return {
    name: 'outbox-sweep',
    task: 'outbox.sweep',
    enabled: true,
    every_seconds: 30,
    crontab: null,
    timezone: null,
    last_run_at: '2026-11-24T08:19:50Z',
    total_run_count: 120,
    late: false,
    overdue_seconds: 0,
    ...overrides,
  };
}

export function makeEmail(overrides: Partial<EmailRow> = {}): EmailRow {
  return {
    id: 1,
    recipient: 'a***@example.org',
    subject: 'We received your message – RNSLIA',
    template: 'contact_acknowledgement',
    language: 'en',
    status: 'sent',
    attempts: 1,
    created_at: AT,
    sent_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function makeFailedEmail(overrides: Partial<FailedEmail> = {}): FailedEmail {
  return {
    ...makeEmail({ id: 7, recipient: 'j***@example.rw', status: 'failed', attempts: 5, sent_at: null }),
    error: 'SMTPServerDisconnected: Connection unexpectedly closed',
    retryable: true,
    ...overrides,
  };
}

export function makeDeadDelivery(overrides: Partial<DeadDelivery> = {}): DeadDelivery {
  return {
    id: 3,
    handler: 'services.members.handlers.send_member_applied',
    topic: 'member.applied',
    attempts: 8,
    last_error: "KeyError: 'membership_type'",
    updated_at: AT,
    ...overrides,
  };
}

/** A healthy system with one failed e-mail and one dead handler; override what a test is about. */
export function makeSystemReport(overrides: Partial<SystemReport> = {}): SystemReport {
  return {
    checked_at: AT,
    broker: { ok: true, transport: 'redis' },
    workers: { source: 'broker', source_reason: null, items: [makeWorker()] },
    queues: [
      { name: 'default', depth: 3 },
      { name: 'mail', depth: 0 },
    ],
    outbox: { backlog: 2, oldest_age_seconds: 420, pending_deliveries: 1, dead_deliveries: 1 },
    beat: [
      makeBeatTask(),
      makeBeatTask({
        name: 'events-complete-past',
        task: 'events.complete_past',
        every_seconds: null,
        crontab: '10 0 * * *',
        timezone: 'Africa/Kigali',
        total_run_count: 4,
      }),
    ],
    dead_deliveries: [makeDeadDelivery()],
    failed_emails: { count: 1, items: [makeFailedEmail()] },
    recent_emails: [
      makeEmail(),
      makeEmail({ id: 2, recipient: 'm***@example.fr', language: 'fr', status: 'queued', sent_at: null }),
    ],
    ...overrides,
  };
}

/**
 * The System page's backend in memory: the report, and the two buttons, which take their row
 * off the report as the server's would. Every request is recorded.
 */
export function systemBackend(report: SystemReport = makeSystemReport()) {
  const state = { report: structuredClone(report) };
  const requests: { method: string; url: URL }[] = [];
  const record = (request: Request) => requests.push({ method: request.method, url: new URL(request.url) });

  const handlers = [
    http.get(REPORT_URL, ({ request }) => {
      record(request);
      return json<SystemReport>(state.report);
    }),
    http.post(RUN_AGAIN_URL, ({ request, params }) => {
      record(request);
      const { report: current } = state;
      const before = current.dead_deliveries.length;
      current.dead_deliveries = current.dead_deliveries.filter((row) => row.id !== Number(params.id));
      if (current.dead_deliveries.length === before) {
        return json<ApiErrorBody>(
          { detail: 'This delivery is not dead any more: nothing to run again.', code: 'not_dead' },
          { status: 409 },
        );
      }
      current.outbox = { ...current.outbox, dead_deliveries: current.outbox.dead_deliveries - 1 };
      return json<Schemas['MessageOut']>({ message: 'The delivery was handed to a worker again.' });
    }),
    http.post(RETRY_URL, ({ request, params }) => {
      record(request);
      const { failed_emails: failed } = state.report;
      const email = failed.items.find((row) => row.id === Number(params.id));
      if (!email) {
        return json<ApiErrorBody>({ detail: 'This e-mail has not failed: nothing to retry.', code: 'not_failed' }, { status: 409 });
      }
      state.report.failed_emails = { count: failed.count - 1, items: failed.items.filter((row) => row !== email) };
      state.report.recent_emails = [{ ...email, status: 'queued' }, ...state.report.recent_emails];
      return json<Schemas['MessageOut']>({ message: 'The e-mail was queued to be sent again.' });
    }),
  ];

  return {
    handlers,
    /** What the next report says (a worker stops, a queue fills). */
    setReport: (next: SystemReport) => {
      state.report = structuredClone(next);
    },
    requests: (method?: string) => requests.filter((request) => !method || request.method === method),
  };
}

/** The report cannot be read (the server failed). */
export const systemFailure = () =>
  http.get(REPORT_URL, () => json<ApiErrorBody>({ detail: 'Something went wrong.', code: 'server_error' }, { status: 500 }));
