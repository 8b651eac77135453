/**
 * Reading the API's error envelope:
 * {"detail": "<sentence>", "code": "<snake_case>", "fields": {"email": "<message>"}}
 * plus the legacy shapes ({"error": "..."}, {"message": "..."}, ["..."]).
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
