import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import type { ApiErrorBody } from '../../lib/api-types';
import { json } from '../../testing/api-answer';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { storeTestSession } from '../../testing/session';
import { makeStaffSignedVideo } from './mocks/handlers';
import { SignedVideoManager } from './signed-video-manager';
import type { StaffSignedVideo } from './staff-api';

const UPLOADS = '*/api/management/signed-videos/uploads/';
const UPLOAD_URL = 'http://localhost:3000/api/management/signed-videos/uploads/3f9c2b/';

const tusHeaders = (extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', ...extra });

/**
 * The server's side of one video: the staff GET answers what `state.video` holds; tus creates the
 * upload and takes its bytes (PATCH), `patchFails` of them breaking the connection first.
 */
function staffBackend(initial: StaffSignedVideo | null, { patchFails = 0 } = {}) {
  const state = { video: initial, patchFails, created: null as FormData | null, authorization: '' as string | null };
  const upload = { length: 0, offset: 0 };
  const where = () => tusHeaders({ 'Upload-Offset': String(upload.offset), 'Upload-Length': String(upload.length) });
  server.use(
    http.get('*/api/management/signed-videos/', () => json<StaffSignedVideo | null>(state.video)),
    http.post(UPLOADS, ({ request }) => {
      state.authorization = request.headers.get('Authorization');
      Object.assign(upload, { length: Number(request.headers.get('Upload-Length')), offset: 0 });
      return new HttpResponse(null, { status: 201, headers: tusHeaders({ Location: UPLOAD_URL }) });
    }),
    http.head(`${UPLOADS}3f9c2b/`, () => new HttpResponse(null, { status: 200, headers: where() })),
    http.patch(`${UPLOADS}3f9c2b/`, ({ request }) => {
      if (state.patchFails > 0) {
        state.patchFails -= 1;
        return HttpResponse.error();
      }
      // One chunk holds these small files whole (jsdom's XHR does not pass a Blob's bytes on as they are).
      expect(request.headers.get('Content-Type')).toBe('application/offset+octet-stream');
      upload.offset = upload.length;
      return new HttpResponse(null, { status: 204, headers: where() });
    }),
  );
  return state;
}

const videoFile = () => new File(['ftypmp42'.repeat(64)], 'welcome.mp4', { type: 'video/mp4' });

describe('SignedVideoManager', () => {
  it('uploads a video in resumable parts, then shows it while the worker prepares it', async () => {
    storeTestSession();
    const backend = staffBackend(null);
    server.use(
      http.post('*/api/management/signed-videos/', async ({ request }) => {
        backend.created = await request.formData();
        backend.video = makeStaffSignedVideo({ status: 'processing' });
        return json<StaffSignedVideo>(backend.video, { status: 202 });
      }),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="event:12" />);
    const section = await screen.findByRole('region', { name: 'Signed video' });
    await user.upload(await within(section).findByLabelText(/^Video file/), videoFile());
    await user.click(within(section).getByRole('button', { name: 'Upload the video' }));

    expect(await within(section).findByText('The video is being prepared. This part of the page updates by itself.')).toBeInTheDocument();
    expect(backend.created?.get('target')).toBe('event:12');
    expect(backend.created?.get('upload')).toBe('3f9c2b');
    expect(backend.created?.get('poster')).toBeNull();
    // The upload carries the staff session's token, as the app's other staff calls do.
    expect(backend.authorization).toBe('Bearer access-1');

    // The worker finishes: the next poll (every 3 s) shows the video ready, its captions to add.
    backend.video = makeStaffSignedVideo({ status: 'ready' });
    expect(await within(section).findByText('Ready: 12.4 MB · 1:35 min.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Captions' })).toBeInTheDocument();
  });

  it('shows the upload progress, and resumes an upload the connection broke', async () => {
    // More breaks than the automatic retries: the Resume upload button takes over.
    const backend = staffBackend(null, { patchFails: 3 });
    server.use(
      http.post('*/api/management/signed-videos/', () => {
        backend.video = makeStaffSignedVideo({ status: 'processing' });
        return json<StaffSignedVideo>(backend.video, { status: 202 });
      }),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="page:home" title="Home" />);
    const section = await screen.findByRole('region', { name: 'Home' });
    await user.upload(await within(section).findByLabelText(/^Video file/), videoFile());
    await user.click(within(section).getByRole('button', { name: 'Upload the video' }));
    const progress = within(section).getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toHaveAttribute('max', '100');
    expect(within(section).getByText('0%')).toBeInTheDocument();

    const resume = await within(section).findByRole('button', { name: 'Resume upload' }, { timeout: 15_000 });
    expect(resume).toHaveFocus();
    expect(within(section).getByRole('alert')).toHaveTextContent('The upload stopped');
    await user.click(resume);
    expect(await within(section).findByText('The video is being prepared. This part of the page updates by itself.')).toBeInTheDocument();
  }, 30_000);

  it('says what is wrong with a refused file beside it, and moves the focus there', async () => {
    staffBackend(null);
    server.use(
      http.post('*/api/management/signed-videos/', () =>
        json<ApiErrorBody>(
          { detail: 'The video was refused.', code: 'invalid_video', fields: { file: 'This file is not an MP4 or WebM video.' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="page:about" />);
    const section = await screen.findByRole('region', { name: 'Signed video' });
    // Nothing chosen: said at once.
    await user.click(await within(section).findByRole('button', { name: 'Upload the video' }));
    const input = within(section).getByLabelText(/^Video file/);
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose a video file.'));

    await user.upload(input, new File(['<html></html>'], 'talk.mp4', { type: 'video/mp4' }));
    await user.click(within(section).getByRole('button', { name: 'Upload the video' }));
    expect(await within(section).findByText('This file is not an MP4 or WebM video.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).getByRole('alert')).toHaveTextContent('The video was refused.');
  });

  it('refuses a caption file with the line at fault under the file input', async () => {
    staffBackend(makeStaffSignedVideo());
    server.use(
      http.post('*/api/management/signed-videos/5/captions/', () =>
        json<ApiErrorBody>(
          { detail: 'The captions were refused.', code: 'invalid_captions', fields: { file: 'Line 3: a cue timing must look like 00:00:01.000 --> 00:00:04.000.' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="event:12" />);
    const captions = (await screen.findByRole('heading', { name: 'Captions' })).parentElement as HTMLElement;
    await user.selectOptions(within(captions).getByLabelText('Language'), 'Ikinyarwanda');
    const input = within(captions).getByLabelText(/^Caption file/);
    await user.upload(input, new File(['WEBVTT\n\n00:01 -> 00:04\nMuraho'], 'rw.vtt', { type: 'text/vtt' }));
    await user.click(within(captions).getByRole('button', { name: 'Add captions' }));
    expect(await within(captions).findByText(/^Line 3: a cue timing must look like/)).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(expect.stringContaining('Line 3:'));
  });

  it('adds captions, removes them, and saves the transcript', async () => {
    const backend = staffBackend(makeStaffSignedVideo());
    let transcriptSent: unknown = null;
    server.use(
      http.post('*/api/management/signed-videos/5/captions/', async ({ request }) => {
        const body = await request.formData();
        backend.video = makeStaffSignedVideo({ captions: [{ language: body.get('language') as 'en', src: '/media/c.vtt' }] });
        return new HttpResponse(null, { status: 201 });
      }),
      http.delete('*/api/management/signed-videos/5/captions/en/', () => {
        backend.video = makeStaffSignedVideo();
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('*/api/management/signed-videos/5/transcript/', async ({ request }) => {
        transcriptSent = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="event:12" />);
    const captions = (await screen.findByRole('heading', { name: 'Captions' })).parentElement as HTMLElement;
    expect(within(captions).getByText('No captions yet.')).toBeInTheDocument();
    await user.upload(within(captions).getByLabelText(/^Caption file/), new File(['WEBVTT\n'], 'en.vtt', { type: 'text/vtt' }));
    await user.click(within(captions).getByRole('button', { name: 'Add captions' }));
    expect(await within(captions).findByText('English captions added.')).toBeInTheDocument();
    await user.click(await within(captions).findByRole('button', { name: 'Remove the English captions' }));
    expect(await within(captions).findByText('English captions removed.')).toBeInTheDocument();
    expect(await within(captions).findByText('No captions yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('What the video says, as text'), 'Welcome, everyone.');
    await user.click(screen.getByRole('button', { name: 'Save the transcript' }));
    expect(await screen.findByText('Transcript saved.')).toBeInTheDocument();
    expect(transcriptSent).toEqual({ transcript: 'Welcome, everyone.' });
  });

  it('removes the video only once staff confirm', async () => {
    const backend = staffBackend(makeStaffSignedVideo());
    let deleted = 0;
    server.use(
      http.delete('*/api/management/signed-videos/5/', () => {
        deleted += 1;
        backend.video = null;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<SignedVideoManager target="event:12" />);
    const removeButton = await screen.findByRole('button', { name: 'Remove the video' });
    await user.click(removeButton);
    const question = screen.getByRole('group', { name: /Remove this signed video\?/ });
    expect(question).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep the video' }));
    expect(deleted).toBe(0);
    expect(screen.getByRole('button', { name: 'Remove the video' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove the video' }));
    await user.click(within(screen.getByRole('group', { name: /Remove this signed video\?/ })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('button', { name: 'Upload the video' })).toBeInTheDocument();
    expect(deleted).toBe(1);
  });
});
