import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type { MembershipAnswer, MembershipApplication } from '../public-api';

const APPLY_URL = '*/api/users/register/';

/** The 201 answer, as docs/api.md shows it (the member trimmed to what the page's type names). */
export function makeMembershipAnswer(overrides: Partial<MembershipAnswer> = {}): MembershipAnswer {
  return {
    member: { id: 42, full_name: 'Aline Uwase', email: 'aline@example.rw', approval_status: 'Pending' },
    message: 'Thank you, Aline. We have received your application and will e-mail you once it is reviewed.',
    ...overrides,
  };
}

interface Options {
  answer?: MembershipAnswer;
  /** Each body the handler receives, for a test to read. */
  received?: MembershipApplication[];
  /** Answers only once this settles: a test sees the sending state for as long as it needs. */
  hold?: Promise<unknown>;
}

/** MSW handlers for the public membership application (tests and local mocking). */
export const membershipHandlers = {
  applied: ({ answer = makeMembershipAnswer(), received, hold }: Options = {}) =>
    http.post(APPLY_URL, async ({ request }) => {
      received?.push((await request.json()) as MembershipApplication);
      await (hold ?? delay(20));
      return json<MembershipAnswer>(answer, { status: 201 });
    }),
  refused: (status: number, body: Record<string, unknown>) => http.post(APPLY_URL, () => HttpResponse.json(body, { status })),
  networkError: () => http.post(APPLY_URL, () => HttpResponse.error()),
};
