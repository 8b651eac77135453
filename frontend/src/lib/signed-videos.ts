import { api } from './api';
import type { Language } from './i18n';

/**
 * Signed videos (issue 30): a Rwandan Sign Language version of a site page, an event or an update.
 * Local types until the server's OpenAPI document has them (then `Schemas['SignedVideoOut']`).
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

export interface SignedVideo {
  id: number;
  src: string;
  poster: string | null;
  captions: { language: CaptionLanguage; src: string }[];
  transcript: string | null;
}

/** An event or update as the public API answers it carries its video, or null. */
export interface WithSignedVideo {
  signed_video?: SignedVideo | null;
}

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
