import type { TFunction } from 'i18next';

import { apiErrorMessage } from '../../lib/api-error';

function statusOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
}

/**
 * What a failed sign-in says (SPEC §8): the server's own message, else 'Invalid username or
 * password' when it refused the request; 'No response…' when nothing came back; a readable
 * body that is not a login answer is 'Invalid response format…'; anything else is general.
 */
export function loginErrorMessage(error: unknown, t: TFunction<'auth'>): string {
  const status = statusOf(error);
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return t('login.noResponse');
  if (status === 'PARSING_ERROR') {
    const original = (error as { originalStatus?: number }).originalStatus ?? 0;
    return original >= 200 && original < 300 ? t('login.invalidResponse') : t('login.failure');
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return apiErrorMessage(error) ?? t('login.invalidCredentials');
  }
  // A server error (5xx) or a failure in the browser: the server's words if it sent any.
  return apiErrorMessage(error) ?? t('login.failure');
}
