import { delay, http, HttpResponse } from 'msw';

import type { ContactMessage } from '../api';

const CONTACT_URL = '*/api/management/contact-form/';

/** MSW handlers for the content feature's calls (tests and local mocking). */
export const contentHandlers = {
  /** Accepts the message after a short pause, so the sending state can be seen. */
  contactAccepted: (reply: Record<string, unknown> = { message: 'Your message has been sent successfully!' }) =>
    http.post(CONTACT_URL, async ({ request }) => {
      const body = (await request.json()) as ContactMessage;
      await delay(20);
      return body.name && body.email && body.message
        ? HttpResponse.json(reply)
        : HttpResponse.json({ detail: 'All fields are required.', code: 'validation_error' }, { status: 422 });
    }),
  contactRejected: (status: number, body: unknown) =>
    http.post(CONTACT_URL, () => HttpResponse.json(body as Record<string, unknown>, { status })),
  contactNetworkError: () => http.post(CONTACT_URL, () => HttpResponse.error()),
};
