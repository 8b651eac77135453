import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * What a card's code verifies (GET verify/{code}/, the server's VerificationOut): its `kind`
 * (`membership` today; a certificate of attendance later) and the facts the card itself shows,
 * with the standing today. Nothing else of the person.
 */
export type Verification = Schemas['VerificationOut'];
export type Standing = Verification['standing'];

/** The verify call, with the verify page's chunk: not in the first visit's script of other pages. */
export const verifyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The server never caches it (no-store): the standing is today's.
    getVerification: build.query<Verification, string>({
      query: (code) => `verify/${encodeURIComponent(code)}/`,
    }),
  }),
});

export const { useGetVerificationQuery } = verifyApi;
