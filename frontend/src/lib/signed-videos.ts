import { api } from './api';

/**
 * Signed videos (issue 30): a Rwandan Sign Language version of a site page, an event or an update.
 * Local types until the server's OpenAPI document has them (then `Schemas['SignedVideoOut']`).
 * Only the public call is here: this module is in the first visit's JavaScript of the public
 * pages, whose budget is tight; the staff calls are in features/signed-videos/staff-api.ts.
 */

export const CAPTION_LANGUAGES = ['en', 'rw', 'fr', 'sw'] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];

/** The four site pages that can have a signed version, in the order staff see them. */
export const SIGNED_PAGES = ['home', 'about', 'services', 'membership'] as const;
export type SignedPage = (typeof SIGNED_PAGES)[number];

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
