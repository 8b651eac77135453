import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody } from '../../../lib/api-types';
import type { ErasedCounts, PrivacyInfo } from '../api';

const PRIVACY_URL = '*/api/privacy/';
const ERASE_URL = '*/api/management/personal-data/erase/';

export const RETENTION: PrivacyInfo = {
  retention: { personal_data_days: 180, notification_body_days: 30, member_rejected_days: 90, audit_days: 730 },
};

export const NOTHING_ERASED: ErasedCounts = {
  registrations: 0,
  waitlist_entries: 0,
  members: 0,
  contact_messages: 0,
  interpreter_requests: 0,
  emails: 0,
  events: 0,
  message: 'Everything about this address was erased.',
};

/**
 * A stand-in for the privacy API: the retention periods, and an erasure that answers the counts
 * it was given for an address (nothing for any other), holding each answer until `release()` when
 * a test needs to see the pending state. Every erased address is kept for the test to read.
 */
export function privacyBackend({
  info = RETENTION,
  found = {} as Record<string, Partial<ErasedCounts>>,
  held = false,
} = {}) {
  const erased: string[] = [];
  let release: () => void = () => {};
  const gate = () =>
    held
      ? new Promise<void>((resolve) => {
          release = resolve;
        })
      : Promise.resolve();
  const handlers = [
    http.get(PRIVACY_URL, async () => {
      await delay(10);
      return json<PrivacyInfo>(info);
    }),
    http.post(ERASE_URL, async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      await gate();
      if (!email.includes('@')) {
        const message = 'Please enter a valid e-mail address.';
        return json<ApiErrorBody>({ detail: message, code: 'validation_error', fields: { email: message } }, { status: 400 });
      }
      erased.push(email);
      return json<ErasedCounts>({ ...NOTHING_ERASED, ...(found[email.toLowerCase()] ?? {}) });
    }),
  ];
  return { handlers, erased, release: () => release() };
}

export const privacyFailure = () => http.get(PRIVACY_URL, () => HttpResponse.error());
