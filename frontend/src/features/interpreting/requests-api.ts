import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { Challenged } from '../../lib/public-form-challenge';
import { filenameFromDisposition } from '../../lib/save-file';

/**
 * Requests for an interpreter (docs/interpreting.md, Requests): the public form, the e-mailed
 * links (offer answers, the requester's cancel link), the public summary; the staff's matching
 * and tracking and the report; the member's own interpreting hours.
 */

export type InterpreterRequestBody = Required<Omit<Schemas['InterpreterRequestIn'], 'duration_minutes' | 'deaf_count' | 'languages' | 'preferred_interpreter_id'>> & {
  duration_minutes: number;
  deaf_count: number;
  languages: string[];
  preferred_interpreter_id: number | null;
};
export type RequestReceived = Schemas['InterpreterRequestReceivedOut'];
export type OfferAnswered = Schemas['InterpreterOfferAnsweredOut'];
export type Cancelled = Schemas['InterpreterRequestCancelledOut'];
export type Summary = Schemas['InterpretingSummaryOut'];
export type RequestRow = Schemas['InterpreterRequestRowOut'];
export type RequestDetail = Schemas['InterpreterRequestOut'];
export type RequestPage = Schemas['InterpreterRequestPageOut'];
export type Suggestion = Schemas['InterpreterSuggestionOut'];
export type Report = Schemas['InterpretingReportOut'];

export const REQUEST_STATUSES = ['new', 'offered', 'assigned', 'completed', 'unfilled', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const REQUESTER_TYPES = ['deaf_person', 'family', 'organisation', 'hospital', 'court', 'school', 'other'] as const;
export const CONTACT_PREFERENCES = ['email', 'phone', 'sms', 'whatsapp'] as const;

/** The rules the server applies too: a team of two over two hours, urgent under 24 hours ahead. */
export const TEAM_AFTER_MINUTES = 120;
export const MIN_MINUTES = 15;
export const MAX_MINUTES = 480;

/** The directory's public profile (the other half of the feature): only its name is read here. */
interface PublicInterpreter {
  id: number;
  display_name: string;
}

interface CsvFile {
  csv: string;
  filename: string;
}

const LIST = { type: 'Dashboard' as const, id: 'interpreter-requests' };
const detailTag = (id: number) => ({ type: 'Dashboard' as const, id: `interpreter-request-${id}` });

export const requestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendInterpreterRequest: build.mutation<RequestReceived, InterpreterRequestBody & Challenged>({
      query: ({ challenge, ...body }) => ({ url: 'interpreter-requests/', method: 'POST', body, headers: challenge }),
    }),
    cancelInterpreterRequest: build.mutation<Cancelled, { token: string }>({
      query: (body) => ({ url: 'interpreter-requests/cancel/', method: 'POST', body }),
    }),
    answerInterpreterOffer: build.mutation<OfferAnswered, { token: string; answer: 'accept' | 'decline' }>({
      query: ({ token, answer }) => ({ url: `interpreter-offers/${answer}/`, method: 'POST', body: { token } }),
    }),
    getInterpretingSummary: build.query<Summary, undefined>({
      query: () => 'interpreting/summary/',
    }),
    getPublicInterpreter: build.query<PublicInterpreter, number>({
      query: (id) => `interpreters/${id}/`,
    }),
    getInterpreterRequests: build.query<RequestPage, { status: RequestStatus; page: number }>({
      query: ({ status, page }) => ({ url: 'management/interpreter-requests/', params: { status, page, page_size: 20 } }),
      providesTags: [LIST],
    }),
    getInterpreterRequest: build.query<RequestDetail, number>({
      query: (id) => `management/interpreter-requests/${id}/`,
      providesTags: (_result, _error, id) => [detailTag(id)],
    }),
    getRequestSuggestions: build.query<Suggestion[], number>({
      query: (id) => `management/interpreter-requests/${id}/suggestions/`,
      providesTags: (_result, _error, id) => [detailTag(id)],
    }),
    offerInterpreterRequest: build.mutation<RequestDetail, { id: number; member_ids: number[] }>({
      query: ({ id, member_ids }) => ({
        url: `management/interpreter-requests/${id}/offers/`,
        method: 'POST',
        body: { member_ids },
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, detailTag(id)],
    }),
    completeInterpreterRequest: build.mutation<RequestDetail, { id: number }>({
      query: ({ id }) => ({ url: `management/interpreter-requests/${id}/complete/`, method: 'POST' }),
      invalidatesTags: (_result, _error, { id }) => [LIST, detailTag(id)],
    }),
    markRequestUnfilled: build.mutation<RequestDetail, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `management/interpreter-requests/${id}/unfilled/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, detailTag(id)],
    }),
    getInterpretingReport: build.query<Report, number>({
      query: (year) => ({ url: 'management/interpreting/report/', params: { year } }),
      providesTags: [LIST],
    }),
    exportInterpretingReport: build.mutation<CsvFile, number>({
      query: (year) => ({
        url: 'management/interpreting/report/',
        params: { year, format: 'csv' },
        responseHandler: 'content-type',
      }),
      transformResponse: (csv: string, meta, year) => {
        const headers = (meta as FetchBaseQueryMeta | undefined)?.response?.headers;
        return { csv, filename: filenameFromDisposition(headers?.get('Content-Disposition')) ?? `interpreting-${year}.csv` };
      },
    }),
  }),
});

export const {
  useSendInterpreterRequestMutation,
  useCancelInterpreterRequestMutation,
  useAnswerInterpreterOfferMutation,
  useGetInterpretingSummaryQuery,
  useGetPublicInterpreterQuery,
  useGetInterpreterRequestsQuery,
  useGetInterpreterRequestQuery,
  useGetRequestSuggestionsQuery,
  useOfferInterpreterRequestMutation,
  useCompleteInterpreterRequestMutation,
  useMarkRequestUnfilledMutation,
  useGetInterpretingReportQuery,
  useExportInterpretingReportMutation,
} = requestsApi;

/** "45 min", "2 h", "1 h 30 min". */
export function durationText(t: (key: string, values?: Record<string, unknown>) => string, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('request.durationMinutes', { minutes: rest });
  return rest === 0 ? t('request.durationHours', { hours }) : t('request.duration', { hours, minutes: rest });
}

/** The token and the answer of an e-mailed link's fragment (#token=…&answer=accept). */
export function fragmentParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}
