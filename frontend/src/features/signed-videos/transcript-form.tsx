import { useId, useState, type FormEvent } from 'react';

import { Field } from '../../components/field';
import { FormMessage, type FormOutcome } from '../../components/form-message';
import { apiFieldErrors, errorText } from '../../lib/api-error';
import { useTranslation } from '../../lib/use-translation';
import { type StaffSignedVideo, useSaveTranscriptMutation } from './staff-api';

/** What the video says, as text: for visitors who read rather than watch, and for search. */
export function TranscriptForm({ video, headingLevel }: { video: StaffSignedVideo; headingLevel: 3 | 4 }) {
  const { t } = useTranslation('signed-videos');
  const fieldId = useId();
  const Heading = `h${headingLevel}` as const;
  const [transcript, setTranscript] = useState(video.transcript ?? '');
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [saveTranscript, saving] = useSaveTranscriptMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.isLoading) return;
    setOutcome(null);
    try {
      await saveTranscript({ video, transcript: transcript.trim() }).unwrap();
      setError(undefined);
      setOutcome({ kind: 'success', text: t('transcript.saved') });
    } catch (failure) {
      console.error('Saving the transcript failed', failure);
      const message = apiFieldErrors(failure).transcript;
      setError(message);
      if (message) document.getElementById(fieldId)?.focus();
      setOutcome({ kind: 'error', text: errorText(failure) ?? t('errors.unknown') });
    }
  }

  return (
    <div className="signed-video-manager__part">
      <Heading>{t('transcript.heading')}</Heading>
      <form className="form signed-video-manager__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Field id={fieldId} label={t('transcript.label')} hint={t('transcript.hint')} error={error}>
          {(control) => (
            <textarea
              {...control}
              name="transcript"
              rows={6}
              value={transcript}
              disabled={saving.isLoading}
              onChange={(event) => setTranscript(event.target.value)}
            />
          )}
        </Field>
        <div className="signed-video-manager__buttons">
          <button type="submit" className="button button--secondary" disabled={saving.isLoading} aria-busy={saving.isLoading}>
            {saving.isLoading ? t('transcript.saving') : t('transcript.save')}
          </button>
        </div>
        <FormMessage message={outcome} />
      </form>
    </div>
  );
}
