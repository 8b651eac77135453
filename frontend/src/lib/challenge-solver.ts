/**
 * Fetching and solving one bot challenge (GET /api/challenge/, ALTCHA v2 with PBKDF2, see
 * docs/security.md). Loaded only when a form needs it (lib/public-form-challenge.ts imports it
 * lazily), so that no page without a form carries it.
 */
import { solveChallenge, solveChallengeWorkers } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Challenge, Solution } from 'altcha-lib/types';

export interface SolvedChallenge {
  /** What the X-Altcha header carries: the challenge and its solution, as base64 JSON. */
  payload: string;
  /** When the server stops taking it, in seconds since 1970. */
  expiresAt: number;
}

// Longer than any device needs (a phone takes well under a second): past it, the form says so.
const SOLVE_TIMEOUT_MS = 60_000;

function isChallenge(value: unknown): value is Challenge {
  const parameters = (value as Challenge | null)?.parameters;
  return typeof parameters?.nonce === 'string' && typeof parameters.keyPrefix === 'string';
}

function startWorker(): Worker {
  return new Worker(new URL('./challenge-worker.ts', import.meta.url), { type: 'module' });
}

async function solve(challenge: Challenge, controller: AbortController): Promise<Solution | null> {
  if (typeof Worker !== 'undefined') {
    try {
      // A few workers share the counters: a phone's cores solve it sooner together.
      const concurrency = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 4));
      return await solveChallengeWorkers({
        challenge,
        concurrency,
        controller,
        createWorker: startWorker,
        timeout: SOLVE_TIMEOUT_MS,
      });
    } catch (error) {
      if (controller.signal.aborted) throw error;
      // A browser that cannot start the worker still solves it, on the page.
      console.warn('Solving in a Web Worker failed; solving on the page', error);
    }
  }
  return solveChallenge({ challenge, controller, deriveKey, timeout: SOLVE_TIMEOUT_MS });
}

/** A new challenge of the server, solved; fails (rejects) on no answer, a refusal, or no solution. */
export async function solveNewChallenge(signal: AbortSignal): Promise<SolvedChallenge> {
  const response = await fetch(new URL('/api/challenge/', window.location.origin), {
    signal,
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /api/challenge/ answered ${response.status}`);
  const challenge: unknown = await response.json();
  if (!isChallenge(challenge)) throw new Error('GET /api/challenge/ answered something else than a challenge');

  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solve(challenge, controller);
  if (!solution) throw new Error(signal.aborted ? 'Stopped' : 'The challenge was not solved in time');
  return {
    payload: btoa(JSON.stringify({ challenge, solution })),
    expiresAt: challenge.parameters.expiresAt ?? Number.POSITIVE_INFINITY,
  };
}
