import { useCallback, useEffect, useRef, useState } from 'react';

import type { SolvedChallenge } from './challenge-solver';
import { useTranslation } from './use-translation';

/** The request header that carries a solved challenge to the public forms' endpoints (docs/api.md). */
export const CHALLENGE_HEADER = 'X-Altcha';
export type ChallengeHeaders = Partial<Record<typeof CHALLENGE_HEADER, string>>;

/** What a public form's call takes besides its body: the headers of `challengeHeaders()`. */
export interface Challenged {
  challenge?: ChallengeHeaders;
}

// A solution prepared early is used only while it has this long left; else a fresh one is solved.
const FRESH_ENOUGH_MS = 30_000;

/**
 * A failed preparation, in the shape of a refused call ({status, data: the error envelope}), so
 * that a form shows it where it shows the server's refusals, and the person can send again.
 */
class ChallengeFailure extends Error {
  readonly status = 400;
  readonly data: { detail: string; code: string };

  constructor(detail: string) {
    super(detail);
    this.data = { detail, code: 'challenge_failed' };
  }
}

function solveNew(signal: AbortSignal): Promise<SolvedChallenge> {
  // Loaded with the first form that needs it: pages without a form never carry the solver.
  return import('./challenge-solver').then(({ solveNewChallenge }) => solveNewChallenge(signal));
}

/**
 * The bot challenge of a public form that creates something or sends an e-mail: invisible, no
 * puzzle. `enabled` is the site's `public_form_challenge` setting (undefined while it loads:
 * then a send solves one anyway, and the server decides). One challenge is fetched and solved in
 * the background as the form mounts, so that a send rarely waits; each send takes its own (a
 * solution works once). `challengeHeaders()` resolves to the headers to send, or throws a
 * refusal-shaped error; `waiting` is true while a send waits for it (show the form as sending).
 */
export function usePublicFormChallenge(enabled: boolean | undefined) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  const ahead = useRef<Promise<SolvedChallenge> | null>(null);
  const mounted = useRef<AbortController | null>(null);

  // Stops the work of a form that went away (its workers too).
  useEffect(() => {
    const controller = new AbortController();
    mounted.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!enabled || !mounted.current) return;
    const early = solveNew(mounted.current.signal);
    early.catch(() => undefined); // it matters only when a send needs it: solved again then
    ahead.current = early;
    return () => {
      ahead.current = null;
    };
  }, [enabled]);

  const challengeHeaders = useCallback(async (): Promise<ChallengeHeaders> => {
    if (enabled === false) return {};
    const early = ahead.current;
    ahead.current = null;
    setWaiting(true);
    try {
      let solved = early ? await early.catch(() => null) : null;
      if (!solved || solved.expiresAt * 1000 - Date.now() < FRESH_ENOUGH_MS) {
        solved = await solveNew(mounted.current?.signal ?? new AbortController().signal);
      }
      return { [CHALLENGE_HEADER]: solved.payload };
    } catch (failure) {
      console.error('Preparing the form for sending failed', failure);
      throw new ChallengeFailure(t('challenge.failed'));
    } finally {
      setWaiting(false);
    }
  }, [enabled, t]);

  return { challengeHeaders, waiting };
}
