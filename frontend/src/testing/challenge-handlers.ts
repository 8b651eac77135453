import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Payload } from 'altcha-lib/types';
import { http, HttpResponse } from 'msw';

const SIGNATURE_SECRET = 'vitest-challenge-signature';
const KEY_SECRET = 'vitest-challenge-derived-key';
export const CHALLENGE_URL = '*/api/challenge/';

/**
 * GET /api/challenge/ as the server answers it: a real ALTCHA v2 challenge (PBKDF2), only
 * small, so that the real library solves it in the test in a few milliseconds.
 */
export const challengeHandlers = {
  issued: () =>
    http.get(CHALLENGE_URL, async () =>
      HttpResponse.json(
        await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 10,
          counter: 2 + Math.floor(Math.random() * 6),
          deriveKey,
          expiresAt: Math.floor(Date.now() / 1000) + 600,
          hmacSignatureSecret: SIGNATURE_SECRET,
          hmacKeySignatureSecret: KEY_SECRET,
        }),
        { headers: { 'Cache-Control': 'no-store' } },
      ),
    ),
  fails: () => http.get(CHALLENGE_URL, () => HttpResponse.error()),
};

/** True when `header` is a solution of a challenge handed out above (the server's own check). */
export async function isSolvedChallenge(header: string | null): Promise<boolean> {
  if (!header) return false;
  const { challenge, solution } = JSON.parse(atob(header)) as Payload;
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: SIGNATURE_SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
  return result.verified;
}

/** Every request recorded in `sent` carried a real solution, and no two carried the same one. */
export async function allSolved(sent: (string | null)[]): Promise<boolean> {
  const verdicts = await Promise.all(sent.map((header) => isSolvedChallenge(header)));
  return sent.length > 0 && verdicts.every(Boolean) && new Set(sent).size === sent.length;
}
