import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { FormField } from '../../../components/form-field';
import { Field } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { apiFieldErrors } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import {
  CERTIFICATION_LEVELS,
  DISTRICTS,
  SETTINGS,
  SIGN_LANGUAGES,
  SPOKEN_LANGUAGES,
  languageLabel,
  levelLabel,
  settingLabel,
} from '../../../lib/interpreting';
import { useTranslation } from '../../../lib/use-translation';
import {
  type InterpreterProfileIn,
  type MyInterpreterProfile,
  useGetMyInterpreterProfileQuery,
  useSaveMyInterpreterProfileMutation,
  useSetMyInterpreterPhotoMutation,
} from '../api';
import './interpreting.css';

type Values = Omit<InterpreterProfileIn, 'years_of_practice'> & { years_of_practice: string };
type ListName = 'sign_languages' | 'spoken_languages' | 'districts' | 'settings';
// The form's order: the first field in error takes the focus.
const ORDER = [
  'display_name',
  'sign_languages',
  'spoken_languages',
  'districts',
  'settings',
  'certification_level',
  'years_of_practice',
  'bio',
  'consent',
] as const;
const BIO_MAX = 600;

function valuesOf(profile: MyInterpreterProfile | null | undefined, fullName = ''): Values {
  return {
    display_name: profile?.display_name ?? fullName,
    sign_languages: profile?.sign_languages ?? [],
    spoken_languages: profile?.spoken_languages ?? [],
    districts: profile?.districts ?? [],
    settings: profile?.settings ?? [],
    certification_level: profile?.certification_level ?? '',
    years_of_practice: String(profile?.years_of_practice ?? 0),
    bio: profile?.bio ?? '',
    show_phone: profile?.show_phone ?? false,
    show_email: profile?.show_email ?? false,
    listed: profile?.listed ?? false,
    consent: Boolean(profile?.consent_at),
  };
}

/** The interpreter's profile on their own page: what the directory shows, and the consent to be
 * listed (recorded with its time and these words); withdrawing removes them from every list. */
export function InterpreterProfilePanel({ access }: { access: string }) {
  const { t } = useTranslation('interpreting');
  const { data, isLoading, isError } = useGetMyInterpreterProfileQuery(access);
  if (isLoading) return null;
  if (isError || !data) {
    return (
      <section className="card my-membership__panel" aria-labelledby="interpreter-profile-heading">
        <h2 id="interpreter-profile-heading">{t('profile.heading')}</h2>
        <p className="notice notice--error" role="alert">
          {t('profile.loadFailed')}
        </p>
      </section>
    );
  }
  if (!data.eligible && !data.profile) return null; // not an interpreter member: nothing to offer
  return (
    <section className="card my-membership__panel" aria-labelledby="interpreter-profile-heading">
      <h2 id="interpreter-profile-heading">{t('profile.heading')}</h2>
      <p>{t('profile.lead')}</p>
      {data.profile && (
        <p className="interpreter-profile__status" role="status">
          {data.profile.hidden
            ? t('profile.status.hidden')
            : data.profile.public
              ? t('profile.status.listed', { date: formatDate(data.profile.consent_at, 'long') })
              : t('profile.status.notListed')}{' '}
          {data.profile.public && <Link to="/interpreters">{t('profile.status.see')}</Link>}
        </p>
      )}
      {!data.eligible && <p className="notice">{t('profile.notEligible')}</p>}
      {data.eligible && (
        <ProfileForm access={access} profile={data.profile ?? null} wording={data.consent_wording} />
      )}
    </section>
  );
}

function ProfileForm({ access, profile, wording }: { access: string; profile: MyInterpreterProfile | null; wording: string }) {
  const { t } = useTranslation('interpreting');
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  const [save, { isLoading }] = useSaveMyInterpreterProfileMutation();
  const formRef = useRef<HTMLFormElement>(null);

  async function submit(listed: boolean) {
    setMessage(null);
    setErrors({});
    const body: InterpreterProfileIn = {
      ...values,
      years_of_practice: Number(values.years_of_practice) || 0,
      listed,
      consent: listed ? values.consent : false,
    };
    if (!/^\d{0,3}$/.test(values.years_of_practice.trim())) {
      body.years_of_practice = -1; // the server says what is wrong
    }
    try {
      const saved = await save({ access, profile: body }).unwrap();
      setValues(valuesOf(saved.profile));
      setMessage({ kind: 'success', text: listed ? t('profile.savedListed') : t('profile.savedNotListed') });
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      setErrors(fields);
      setMessage({ kind: 'error', text: Object.values(fields)[0] ?? t('profile.failure') });
      const first = ORDER.find((name) => fields[name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(values.listed);
  }

  function toggle(name: ListName, value: string) {
    setValues((current) => {
      const list = current[name] ?? [];
      return { ...current, [name]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
    });
  }

  function choices(name: ListName, options: readonly string[], label: (value: string) => string) {
    const errorId = errors[name] ? `interpreter-profile-${name}-error` : undefined;
    return (
      <fieldset className="interpreter-profile__choices" aria-describedby={errorId}>
        <legend>{t(`profile.fields.${name}`)}</legend>
        {options.map((value, index) => (
          <label key={value}>
            <input
              type="checkbox"
              name={name}
              value={value}
              checked={(values[name] ?? []).includes(value)}
              onChange={() => toggle(name, value)}
              aria-invalid={errors[name] ? true : undefined}
              {...(index === 0 ? { 'data-field': name } : {})}
            />
            {label(value)}
          </label>
        ))}
        {errors[name] && (
          <p className="form__field-error" id={errorId}>
            {errors[name]}
          </p>
        )}
      </fieldset>
    );
  }

  return (
    <>
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
        <FormField
          id="interpreter-profile-display_name"
          data-field="display_name"
          label={t('profile.fields.display_name')}
          hint={t('profile.hints.display_name')}
          name="display_name"
          value={values.display_name}
          onChange={(event) => setValues({ ...values, display_name: event.target.value })}
          error={errors.display_name}
          maxLength={70}
        />
        {choices('sign_languages', SIGN_LANGUAGES, (value) => languageLabel(t, value))}
        {choices('spoken_languages', SPOKEN_LANGUAGES, (value) => languageLabel(t, value))}
        {choices('districts', DISTRICTS, (value) => value)}
        {choices('settings', SETTINGS, (value) => settingLabel(t, value))}
        <Field id="interpreter-profile-certification_level" label={t('profile.fields.certification_level')} error={errors.certification_level}>
          {(control) => (
            <select
              {...control}
              data-field="certification_level"
              name="certification_level"
              value={values.certification_level ?? ''}
              onChange={(event) => setValues({ ...values, certification_level: event.target.value })}
            >
              <option value="">{t('profile.noLevel')}</option>
              {CERTIFICATION_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {levelLabel(t, level)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormField
          id="interpreter-profile-years_of_practice"
          data-field="years_of_practice"
          label={t('profile.fields.years_of_practice')}
          name="years_of_practice"
          inputMode="numeric"
          value={values.years_of_practice}
          onChange={(event) => setValues({ ...values, years_of_practice: event.target.value })}
          error={errors.years_of_practice}
        />
        <Field id="interpreter-profile-bio" label={t('profile.fields.bio')} hint={t('profile.hints.bio', { max: BIO_MAX })} error={errors.bio}>
          {(control) => (
            <textarea
              {...control}
              data-field="bio"
              name="bio"
              rows={4}
              maxLength={BIO_MAX}
              value={values.bio ?? ''}
              onChange={(event) => setValues({ ...values, bio: event.target.value })}
            />
          )}
        </Field>
        <label className="interpreter-profile__check">
          <input type="checkbox" name="show_phone" checked={values.show_phone ?? false} onChange={(event) => setValues({ ...values, show_phone: event.target.checked })} />
          {t('profile.fields.show_phone')}
        </label>
        <label className="interpreter-profile__check">
          <input type="checkbox" name="show_email" checked={values.show_email ?? false} onChange={(event) => setValues({ ...values, show_email: event.target.checked })} />
          {t('profile.fields.show_email')}
        </label>
        <p className="form__field-hint">{t('profile.hints.contact')}</p>
        <div className="interpreter-profile__consent">
          <label className="interpreter-profile__check">
            <input
              type="checkbox"
              name="listed"
              checked={values.listed ?? false}
              onChange={(event) => setValues({ ...values, listed: event.target.checked, consent: event.target.checked })}
            />
            {t('profile.fields.listed')}
          </label>
          {values.listed && (
            <label className="interpreter-profile__check">
              <input
                type="checkbox"
                name="consent"
                data-field="consent"
                checked={values.consent ?? false}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? 'interpreter-profile-consent-error' : undefined}
                onChange={(event) => setValues({ ...values, consent: event.target.checked })}
              />
              <span>{wording}</span>
            </label>
          )}
          {errors.consent && (
            <p className="form__field-error" id="interpreter-profile-consent-error">
              {errors.consent}
            </p>
          )}
        </div>
        <FormMessage message={message} />
        <SubmitButton pending={isLoading} label={t('profile.submit')} pendingLabel={t('profile.submitting')} />
        {profile?.listed && (
          <button type="button" className="button button--secondary interpreter-profile__withdraw" onClick={() => void submit(false)} disabled={isLoading}>
            {t('profile.withdraw')}
          </button>
        )}
      </form>
      {profile && <PhotoForm access={access} profile={profile} />}
    </>
  );
}

function PhotoForm({ access, profile }: { access: string; profile: MyInterpreterProfile }) {
  const { t } = useTranslation('interpreting');
  const [setPhoto, { isLoading }] = useSetMyInterpreterPhotoMutation();
  const [message, setMessage] = useState<FormOutcome>(null);
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  async function send(photo: File | null) {
    setMessage(null);
    setError(undefined);
    try {
      await setPhoto({ access, photo }).unwrap();
      setMessage({ kind: 'success', text: photo ? t('profile.photo.saved') : t('profile.photo.removed') });
      if (input.current) input.current.value = '';
    } catch (failure) {
      const text = apiFieldErrors(failure).photo ?? t('profile.photo.failure');
      setError(text);
      setMessage({ kind: 'error', text });
      input.current?.focus();
    }
  }

  return (
    <div className="interpreter-profile__photo">
      <h3>{t('profile.photo.heading')}</h3>
      <div className="interpreter-profile__photo-row">
        {profile.photo_url && <img className="interpreter-card__photo" src={profile.photo_url} alt={t('profile.photo.current')} width={72} height={72} />}
        <Field id="interpreter-profile-photo" label={t('profile.photo.choose')} hint={t('profile.photo.hint')} error={error}>
          {(control) => (
            <input
              {...control}
              ref={input}
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp"
              disabled={isLoading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void send(file);
              }}
            />
          )}
        </Field>
        {profile.photo_url && (
          <button type="button" className="button button--secondary" onClick={() => void send(null)} disabled={isLoading}>
            {t('profile.photo.remove')}
          </button>
        )}
      </div>
      <FormMessage message={message} />
    </div>
  );
}
