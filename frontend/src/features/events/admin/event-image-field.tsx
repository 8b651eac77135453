import { useEffect, useMemo, useState, type ChangeEvent } from 'react';

import { Field } from '../../../components/field';
import { useTranslation } from '../../../lib/use-translation';
import type { UploadedEventImage } from '../public-api';

/** The server's limits (EVENT_IMAGE_UPLOAD_MAX_MB, the description's length); it checks them again. */
export const PICTURE_MAX_MB = 8;
export const PICTURE_ALT_MAX = 250;
const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** What staff chose on the form: a new file, the description, or removing the uploaded picture. */
export interface PictureChoice {
  file: File | null;
  alt: string;
  remove: boolean;
}

export function initialPictureChoice(current: UploadedEventImage | null | undefined): PictureChoice {
  return { file: null, alt: current?.alt ?? '', remove: false };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The problems the browser can see before sending, by the server's field names (image, image_alt). */
export function pictureErrors(choice: PictureChoice, current: UploadedEventImage | null | undefined, t: Translate) {
  const found: Record<string, string> = {};
  const { file } = choice;
  if (file) {
    if (!ACCEPTED_TYPES.includes(file.type)) found.image = t('picture.errors.type');
    else if (file.size > PICTURE_MAX_MB * 1024 * 1024) found.image = t('picture.errors.size', { limit: PICTURE_MAX_MB });
    else if (file.size === 0) found.image = t('picture.errors.empty');
  }
  const shown = file !== null || (Boolean(current) && !choice.remove);
  const alt = choice.alt.trim();
  if (shown && !alt) found.image_alt = t('picture.errors.altRequired');
  else if (alt.length > PICTURE_ALT_MAX) found.image_alt = t('picture.errors.altTooLong', { limit: PICTURE_ALT_MAX });
  return Object.keys(found).length > 0 ? found : null;
}

/** What to ask of the server once the event is saved. */
export function pictureRequest(
  choice: PictureChoice,
  current: UploadedEventImage | null | undefined,
): { kind: 'remove' } | { kind: 'set'; file: File | null; alt: string } | null {
  if (choice.file) return { kind: 'set', file: choice.file, alt: choice.alt.trim() };
  if (current && choice.remove) return { kind: 'remove' };
  if (current && choice.alt.trim() !== current.alt) return { kind: 'set', file: null, alt: choice.alt.trim() };
  return null;
}

interface Props {
  current: UploadedEventImage | null | undefined;
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
  errors: { image?: string | undefined; image_alt?: string | undefined };
  disabled: boolean;
}

/** The event's own picture on the form: choose a file (previewed), describe it, or remove it. */
export function EventImageField({ current, choice, onChange, errors, disabled }: Props) {
  const { t } = useTranslation('events-admin');
  // A new key empties the file input (its value cannot be set) after "Remove".
  const [inputKey, setInputKey] = useState(0);
  // The chosen file shown before it is sent; its address is released when another is chosen.
  const preview = useMemo(() => (choice.file ? URL.createObjectURL(choice.file) : null), [choice.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const kept = current && !choice.remove ? current : null;
  const previewUrl = preview ?? kept?.variants[0]?.url ?? null;
  const hasPicture = Boolean(choice.file || kept);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    onChange({ ...choice, file, remove: false });
  }

  function remove() {
    setInputKey((key) => key + 1);
    onChange({ ...choice, file: null, remove: Boolean(current) });
  }

  return (
    <fieldset className="event-form__upload event-form__wide">
      <legend>{t('picture.legend')}</legend>
      <p className="form__field-hint">{t('picture.hint', { limit: PICTURE_MAX_MB })}</p>
      <div className="event-form__upload-body">
        {previewUrl ? (
          <figure className="event-form__preview">
            <img src={previewUrl} alt="" width={240} height={135} />
            <figcaption>{choice.file ? t('picture.newPreview', { name: choice.file.name }) : t('picture.currentPreview')}</figcaption>
          </figure>
        ) : (
          <p className="event-form__upload-none" role="status">
            {choice.remove ? t('picture.removedNote') : t('picture.none')}
          </p>
        )}
        <div className="event-form__upload-fields">
          {/* The browser's own file button speaks the browser's language: ours is a label, in the screen's. */}
          <div className="form__field">
            <input
              id="event-image"
              className="visually-hidden event-form__file-input"
              key={inputKey}
              type="file"
              name="image"
              accept={ACCEPTED_TYPES.join(',')}
              onChange={choose}
              disabled={disabled}
              aria-invalid={errors.image ? true : undefined}
              aria-describedby={['event-image-name', errors.image ? 'event-image-error' : ''].filter(Boolean).join(' ')}
            />
            <div className="event-form__file">
              <label htmlFor="event-image" className="button button--secondary event-form__file-button" aria-disabled={disabled || undefined}>
                {hasPicture ? t('picture.replace') : t('picture.choose')}
              </label>
              <span id="event-image-name" className="event-form__file-name">
                {choice.file ? choice.file.name : t('picture.noFile')}
              </span>
            </div>
            {errors.image && (
              <p className="form__field-error" id="event-image-error">
                {errors.image}
              </p>
            )}
          </div>
          <Field
            id="event-image-alt"
            label={t('picture.alt')}
            marked={hasPicture}
            hint={t('picture.altHint')}
            error={errors.image_alt}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                name="image_alt"
                value={choice.alt}
                maxLength={PICTURE_ALT_MAX}
                required={hasPicture}
                onChange={(event) => onChange({ ...choice, alt: event.target.value.replace(/[\r\n]+/g, ' ') })}
                disabled={disabled}
              />
            )}
          </Field>
          {hasPicture && (
            <button type="button" className="button button--secondary" onClick={remove} disabled={disabled}>
              {t('picture.remove')}
            </button>
          )}
          {choice.remove && (
            <button type="button" className="button button--secondary" onClick={() => onChange({ ...choice, remove: false })} disabled={disabled}>
              {t('picture.undoRemove')}
            </button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
