import { http } from 'msw';

import type { SignedVideo } from '../../../lib/signed-videos';
import { json } from '../../../testing/api-answer';
import type { StaffSignedVideo } from '../staff-api';

/** A ready video with English and Kinyarwanda captions and a transcript; override what a test is about. */
export function makeSignedVideo(overrides: Partial<SignedVideo> = {}): SignedVideo {
  return {
    id: 5,
    src: '/media/signed-videos/5/video-1a2b.mp4',
    poster: '/media/signed-videos/5/poster-1a2b.jpg',
    captions: [
      { language: 'en', src: '/media/signed-videos/5/captions-en-3c4d.vtt' },
      { language: 'rw', src: '/media/signed-videos/5/captions-rw-5e6f.vtt' },
    ],
    transcript: 'Welcome to the association.\nWe sign, we meet, we learn together.',
    ...overrides,
  };
}

export function makeStaffSignedVideo(overrides: Partial<StaffSignedVideo> = {}): StaffSignedVideo {
  return {
    ...makeSignedVideo({ captions: [], transcript: null }),
    target: 'event:12',
    status: 'ready',
    error: '',
    size_bytes: 12_400_000,
    duration_seconds: 95,
    content_type: 'video/mp4',
    created_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export const signedVideoHandlers = {
  /** GET /api/signed-videos/?target=…: `answer` per target (null: no video). */
  publicVideo: (answer: (target: string) => SignedVideo | null = () => null) =>
    http.get('*/api/signed-videos/', ({ request }) =>
      json<SignedVideo | null>(answer(new URL(request.url).searchParams.get('target') ?? '')),
    ),
  /** GET /api/management/signed-videos/?target=…: what staff see (null: none yet). */
  staffVideo: (answer: (target: string) => StaffSignedVideo | null = () => null) =>
    http.get('*/api/management/signed-videos/', ({ request }) =>
      json<StaffSignedVideo | null>(answer(new URL(request.url).searchParams.get('target') ?? '')),
    ),
};
