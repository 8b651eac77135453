import { HttpResponse, type JsonBodyType } from 'msw';

import type { ApiErrorBody } from '../lib/api-types';

/**
 * A JSON answer of a mock, its body checked against `T`: a type generated from the server's
 * OpenAPI document (`Schemas['EventOut']`, `ApiErrorBody`) or a feature's alias of one. `T` must
 * be given (`json<PublicEvent>(event)`), so that a mock cannot answer a shape the server never
 * sends. The response itself is left wide, so one handler may answer a success or an error.
 */
export function json<T extends JsonBodyType = never>(body: NoInfer<T>, init?: ResponseInit): HttpResponse<JsonBodyType> {
  return HttpResponse.json(body, init);
}

/** A failed call as the server answers it: the error envelope `{detail, code, fields?}` of its document. */
export function apiError(status: number, body: ApiErrorBody): HttpResponse<JsonBodyType> {
  return json<ApiErrorBody>(body, { status });
}
