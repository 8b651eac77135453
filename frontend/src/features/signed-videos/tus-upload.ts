import type { DetailedError, Upload } from 'tus-js-client';

import i18n from '../../lib/i18n';
import { storedAccessToken } from '../../lib/session/session-storage';
import { UPLOADS_ENDPOINT } from './staff-api';

/** tus chunks of 8 MB: each PATCH is short, and a broken one loses little. */
const CHUNK_SIZE = 8 * 1024 * 1024;
/** Two automatic retries, then the Resume upload button. */
const RETRY_DELAYS = [1000, 3000];

export interface UploadCallbacks {
  onProgress: (percent: number) => void;
  /** The upload's id on the server (the last part of its address). */
  onSuccess: (uploadId: string) => void;
  onError: (failure: UploadFailure) => void;
}

/** Why an upload stopped: a refusal (its body, the API's error envelope) or a break that can resume. */
export interface UploadFailure {
  resumable: boolean;
  /** The refusal's body as the API sent it (parsed JSON), else null. */
  body: unknown;
  message: string;
}

/** The last non-empty part of an upload's address: /api/.../uploads/3f9c/ → 3f9c. */
export function uploadIdOf(url: string): string {
  return new URL(url, window.location.origin).pathname.split('/').filter(Boolean).pop() ?? '';
}

function failureOf(error: Error): UploadFailure {
  const response = (error as Partial<DetailedError>).originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  let body: unknown = null;
  try {
    body = response ? JSON.parse(response.getBody()) : null;
  } catch {
    // Not JSON (a proxy's page): the message says what happened.
  }
  // No answer, or one tus itself would retry (5xx, 409 offset mismatch, 423 locked): resumable.
  const resumable = status === 0 || status >= 500 || status === 409 || status === 423;
  return { resumable, body, message: error.message };
}

/**
 * Starts a resumable upload of `file` (tus 1.0) with the headers of the staff API's own calls;
 * tus-js-client is fetched here, with the first upload, never on a public page. An upload this
 * browser began earlier for the same file resumes where it stopped. Resolves to the upload, whose
 * start() resumes it after an error and abort() stops it.
 */
export async function startUpload(file: File, callbacks: UploadCallbacks): Promise<Upload> {
  const tus = await import('tus-js-client');
  const upload = new tus.Upload(file, {
    endpoint: new URL(UPLOADS_ENDPOINT, window.location.origin).href,
    chunkSize: CHUNK_SIZE,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type },
    removeFingerprintOnSuccess: true,
    // Read on every request: the token may have been refreshed since the upload began.
    onBeforeRequest: (request) => {
      const token = storedAccessToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
      if (i18n.language) request.setHeader('Accept-Language', i18n.language);
    },
    onProgress: (sent, total) => callbacks.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0),
    onSuccess: () => callbacks.onSuccess(uploadIdOf(upload.url ?? '')),
    onError: (error) => callbacks.onError(failureOf(error)),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return upload;
}
