import { act, renderHook, waitFor } from '@testing-library/react';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { CHALLENGE_URL, challengeHandlers, isSolvedChallenge } from '../testing/challenge-handlers';
import { server } from '../testing/server';
import { CHALLENGE_HEADER, usePublicFormChallenge } from './public-form-challenge';

/** How many challenges the page asked the server for, from now on. */
function countChallengesFetched() {
  const fetched = { count: 0 };
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/challenge/') fetched.count += 1;
  };
  server.events.on('request:start', listener);
  return { fetched, stop: () => server.events.removeListener('request:start', listener) };
}

function challengeOf(header: string | undefined): string {
  return (JSON.parse(atob(header ?? '')) as { challenge: { signature: string } }).challenge.signature;
}

describe('usePublicFormChallenge', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('fetches nothing and sends no header when the site has the challenge off', async () => {
    const { fetched, stop } = countChallengesFetched();
    const { result } = renderHook(() => usePublicFormChallenge(false));
    await expect(result.current.challengeHeaders()).resolves.toEqual({});
    expect(fetched.count).toBe(0);
    stop();
  });

  it('prepares a solution as the form mounts, and gives each send its own', async () => {
    const { fetched, stop } = countChallengesFetched();
    const { result } = renderHook(() => usePublicFormChallenge(true));
    await waitFor(() => expect(fetched.count).toBe(1)); // before any send

    let first: Record<string, string | undefined> = {};
    let second: Record<string, string | undefined> = {};
    await act(async () => {
      first = await result.current.challengeHeaders();
    });
    await act(async () => {
      second = await result.current.challengeHeaders();
    });
    expect(await isSolvedChallenge(first[CHALLENGE_HEADER] ?? null)).toBe(true);
    expect(await isSolvedChallenge(second[CHALLENGE_HEADER] ?? null)).toBe(true);
    expect(challengeOf(second[CHALLENGE_HEADER])).not.toBe(challengeOf(first[CHALLENGE_HEADER]));
    expect(fetched.count).toBe(2);
    expect(result.current.waiting).toBe(false);
    stop();
  });

  it('solves one for a send while the site settings are still loading', async () => {
    const { result } = renderHook(() => usePublicFormChallenge(undefined));
    let headers: Record<string, string | undefined> = {};
    await act(async () => {
      headers = await result.current.challengeHeaders();
    });
    expect(await isSolvedChallenge(headers[CHALLENGE_HEADER] ?? null)).toBe(true);
  });

  it('fails like a refused call when no challenge comes, and works on the next send', async () => {
    server.use(challengeHandlers.fails());
    const { result } = renderHook(() => usePublicFormChallenge(true));
    let failure: unknown;
    await act(async () => {
      failure = await result.current.challengeHeaders().catch((error: unknown) => error);
    });
    expect(failure).toMatchObject({
      status: 400,
      data: {
        code: 'challenge_failed',
        detail: 'We could not prepare this form for sending. Please check your connection and try again.',
      },
    });

    server.use(challengeHandlers.issued());
    let headers: Record<string, string | undefined> = {};
    await act(async () => {
      headers = await result.current.challengeHeaders();
    });
    expect(await isSolvedChallenge(headers[CHALLENGE_HEADER] ?? null)).toBe(true);
  });

  it('does not send a solution prepared so long ago that it is about to expire', async () => {
    // The first challenge expires in 10 s (a form left open for most of its 10 minutes).
    let handedOut = 0;
    server.use(
      http.get(CHALLENGE_URL, async () => {
        handedOut += 1;
        const seconds = handedOut === 1 ? 10 : 600;
        return HttpResponse.json(
          await createChallenge({
            algorithm: 'PBKDF2/SHA-256',
            cost: 10,
            counter: 3,
            deriveKey,
            expiresAt: Math.floor(Date.now() / 1000) + seconds,
            hmacSignatureSecret: 'vitest-challenge-signature',
            hmacKeySignatureSecret: 'vitest-challenge-derived-key',
          }),
        );
      }),
    );
    const { result } = renderHook(() => usePublicFormChallenge(true));
    await waitFor(() => expect(handedOut).toBe(1));
    let headers: Record<string, string | undefined> = {};
    await act(async () => {
      headers = await result.current.challengeHeaders();
    });
    expect(handedOut).toBe(2);
    const sent = JSON.parse(atob(headers[CHALLENGE_HEADER] ?? '')) as { challenge: { parameters: { expiresAt: number } } };
    expect(sent.challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000 + 500);
  });
});
