/**
 * The one place that turns a failed call into words. It reads the API's error envelope
 * {"detail": "<sentence>", "code": "<snake_case>", "fields": {"email": "<message>"}}
 * plus the legacy shapes ({"error": "..."}, {"message": "..."}, ["..."]), and RTK Query's own
 * failures ({status: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR', ...}).
 */

export interface ApiErrorEnvelope {
  detail?: string;
  code?: string;
  fields?: Record<string, string>;
  request_id?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The HTTP status of a failed RTK Query call, or its kind ('FETCH_ERROR', ...); else undefined. */
export function errorStatus(error: unknown): number | string | undefined {
  if (!isRecord(error)) return undefined;
  const { status } = error;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

/**
 * The response body of a failed RTK Query call ({status, data}); a call that never got an
 * answer ({status: 'FETCH_ERROR', error}) has none. Anything else is taken as the body itself.
 */
function errorBody(error: unknown): unknown {
  if (isRecord(error) && 'status' in error) return error.data;
  return error;
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return firstText(value[0]);
  return undefined;
}

/** A sentence a person can read from a failed call, or undefined when the server gave none. */
export function apiErrorMessage(error: unknown): string | undefined {
  // A 2xx refused by validateStatus (SPEC §8) failed, but its body is a success answer.
  const status = errorStatus(error);
  if (typeof status === 'number' && status < 300) return undefined;
  const body = errorBody(error);
  if (Array.isArray(body)) return firstText(body);
  if (!isRecord(body)) return undefined;
  return firstText(body.detail) ?? firstText(body.error) ?? firstText(body.message);
}

/** The per-field messages of a failed call ({} when there are none). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const body = errorBody(error);
  if (!isRecord(body) || !isRecord(body.fields)) return {};
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(body.fields)) {
    const text = firstText(message);
    if (text) fields[name] = text;
  }
  return fields;
}

/**
 * The sentence of a failed call for a toast: the server's words; for a call that got no
 * answer, what the browser said (e.g. 'Failed to fetch'); else undefined.
 */
export function errorText(error: unknown): string | undefined {
  const fromServer = apiErrorMessage(error);
  if (fromServer) return fromServer;
  if (isRecord(error) && typeof error.error === 'string') {
    return error.error.replace(/^TypeError:\s*/, '') || undefined;
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** The caller's own (translated) words for each way a call can fail. */
export interface FailureSentences {
  /** Nothing came back (offline, timeout). */
  noResponse: string;
  /** A success status whose body could not be read. */
  invalidResponse: string;
  /** A 4xx without a message of the server's. */
  refused: string;
  /** Anything else without a message of the server's. */
  failure: string;
}

/**
 * Always a sentence (SPEC §8): the server's own message when it sent one, else the caller's
 * words for what went wrong.
 */
export function failureSentence(error: unknown, sentences: FailureSentences): string {
  const status = errorStatus(error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return sentences.noResponse;
  if (status === 'PARSING_ERROR') {
    const original = isRecord(error) && typeof error.originalStatus === 'number' ? error.originalStatus : 0;
    return original >= 200 && original < 300 ? sentences.invalidResponse : sentences.failure;
  }
  const fallback = typeof status === 'number' && status >= 400 && status < 500 ? sentences.refused : sentences.failure;
  return apiErrorMessage(error) ?? fallback;
}
