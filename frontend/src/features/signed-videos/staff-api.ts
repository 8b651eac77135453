import { api } from '../../lib/api';
import type { Schemas } from '../../lib/api-types';
import type { CaptionLanguage, SignedVideoTarget } from '../../lib/signed-videos';

/** A video as staff see it: the public fields (`src` null until ready) and how its preparation went
 * (`error` says why it failed, empty otherwise). */
export type StaffSignedVideo = Schemas['SignedVideoOut'];

/** Where the resumable (tus 1.0) uploads go; the video is made from one with `createSignedVideo`. */
export const UPLOADS_ENDPOINT = '/api/management/signed-videos/uploads/';

const BASE = 'management/signed-videos/';
const tagOf = (target: string) => [{ type: 'SignedVideo' as const, id: target }];

/** The staff calls of docs/content.md (Signed videos). Every change refetches the target's video. */
export const signedVideosStaffApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStaffSignedVideo: build.query<StaffSignedVideo | null, SignedVideoTarget>({
      query: (target) => ({ url: BASE, params: { target } }),
      providesTags: (_result, _error, target) => tagOf(target),
    }),
    /** The video of a finished upload (`upload`: its id, the last part of its address). */
    createSignedVideo: build.mutation<StaffSignedVideo, { target: SignedVideoTarget; upload: string; poster: File | null }>({
      query: ({ target, upload, poster }) => {
        const body = new FormData();
        body.set('target', target);
        body.set('upload', upload);
        if (poster) body.set('poster', poster);
        return { url: BASE, method: 'POST', body };
      },
      invalidatesTags: (_result, error, { target }) => (error ? [] : tagOf(target)),
    }),
    addCaptions: build.mutation<unknown, { video: StaffSignedVideo; language: CaptionLanguage; file: File }>({
      query: ({ video, language, file }) => {
        const body = new FormData();
        body.set('language', language);
        body.set('file', file);
        return { url: `${BASE}${video.id}/captions/`, method: 'POST', body };
      },
      invalidatesTags: (_result, error, { video }) => (error ? [] : tagOf(video.target)),
    }),
    removeCaptions: build.mutation<unknown, { video: StaffSignedVideo; language: CaptionLanguage }>({
      query: ({ video, language }) => ({ url: `${BASE}${video.id}/captions/${language}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { video }) => (error ? [] : tagOf(video.target)),
    }),
    saveTranscript: build.mutation<unknown, { video: StaffSignedVideo; transcript: string }>({
      query: ({ video, transcript }) => ({ url: `${BASE}${video.id}/transcript/`, method: 'PUT', body: { transcript } }),
      invalidatesTags: (_result, error, { video }) => (error ? [] : tagOf(video.target)),
    }),
    removeSignedVideo: build.mutation<unknown, StaffSignedVideo>({
      query: (video) => ({ url: `${BASE}${video.id}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, video) => (error ? [] : tagOf(video.target)),
    }),
  }),
});

export const {
  useGetStaffSignedVideoQuery,
  useCreateSignedVideoMutation,
  useAddCaptionsMutation,
  useRemoveCaptionsMutation,
  useSaveTranscriptMutation,
  useRemoveSignedVideoMutation,
} = signedVideosStaffApi;
