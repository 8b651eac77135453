import { apiErrorMessage } from '../../../lib/api-error';

/**
 * The sentence of a failed call for a toast: the server's error field or message; for a call
 * that got no answer, what the browser said (e.g. 'Failed to fetch'); else undefined.
 */
export function errorText(error: unknown): string | undefined {
  const fromServer = apiErrorMessage(error);
  if (fromServer) return fromServer;
  if (typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string') {
    return error.error.replace(/^TypeError:\s*/, '') || undefined;
  }
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
