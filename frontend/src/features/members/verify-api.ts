import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';

/**
 * What a code verifies (GET verify/{code}/): its `kind` and the facts the document itself shows.
 * A membership card (VerificationOut): with the standing today. A CPD certificate of attendance
 * (CertificateVerificationOut): who, what, when, how many hours. Nothing else of the person.
 */
export type MembershipVerification = Schemas['VerificationOut'];
export type CertificateVerification = Schemas['CertificateVerificationOut'];
export type Verification = MembershipVerification | CertificateVerification;
export type Standing = MembershipVerification['standing'];

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
