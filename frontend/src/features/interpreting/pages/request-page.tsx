import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { SubmitButton } from '../../../components/submit-button';
import { useGetSiteConfigQuery } from '../../../lib/api';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { DISTRICTS_BY_PROVINCE, LANGUAGES, SETTINGS, languageLabel, settingLabel } from '../../../lib/interpreting';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { useTranslation } from '../../../lib/use-translation';
import {
  CONTACT_PREFERENCES,
  MAX_MINUTES,
  MIN_MINUTES,
  REQUESTER_TYPES,
  TEAM_AFTER_MINUTES,
  useGetPublicInterpreterQuery,
  durationText,
  useSendInterpreterRequestMutation,
  type InterpreterRequestBody,
  type RequestReceived,
} from '../requests-api';
import './interpreting.css';

const DURATIONS = [15, 30, 45, 60, 90, 120, 150, 180, 240, 300, 360, 420, 480];
// The order of the fields on the page: the focus goes to the first one with an error.
const ORDER = [
  'requester_type', 'full_name', 'email', 'phone', 'contact_preference', 'date', 'start_time', 'duration_minutes',
  'mode', 'district', 'address', 'video_link', 'setting', 'languages', 'deaf_count', 'deafblind_needs',
  'preferred_interpreter_id', 'notes',
] as const;

type Values = Omit<InterpreterRequestBody, 'duration_minutes' | 'deaf_count' | 'preferred_interpreter_id'> & {
  duration_minutes: string;
  deaf_count: string;
};

const EMPTY: Values = {
  requester_type: '',
  full_name: '',
  email: '',
  phone: '',
  contact_preference: 'email',
  date: '',
  start_time: '',
  duration_minutes: '60',
  mode: 'in_person',
  district: '',
  address: '',
  video_link: '',
  setting: '',
  languages: ['Rwandan Sign Language'],
  deaf_count: '1',
  deafblind_needs: '',
  notes: '',
};

const fieldId = (name: string) => `request-${name}`;


/** Hours until the start, or null while the date or time is missing. */
function hoursAhead(date: string, time: string): number | null {
  if (!date || !time) return null;
  const start = new Date(`${date}T${time}`);
  return Number.isNaN(start.getTime()) ? null : (start.getTime() - Date.now()) / 3_600_000;
}

function focusField(name: string) {
  const element = document.getElementById(fieldId(name));
  if (element instanceof HTMLFieldSetElement) {
    (element.querySelector<HTMLInputElement>('input:checked') ?? element.querySelector<HTMLInputElement>('input'))?.focus();
  } else element?.focus();
}

/** A group of radio buttons or checkboxes, with its legend and its error. */
function Choices({ name, legend, error, children }: { name: string; legend: string; error?: string | undefined; children: ReactNode }) {
  const errorId = `${fieldId(name)}-error`;
  return (
    <fieldset
      id={fieldId(name)}
      tabIndex={-1}
      className="form__field interpreting-choices"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="interpreting-choices__options">{children}</div>
      {error && (
        <p className="form__field-error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** /request-interpreter: anyone asks for an interpreter; the answer is a reference and what happens next. */
export function RequestPage() {
  const { t } = useTranslation('interpreting');
  const [params] = useSearchParams();
  const preferredId = Number(params.get('interpreter')) || null;
  const preferred = useGetPublicInterpreterQuery(preferredId ?? 0, { skip: preferredId === null });
  const [keepPreferred, setKeepPreferred] = useState(true);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [received, setReceived] = useState<RequestReceived | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const [send, { isLoading }] = useSendInterpreterRequestMutation();
  const challenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const sending = isLoading || challenge.waiting;

  useEffect(() => {
    if (received) doneRef.current?.focus();
  }, [received]);

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };
  const minutes = Number(values.duration_minutes);
  const ahead = hoursAhead(values.date, values.start_time);
  const preferredName = preferred.data?.display_name;
  const withPreferred = preferredId !== null && keepPreferred && preferred.isSuccess;

  function showErrors(found: Record<string, string>, text: string) {
    setErrors(found);
    setOutcome({ kind: 'error', text });
    const first = ORDER.find((name) => found[name]);
    if (first) window.setTimeout(() => focusField(first), 0);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const required: Record<string, string> = {};
    for (const name of ['requester_type', 'full_name', 'date', 'start_time', 'setting'] as const) {
      if (!values[name].trim()) required[name] = t('request.required');
    }
    if (values.mode === 'in_person' && !values.district) required.district = t('request.required');
    if (values.mode === 'in_person' && !values.address.trim()) required.address = t('request.required');
    if (!values.email.trim() && !values.phone.trim()) required.email = t('request.contactNeeded');
    if (values.languages.length === 0) required.languages = t('request.required');
    if (Object.keys(required).length > 0) {
      showErrors(required, t('request.fixErrors'));
      return;
    }
    setOutcome(null);
    try {
      const body: InterpreterRequestBody = {
        ...values,
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        duration_minutes: minutes,
        deaf_count: Number(values.deaf_count) || 0,
        preferred_interpreter_id: withPreferred ? preferredId : null,
      };
      const answer = await send({ ...body, challenge: await challenge.challengeHeaders() }).unwrap();
      setReceived(answer);
    } catch (failure) {
      showErrors(apiFieldErrors(failure), apiErrorMessage(failure) ?? t('request.failure'));
    }
  }

  if (received) {
    return (
      <section className="page interpreting-page">
        <div className="card interpreting-done">
          <h1 ref={doneRef} tabIndex={-1}>
            {t('request.doneHeading')}
          </h1>
          <p className="interpreting-done__reference">
            {t('request.reference')}: <strong>{received.reference}</strong>
          </p>
          <p>{received.message}</p>
          <h2>{t('request.nextHeading')}</h2>
          <ol>
            <li>{t('request.next1')}</li>
            <li>{t('request.next2')}</li>
            <li>{t('request.next3')}</li>
          </ol>
          {received.urgent && <p className="notice notice--warn">{t('request.urgentDone')}</p>}
          {received.interpreters_needed > 1 && <p>{t('request.teamDone')}</p>}
        </div>
      </section>
    );
  }

  const text = (name: keyof Values, props: { type?: string; autoComplete?: string; hint?: string; marked?: boolean } = {}) => (
    <Field id={fieldId(name)} label={t(`request.fields.${name}`)} marked={props.marked} hint={props.hint} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          name={name}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          value={values[name] as string}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <section className="page interpreting-page">
      <PageHeading title={t('request.title')}>
        <p>{t('request.intro')}</p>
      </PageHeading>
      <div className="interpreting-page__grid">
        <form className="form card" onSubmit={handleSubmit} noValidate aria-busy={sending}>
          {preferredId !== null && preferred.isSuccess && preferredName && (
            <div className="interpreting-preferred" id={fieldId('preferred_interpreter_id')} tabIndex={-1}>
              <label>
                <input type="checkbox" checked={keepPreferred} onChange={(event) => setKeepPreferred(event.target.checked)} />{' '}
                {t('request.preferred', { name: preferredName })}
              </label>
              <p className="form__field-hint">{t('request.preferredHint')}</p>
              {errors.preferred_interpreter_id && <p className="form__field-error">{errors.preferred_interpreter_id}</p>}
            </div>
          )}
          {preferredId !== null && preferred.isError && <p className="notice">{t('request.preferredGone')}</p>}

          <h2>{t('request.whoHeading')}</h2>
          <Field id={fieldId('requester_type')} label={t('request.fields.requester_type')} marked error={errors.requester_type}>
            {(control) => (
              <select {...control} name="requester_type" required value={values.requester_type} onChange={(event) => set('requester_type', event.target.value)}>
                <option value="">{t('request.choose')}</option>
                {REQUESTER_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`request.requesterTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('full_name', { autoComplete: 'name', marked: true, hint: t('request.nameHint') })}
          {text('email', { type: 'email', autoComplete: 'email', hint: t('request.contactHint') })}
          {text('phone', { type: 'tel', autoComplete: 'tel' })}
          <Choices name="contact_preference" legend={t('request.fields.contact_preference')} error={errors.contact_preference}>
            {CONTACT_PREFERENCES.map((way) => (
              <label key={way} className="interpreting-choice">
                <input type="radio" name="contact_preference" value={way} checked={values.contact_preference === way} onChange={() => set('contact_preference', way)} />
                {t(`request.contact.${way}`)}
              </label>
            ))}
          </Choices>

          <h2>{t('request.whenHeading')}</h2>
          <div className="interpreting-row">
            {text('date', { type: 'date', marked: true })}
            {text('start_time', { type: 'time', marked: true })}
            <Field id={fieldId('duration_minutes')} label={t('request.fields.duration_minutes')} error={errors.duration_minutes}>
              {(control) => (
                <select {...control} name="duration_minutes" value={values.duration_minutes} onChange={(event) => set('duration_minutes', event.target.value)}>
                  {DURATIONS.filter((value) => value >= MIN_MINUTES && value <= MAX_MINUTES).map((value) => (
                    <option key={value} value={value}>
                      {durationText(t, value)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div aria-live="polite">
            {minutes > TEAM_AFTER_MINUTES && <p className="notice">{t('request.teamNotice')}</p>}
            {ahead !== null && ahead > 0 && ahead < 24 && <p className="notice notice--warn">{t('request.urgentNotice')}</p>}
          </div>

          <h2>{t('request.whereHeading')}</h2>
          <Choices name="mode" legend={t('request.fields.mode')} error={errors.mode}>
            {(['in_person', 'remote'] as const).map((mode) => (
              <label key={mode} className="interpreting-choice">
                <input type="radio" name="mode" value={mode} checked={values.mode === mode} onChange={() => set('mode', mode)} />
                {t(`request.modes.${mode}`)}
              </label>
            ))}
          </Choices>
          <Field id={fieldId('district')} label={t('request.fields.district')} marked={values.mode === 'in_person'} error={errors.district}>
            {(control) => (
              <select {...control} name="district" value={values.district} onChange={(event) => set('district', event.target.value)}>
                <option value="">{t('request.choose')}</option>
                {Object.entries(DISTRICTS_BY_PROVINCE).map(([province, districts]) => (
                  <optgroup key={province} label={t(`request.provinces.${province}`)}>
                    {districts.map((district) => (
                      <option key={district} value={district}>
                        {district}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          {values.mode === 'in_person'
            ? text('address', { autoComplete: 'street-address', marked: true })
            : text('video_link', { type: 'url', hint: t('request.videoHint') })}

          <h2>{t('request.whatHeading')}</h2>
          <Field id={fieldId('setting')} label={t('request.fields.setting')} marked error={errors.setting}>
            {(control) => (
              <select {...control} name="setting" required value={values.setting} onChange={(event) => set('setting', event.target.value)}>
                <option value="">{t('request.choose')}</option>
                {SETTINGS.map((setting) => (
                  <option key={setting} value={setting}>
                    {settingLabel(t, setting)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Choices name="languages" legend={t('request.fields.languages')} error={errors.languages}>
            {LANGUAGES.map((language) => (
              <label key={language} className="interpreting-choice">
                <input
                  type="checkbox"
                  name="languages"
                  value={language}
                  checked={values.languages.includes(language)}
                  onChange={(event) =>
                    set(
                      'languages',
                      event.target.checked ? [...values.languages, language] : values.languages.filter((one) => one !== language),
                    )
                  }
                />
                {languageLabel(t, language)}
              </label>
            ))}
          </Choices>
          {text('deaf_count', { type: 'number' })}
          <Field id={fieldId('deafblind_needs')} label={t('request.fields.deafblind_needs')} hint={t('request.deafblindHint')} error={errors.deafblind_needs}>
            {(control) => (
              <textarea {...control} name="deafblind_needs" rows={2} value={values.deafblind_needs} onChange={(event) => set('deafblind_needs', event.target.value)} />
            )}
          </Field>
          <Field id={fieldId('notes')} label={t('request.fields.notes')} error={errors.notes}>
            {(control) => <textarea {...control} name="notes" rows={4} value={values.notes} onChange={(event) => set('notes', event.target.value)} />}
          </Field>

          <FormMessage message={outcome} />
          <SubmitButton pending={sending} label={t('request.send')} pendingLabel={t('request.sending')} />
        </form>
        <aside className="card interpreting-rules" aria-labelledby="request-rules">
          <h2 id="request-rules">{t('request.rulesHeading')}</h2>
          <ul>
            <li>{t('request.ruleTeam')}</li>
            <li>{t('request.ruleUrgent')}</li>
            <li>{t('request.ruleDuration')}</li>
            <li>{t('request.ruleCancel')}</li>
            <li>{t('request.rulePrivacy')}</li>
          </ul>
        </aside>
      </div>
    </section>
  );
}
