import { delay, http } from 'msw';

import { apiError, json } from '../../../../testing/api-answer';
import type { Schemas } from '../../../../lib/api-types';
import type { ContentPage, ReceivedMessage, Resource, Update } from '../../admin-api';
import { makeResource, makeUpdate } from '../../mocks/handlers';

const RESOURCES_URL = '*/api/resources/';
const RESOURCE_URL = '*/api/resources/:id/';
const UPDATES_URL = '*/api/updates/';
const UPDATE_URL = '*/api/updates/:id/';
const MESSAGES_URL = '*/api/management/contact-messages/';
const MESSAGE_URL = '*/api/management/contact-messages/:id/';

const envelope = apiError;
const notFound = () => envelope(404, { detail: 'Not found.', code: 'not_found' });
const refused = (fields: Record<string, string>) =>
  envelope(400, { detail: Object.values(fields)[0] ?? 'Invalid.', code: 'validation_error', fields });

/** What the server's search reads: a resource's or an update's title and description. */
const titled = (item: object) => {
  const { title, description } = item as { title: string; description: string };
  return `${title} ${description}`;
};

function page<T extends object>(items: T[], url: URL, searched: (item: T) => string = titled): ContentPage<T> {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const found = items.filter((item) => searched(item).toLowerCase().includes(search));
  const size = Number(url.searchParams.get('page_size') ?? 10);
  const totalPages = Math.max(1, Math.ceil(found.length / size));
  const number = Math.min(Number(url.searchParams.get('page') ?? 1), totalPages);
  return {
    results: found.slice((number - 1) * size, number * size),
    count: found.length,
    page: number,
    page_size: size,
    total_pages: totalPages,
  };
}

export interface SentResource {
  title: string;
  description: string;
  url: string | null;
  file: File | null;
}

/**
 * A small in-memory stand-in for the content API: the lists page and search; a resource needs a
 * title and exactly one of a file (PDF here) or a link, as the server says. Every write is kept
 * for the test to read.
 */
export function contentBackend({
  resources = [] as Resource[],
  updates = [] as Update[],
  messages = [] as ReceivedMessage[],
  latency = 0,
} = {}) {
  const state = { resources: [...resources], updates: [...updates], messages: [...messages] };
  const sentResources: SentResource[] = [];
  const sentUpdates: unknown[] = [];
  const deleted: string[] = [];
  let nextId = 100;

  async function readResource(request: Request): Promise<SentResource> {
    const form = await request.formData();
    const file = form.get('file');
    const sent = {
      title: String(form.get('title') ?? ''),
      description: String(form.get('description') ?? ''),
      url: form.has('url') ? String(form.get('url')) : null,
      // Node's File, not the test page's (jsdom's) one: recognised by what it is.
      file: typeof file === 'object' && file !== null ? (file as File) : null,
    };
    sentResources.push(sent);
    return sent;
  }

  function resourceProblems(sent: SentResource, creating: boolean): Record<string, string> {
    const fields: Record<string, string> = {};
    if (!sent.title.trim()) fields.title = 'Please enter a title.';
    // The file's name does not survive jsdom's FormData on its way to Node's fetch; its type does.
    if (sent.file && sent.file.type !== 'application/pdf') {
      fields.file = 'This file type is not allowed. Use PDF, Office documents or images.';
    }
    if (creating && !sent.file && !sent.url) fields.file = 'Choose a file to upload or give a link to the document.';
    return fields;
  }

  function stored(sent: SentResource, base: Resource): Resource {
    const id = base.id;
    const fromFile = sent.file
      ? { file: `/api/resources/${id}/file/`, url: '', file_name: `${sent.title}.pdf`, file_type: 'application/pdf', file_size: sent.file.size }
      : sent.url
        ? { file: sent.url, url: sent.url, file_name: '', file_type: '', file_size: null }
        : {};
    return { ...base, title: sent.title.trim(), description: sent.description.trim(), ...fromFile };
  }

  const handlers = [
    http.get(RESOURCES_URL, async ({ request }) => {
      await delay(latency);
      return json<ContentPage<Resource>>(page(state.resources, new URL(request.url)));
    }),
    http.post(RESOURCES_URL, async ({ request }) => {
      const sent = await readResource(request);
      await delay(latency);
      const problems = resourceProblems(sent, true);
      if (Object.keys(problems).length > 0) return refused(problems);
      const resource = stored(sent, makeResource({ id: nextId++, created_at: new Date().toISOString() }));
      state.resources.unshift(resource);
      return json<Resource>(resource, { status: 201 });
    }),
    http.put(RESOURCE_URL, async ({ request, params }) => {
      const sent = await readResource(request);
      await delay(latency);
      const index = state.resources.findIndex((item) => item.id === Number(params.id));
      const current = state.resources[index];
      if (!current) return notFound();
      const problems = resourceProblems(sent, false);
      if (Object.keys(problems).length > 0) return refused(problems);
      state.resources[index] = stored(sent, current);
      return json<Resource>(state.resources[index]);
    }),
    http.delete(RESOURCE_URL, async ({ params }) => {
      await delay(latency);
      const before = state.resources.length;
      state.resources = state.resources.filter((item) => item.id !== Number(params.id));
      if (state.resources.length === before) return notFound();
      deleted.push(`resource ${String(params.id)}`);
      return json<Schemas['MessageOut']>({ message: 'Resource deleted.' });
    }),
    http.get(UPDATES_URL, async ({ request }) => {
      await delay(latency);
      return json<ContentPage<Update>>(page(state.updates, new URL(request.url)));
    }),
    http.post(UPDATES_URL, async ({ request }) => {
      const body = (await request.json()) as Update;
      sentUpdates.push(body);
      await delay(latency);
      if (body.link && !/^https?:\/\//.test(body.link)) {
        return refused({ link: 'Enter a valid web address starting with http:// or https://.' });
      }
      const update = makeUpdate({ ...body, id: nextId++ });
      state.updates.unshift(update);
      return json<Update>(update, { status: 201 });
    }),
    http.put(UPDATE_URL, async ({ request, params }) => {
      const body = (await request.json()) as Update;
      sentUpdates.push(body);
      const index = state.updates.findIndex((item) => item.id === Number(params.id));
      const current = state.updates[index];
      if (!current) return notFound();
      state.updates[index] = { ...current, ...body, id: current.id };
      return json<Update>(state.updates[index]);
    }),
    http.delete(UPDATE_URL, async ({ params }) => {
      await delay(latency);
      const before = state.updates.length;
      state.updates = state.updates.filter((item) => item.id !== Number(params.id));
      if (state.updates.length === before) return notFound();
      deleted.push(`update ${String(params.id)}`);
      return json<Schemas['MessageOut']>({ message: 'Update deleted.' });
    }),
    http.get(MESSAGES_URL, async ({ request }) => {
      await delay(latency);
      const url = new URL(request.url);
      return json<ContentPage<ReceivedMessage>>(page(state.messages, url, (item) => `${item.name} ${item.email} ${item.message}`));
    }),
    http.delete(MESSAGE_URL, async ({ params }) => {
      await delay(latency);
      const before = state.messages.length;
      state.messages = state.messages.filter((item) => item.id !== Number(params.id));
      if (state.messages.length === before) return notFound();
      deleted.push(`message ${String(params.id)}`);
      return json<Schemas['MessageOut']>({ message: 'Message erased.' });
    }),
  ];

  return { handlers, state, sentResources, sentUpdates, deleted };
}

/** A message a visitor sent; override what a test is about. */
export function makeReceivedMessage(overrides: Partial<ReceivedMessage> = {}): ReceivedMessage {
  return {
    id: 1,
    name: 'Aline Uwase',
    email: 'aline@example.org',
    message: 'When is the next interpreter training?',
    language: 'en',
    created_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

/** Answers every call to `path` (method `method`) with this error envelope. */
export function contentFailure(method: 'get' | 'post' | 'put' | 'delete', path: 'resources' | 'updates', status = 500) {
  const url = `*/api/${path}/${method === 'put' || method === 'delete' ? ':id/' : ''}`;
  return http[method](url, () => envelope(status, { detail: 'The server is having a bad day.', code: 'server_error' }));
}
