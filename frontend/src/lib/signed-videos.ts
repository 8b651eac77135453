import { api } from './api';
import type { Schemas } from './api-types';
import type { Language } from './i18n';

/**
 * Signed videos: a Rwandan Sign Language version of a site page, an event or an update.
 * Only the public call and types are here: this module is in the first visit's JavaScript of the
 * public pages, whose budget is tight; the staff calls are in features/signed-videos/staff-api.ts.
 * (No values the staff screens use either, or it would become a chunk of its own.)
 */

/** Captions come in the site's languages (lib/i18n's LANGUAGES). */
export type CaptionLanguage = Language;

/** The four site pages that can have a signed version. */
export type SignedPage = 'home' | 'about' | 'services' | 'membership';

/** What a video belongs to: `page:home`, `event:12`, `update:3`. */
export type SignedVideoTarget = `page:${SignedPage}` | `event:${number}` | `update:${number}`;

export type SignedVideo = Schemas['SignedVideoPublicOut'];

const signedVideosApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/signed-videos/?target=page:about: the page's video, or null. */
    getSignedVideo: build.query<SignedVideo | null, SignedVideoTarget>({
      query: (target) => ({ url: 'signed-videos/', params: { target } }),
      providesTags: (_result, _error, target) => [{ type: 'SignedVideo', id: target }],
    }),
  }),
});

export const { useGetSignedVideoQuery } = signedVideosApi;
