import { expect, type APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Challenge } from 'altcha-lib/types';

/**
 * The X-Altcha header a public form's call needs while PUBLIC_FORM_CHALLENGE is on (as in these
 * journeys): a challenge of GET /api/challenge/, solved here in Node, as any script would have
 * to, for journeys that set the scene through the API rather than the page.
 */
export async function solvedChallenge(request: APIRequestContext): Promise<{ 'X-Altcha': string }> {
  const response = await request.get('/api/challenge/');
  expect(response.status()).toBe(200);
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return { 'X-Altcha': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
}
