import { delay, http, HttpResponse } from 'msw';

import { json } from '../../../testing/api-answer';
import type { ApiErrorBody, Schemas } from '../../../lib/api-types';
import type { ContactMessage, Resource, Update } from '../api';

const CONTACT_URL = '*/api/management/contact-form/';
const RESOURCES_URL = '*/api/resources/';
const UPDATES_URL = '*/api/updates/';

/** MSW handlers for the content feature's calls (tests and local mocking). */
export const contentHandlers = {
  /** Accepts the message after a short pause, so the sending state can be seen. */
  contactAccepted: (reply: Schemas['MessageOut'] = { message: 'Your message has been sent successfully!' }) =>
    http.post(CONTACT_URL, async ({ request }) => {
      const body = (await request.json()) as ContactMessage;
      await delay(20);
      const missing = (['name', 'email', 'message'] as const).filter((field) => !body[field]);
      return missing.length === 0
        ? json<Schemas['MessageOut']>(reply)
        : json<ApiErrorBody>(
            {
              detail: 'All fields are required.',
              code: 'validation_error',
              fields: Object.fromEntries(missing.map((field) => [field, 'This field is required.'])),
            },
            { status: 400 },
          );
    }),
  contactRejected: (status: number, body: unknown) =>
    http.post(CONTACT_URL, () => HttpResponse.json(body as Record<string, unknown>, { status })),
  contactNetworkError: () => http.post(CONTACT_URL, () => HttpResponse.error()),
  /** The public lists after a short pause, so the loading text can be seen. */
  resources: (body: unknown = [makeResource()]) =>
    http.get(RESOURCES_URL, async () => {
      await delay(20);
      return HttpResponse.json(body as Resource[]);
    }),
  updates: (body: unknown = [makeUpdate()]) =>
    http.get(UPDATES_URL, async () => {
      await delay(20);
      return HttpResponse.json(body as Update[]);
    }),
  resourcesFailure: () => http.get(RESOURCES_URL, () => json<ApiErrorBody>({ detail: 'Boom', code: 'server_error' }, { status: 500 })),
  updatesFailure: () => http.get(UPDATES_URL, () => HttpResponse.error()),
};

/** An uploaded PDF resource; override what a test is about. */
export function makeResource(overrides: Partial<Resource> = {}): Resource {
  const id = overrides.id ?? 1;
  return {
    id,
    title: 'Code of Ethics',
    description: 'The principles every member follows.',
    file: `/api/resources/${id}/file/`,
    url: '',
    file_name: 'Code of Ethics.pdf',
    file_type: 'application/pdf',
    file_size: 12_400,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

/** A resource that links to a document elsewhere. */
export function makeLinkResource(overrides: Partial<Resource> = {}): Resource {
  return makeResource({
    id: 2,
    title: 'UN Convention',
    description: '',
    file: 'https://example.org/convention',
    url: 'https://example.org/convention',
    file_name: '',
    file_type: '',
    file_size: null,
    ...overrides,
  });
}

/** An update with a Read More link; override what a test is about. */
export function makeUpdate(overrides: Partial<Update> = {}): Update {
  return {
    id: 1,
    title: 'Certification exams announced',
    date: '2026-11-03',
    description: 'In Kigali and Huye.',
    link: 'https://example.org/exams',
    created_at: '2026-11-03T08:00:00Z',
    ...overrides,
  };
}
