/**
 * A Web Worker that solves a bot challenge (lib/challenge-solver.ts starts it): the work runs
 * beside the page, which stays responsive meanwhile. altcha-lib's own worker protocol
 * (work / abort messages), with the browser's WebCrypto PBKDF2.
 */
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
