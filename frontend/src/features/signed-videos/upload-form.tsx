import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Upload } from 'tus-js-client';

import { Field } from '../../components/field';
import { FormMessage, type FormOutcome } from '../../components/form-message';
import { knownFieldErrors, useFocusFirstError } from '../../components/use-focus-first-error';
import { apiErrorMessage, apiFieldErrors, errorText } from '../../lib/api-error';
import type { SignedVideoTarget } from '../../lib/signed-videos';
import { useTranslation } from '../../lib/use-translation';
import { useCreateSignedVideoMutation } from './staff-api';
import { startUpload, type UploadFailure } from './tus-upload';

const FIELDS = ['file', 'poster'] as const;
type FormField = (typeof FIELDS)[number];
type Errors = Partial<Record<FormField, string>>;

/** idle: choosing files; uploading: the bytes go (resumable); interrupted: the Resume button; saving: the video is made. */
type Phase = 'idle' | 'uploading' | 'interrupted' | 'saving';

/**
 * A new signed video for `target`: the file goes in resumable chunks (tus), then the video is
 * made from the finished upload with the optional poster. Refusals show beside their field.
 */
export function UploadForm({ target }: { target: SignedVideoTarget }) {
  const { t } = useTranslation('signed-videos');
  const formId = useId();
  const id = (field: FormField) => `${formId}-${field}`;
  const [file, setFile] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [percent, setPercent] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const focusFirstError = useFocusFirstError(errors, FIELDS, id);
  const upload = useRef<Upload | null>(null);
  const resumeButton = useRef<HTMLButtonElement>(null);
  const [createSignedVideo] = useCreateSignedVideoMutation();
  const busy = phase !== 'idle';

  // Leaving the page (or closing the dialog) stops the upload; the same file resumes next time.
  useEffect(() => () => void upload.current?.abort(), []);

  useEffect(() => {
    if (phase === 'interrupted') resumeButton.current?.focus();
  }, [phase]);

  function refuse(found: Errors, message: string) {
    setPhase('idle');
    setErrors(found);
    setOutcome({ kind: 'error', text: message });
    focusFirstError();
  }

  async function create(uploadId: string) {
    setPhase('saving');
    try {
      await createSignedVideo({ target, upload: uploadId, poster }).unwrap();
      // The manager shows the new video (preparing) in place of this form.
    } catch (failure) {
      console.error('Making the signed video failed', failure);
      const fields = apiFieldErrors(failure);
      const found = knownFieldErrors({ ...fields, file: fields.file ?? fields.upload ?? '' }, FIELDS);
      refuse(found, errorText(failure) ?? t('errors.unknown'));
    }
  }

  function failed(failure: UploadFailure) {
    if (failure.resumable) {
      setPhase('interrupted');
      setOutcome({ kind: 'error', text: t('upload.interrupted') });
      return;
    }
    // A refusal of the upload itself (too big, not a video): said beside the file.
    const fields = apiFieldErrors(failure.body);
    const text = fields.file ?? apiErrorMessage(failure.body) ?? t('upload.refused');
    refuse({ file: text }, text);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      refuse({ file: t('upload.errors.fileRequired') }, t('upload.errors.check'));
      return;
    }
    setErrors({});
    setOutcome(null);
    setPercent(0);
    setPhase('uploading');
    try {
      upload.current = await startUpload(file, {
        onProgress: setPercent,
        onSuccess: (uploadId) => void create(uploadId),
        onError: failed,
      });
    } catch (failure) {
      // The uploader's code could not be fetched (offline): nothing was sent.
      console.error('Starting the upload failed', failure);
      setPhase('idle');
      setOutcome({ kind: 'error', text: t('upload.notStarted') });
    }
  }

  function resume() {
    setOutcome(null);
    setPhase('uploading');
    upload.current?.start();
  }

  return (
    <form className="form signed-video-manager__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <fieldset className="signed-video-manager__fields" disabled={busy}>
        <Field id={id('file')} label={t('upload.file')} hint={t('upload.fileHint')} marked error={errors.file}>
          {(control) => (
            <input
              {...control}
              type="file"
              name="file"
              required
              accept="video/mp4,video/webm"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors(({ file: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </Field>
        <Field id={id('poster')} label={t('upload.poster')} hint={t('upload.posterHint')} error={errors.poster}>
          {(control) => (
            <input
              {...control}
              type="file"
              name="poster"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => {
                setPoster(event.target.files?.[0] ?? null);
                setErrors(({ poster: _fixed, ...rest }) => rest);
              }}
            />
          )}
        </Field>
      </fieldset>
      {phase !== 'idle' && (
        <div className="signed-video-manager__progress">
          <label htmlFor={`${formId}-progress`}>{t('upload.progress')}</label>
          <progress id={`${formId}-progress`} max={100} value={percent} />
          <span>{phase === 'saving' ? t('upload.saving') : t('upload.percent', { percent })}</span>
        </div>
      )}
      <div className="signed-video-manager__buttons">
        {phase === 'interrupted' ? (
          <button ref={resumeButton} type="button" className="button button--primary" onClick={resume}>
            {t('upload.resume')}
          </button>
        ) : (
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? t('upload.uploading') : t('upload.submit')}
          </button>
        )}
      </div>
      <FormMessage message={outcome} />
    </form>
  );
}
