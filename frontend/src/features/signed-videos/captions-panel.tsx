import { useId, useState, type FormEvent } from 'react';

import { Field } from '../../components/field';
import { FormMessage, type FormOutcome } from '../../components/form-message';
import { knownFieldErrors, useFocusFirstError } from '../../components/use-focus-first-error';
import { apiFieldErrors, errorText } from '../../lib/api-error';
import { LANGUAGE_INFO, LANGUAGES as CAPTION_LANGUAGES } from '../../lib/i18n';
import type { CaptionLanguage } from '../../lib/signed-videos';
import { useTranslation } from '../../lib/use-translation';
import { type StaffSignedVideo, useAddCaptionsMutation, useRemoveCaptionsMutation } from './staff-api';

const FIELDS = ['language', 'file'] as const;
type FormField = (typeof FIELDS)[number];

/** Languages are named in themselves, as the language picker names them. */
const languageName = (language: CaptionLanguage) => LANGUAGE_INFO[language].name;

/** The video's captions (WebVTT, one file per language): the list, and a file added or replaced. */
export function CaptionsPanel({ video, headingLevel }: { video: StaffSignedVideo; headingLevel: 3 | 4 }) {
  const { t } = useTranslation('signed-videos');
  const formId = useId();
  const id = (field: FormField) => `${formId}-${field}`;
  const Heading = `h${headingLevel}` as const;
  const [language, setLanguage] = useState<CaptionLanguage>(() => CAPTION_LANGUAGES.find((code) => !video.captions.some((c) => c.language === code)) ?? 'en');
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its file is added.
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const focusFirstError = useFocusFirstError(errors, FIELDS, id);
  const [addCaptions, adding] = useAddCaptionsMutation();
  const [removeCaptions, removing] = useRemoveCaptionsMutation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding.isLoading) return;
    setOutcome(null);
    if (!file) {
      setErrors({ file: t('captions.errors.fileRequired') });
      focusFirstError();
      return;
    }
    try {
      await addCaptions({ video, language, file }).unwrap();
      setErrors({});
      setFile(null);
      setFileKey((key) => key + 1);
      setOutcome({ kind: 'success', text: t('captions.added', { language: languageName(language) }) });
    } catch (failure) {
      console.error('Adding captions failed', failure);
      const found = knownFieldErrors(apiFieldErrors(failure), FIELDS);
      setErrors(found);
      focusFirstError();
      setOutcome({ kind: 'error', text: errorText(failure) ?? t('errors.unknown') });
    }
  }

  async function remove(caption: CaptionLanguage) {
    setOutcome(null);
    try {
      await removeCaptions({ video, language: caption }).unwrap();
      setOutcome({ kind: 'success', text: t('captions.removed', { language: languageName(caption) }) });
    } catch (failure) {
      console.error('Removing captions failed', failure);
      setOutcome({ kind: 'error', text: errorText(failure) ?? t('errors.unknown') });
    }
  }

  return (
    <div className="signed-video-manager__part">
      <Heading>{t('captions.heading')}</Heading>
      {video.captions.length === 0 ? (
        <p>{t('captions.none')}</p>
      ) : (
        <ul className="plain-list signed-video-manager__captions">
          {video.captions.map((caption) => (
            <li key={caption.language}>
              <a href={caption.src} target="_blank" rel="noopener noreferrer">
                {languageName(caption.language)}
              </a>
              <button
                type="button"
                className="button button--secondary signed-video-manager__small"
                disabled={removing.isLoading}
                onClick={() => void remove(caption.language)}
                aria-label={t('captions.removeLabel', { language: languageName(caption.language) })}
              >
                {t('captions.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="form signed-video-manager__form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <fieldset className="signed-video-manager__fields" disabled={adding.isLoading}>
          <Field id={id('language')} label={t('captions.language')} error={errors.language}>
            {(control) => (
              <select {...control} name="language" value={language} onChange={(event) => setLanguage(event.target.value as CaptionLanguage)}>
                {CAPTION_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id('file')} label={t('captions.file')} hint={t('captions.fileHint')} marked error={errors.file}>
            {(control) => (
              <input
                {...control}
                key={fileKey}
                type="file"
                name="file"
                required
                accept=".vtt,text/vtt"
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors(({ file: _fixed, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        </fieldset>
        <div className="signed-video-manager__buttons">
          <button type="submit" className="button button--secondary" disabled={adding.isLoading} aria-busy={adding.isLoading}>
            {adding.isLoading ? t('captions.adding') : t('captions.add')}
          </button>
        </div>
        <FormMessage message={outcome} />
      </form>
    </div>
  );
}
