import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { Field } from '../../../components/field';
import { SubmitButton } from '../../../components/submit-button';
import { useToast } from '../../../components/use-toast';
import { apiErrorMessage, apiFieldErrors, errorStatus } from '../../../lib/api-error';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { useTranslation } from '../../../lib/use-translation';
import {
  DISABILITIES,
  PREFERRED_LANGUAGES,
  useJoinWaitlistMutation,
  useRegisterForEventMutation,
  type RegistrationAnswer,
  type WaitlistAnswer,
} from '../public-api';
import {
  checkValues,
  EMPTY_VALUES,
  FIELD_ORDER,
  fieldId,
  firstFieldInError,
  isRegistrationField,
  type FieldErrors,
  type RegistrationField,
  type RegistrationValues,
} from './registration-values';

/** What the page has to do after a send; field and general errors the form shows itself. */
export type RegistrationOutcome =
  | { kind: 'registered'; answer: RegistrationAnswer }
  | { kind: 'joined'; answer: WaitlistAnswer }
  /** 409 event_full: the seats went while the visitor was typing. */
  | { kind: 'full'; message: string | undefined }
  /** 409 seats_available: a seat freed up while the visitor was joining the waiting list. */
  | { kind: 'seatsAvailable'; message: string | undefined }
  /** 400 invalid_offer: the offer expired, was used, or is for another event. */
  | { kind: 'offerRefused'; message: string | undefined };

/** The error envelope's code and the names in its `fields`, messages or not (docs/api.md). */
function envelopeOf(error: unknown): { code?: string; fieldNames: string[] } {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  if (typeof data !== 'object' || data === null) return { fieldNames: [] };
  const { code, fields } = data as { code?: unknown; fields?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    fieldNames: typeof fields === 'object' && fields !== null ? Object.keys(fields) : [],
  };
}

type FocusTarget = RegistrationField | 'banner';

interface Props {
  eventId: number;
  /** Register for a seat, or (the event being full) join the waiting list with the same details. */
  mode: 'register' | 'waitlist';
  initialValues?: RegistrationValues;
  /** A valid waiting-list offer's token, sent with the registration. */
  offerToken?: string | undefined;
  onOutcome: (outcome: RegistrationOutcome) => void;
}

/** The visitor's details (SPEC §3, §5): checked here first, then sent; the server's refusals shown on the fields. */
export function RegistrationForm({ eventId, mode, initialValues = EMPTY_VALUES, offerToken, onOutcome }: Props) {
  const { t } = useTranslation('registration');
  const toast = useToast();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  // A new object per request, so that the same field is focused again after a second failed try.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);
  const bannerRef = useRef<HTMLParagraphElement>(null);
  const [register, { isLoading: registering }] = useRegisterForEventMutation();
  const [joinWaitlist, { isLoading: joining }] = useJoinWaitlistMutation();
  const formChallenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const sending = registering || joining || formChallenge.waiting;

  // After the render that shows the messages, so that the focused control reads out its error.
  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === 'banner') bannerRef.current?.focus();
    else document.getElementById(fieldId(target))?.focus();
  }, [focusRequest]);

  function setValue<K extends RegistrationField>(name: K, value: RegistrationValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    // Details are asked for only with 'Other': another choice settles their message too.
    const settled: RegistrationField[] = name === 'disability' ? [name, 'disability_details'] : [name];
    setErrors((current) => {
      const rest: FieldErrors = {};
      for (const field of FIELD_ORDER) if (current[field] && !settled.includes(field)) rest[field] = current[field];
      return rest;
    });
  }

  function showFieldErrors(fields: FieldErrors) {
    setErrors(fields);
    setBanner(t('errors.fixFields'));
    setFocusRequest({ target: firstFieldInError(fields) ?? 'banner' });
  }

  function showProblem(text: string) {
    setErrors({});
    setBanner(text);
    setFocusRequest({ target: 'banner' });
    toast.error(text);
  }

  function handleFailure(failure: unknown) {
    const { code, fieldNames } = envelopeOf(failure);
    const detail = apiErrorMessage(failure);
    if (code === 'event_full') return onOutcome({ kind: 'full', message: detail });
    if (code === 'seats_available') return onOutcome({ kind: 'seatsAvailable', message: detail });
    if (code === 'invalid_offer') {
      toast.error(detail ?? t('offer.invalid'));
      return onOutcome({ kind: 'offerRefused', message: detail });
    }

    const messages = apiFieldErrors(failure);
    const defaults: FieldErrors = { email: t('errors.emailTaken'), phone: t('errors.phoneTaken') };
    const fields: FieldErrors = {};
    for (const name of fieldNames) {
      if (isRegistrationField(name)) fields[name] = messages[name] ?? defaults[name] ?? detail ?? t('errors.generic');
    }
    if (Object.keys(fields).length > 0) {
      showFieldErrors(fields);
      toast.error(fields.email ?? fields.phone ?? detail ?? t('errors.fixFields'));
      return;
    }

    // The server's sentence for a refusal (closed, throttled...); our own for a failure or no answer.
    const status = errorStatus(failure);
    showProblem(typeof status === 'number' && status < 500 && detail ? detail : t('errors.generic'));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const checked = checkValues(values, mode === 'register' ? offerToken : undefined);
    if (checked.errors) {
      const translated: FieldErrors = {};
      for (const [name, key] of Object.entries(checked.errors)) translated[name as RegistrationField] = t(key);
      showFieldErrors(translated);
      return;
    }

    setErrors({});
    setBanner(null);
    try {
      const call = { eventId, registration: checked.payload, challenge: await formChallenge.challengeHeaders() };
      if (mode === 'register') onOutcome({ kind: 'registered', answer: await register(call).unwrap() });
      else onOutcome({ kind: 'joined', answer: await joinWaitlist(call).unwrap() });
    } catch (failure) {
      // SPEC §8: a failed registration is logged as well as shown.
      console.error(mode === 'register' ? 'Registering for the event failed' : 'Joining the waiting list failed', failure);
      handleFailure(failure);
    }
  }

  function textField(
    name: 'full_name' | 'phone' | 'email' | 'membership_number',
    type: string,
    autoComplete: string,
    hint?: string,
    required = true,
  ) {
    return (
      <Field id={fieldId(name)} label={t(`form.${name}`)} marked={required} hint={hint} error={errors[name]}>
        {(control) => (
          <input
            {...control}
            name={name}
            type={type}
            autoComplete={autoComplete}
            required={required}
            value={values[name]}
            onChange={(event) => setValue(name, event.target.value)}
          />
        )}
      </Field>
    );
  }

  function selectField<T extends string>(
    name: 'preferred_language' | 'disability',
    choices: readonly T[],
    placeholder: string,
    optionKey: string,
  ) {
    return (
      <Field id={fieldId(name)} label={t(`form.${name}`)} marked error={errors[name]}>
        {(control) => (
          <select
            {...control}
            name={name}
            required
            value={values[name]}
            onChange={(event) => setValue(name, event.target.value as RegistrationValues[typeof name])}
          >
            <option value="">{placeholder}</option>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {t(`${optionKey}.${choice}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }

  function checkbox(name: 'needs_interpreter' | 'agree_to_terms', label: ReactNode, required: boolean) {
    const id = fieldId(name);
    const error = errors[name];
    return (
      <div className="form__field registration-form__check">
        <div className="registration-form__check-row">
          <input
            id={id}
            name={name}
            type="checkbox"
            required={required}
            checked={values[name]}
            onChange={(event) => setValue(name, event.target.checked)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <label htmlFor={id}>
            {label}
            {required && (
              <span className="form__marker" aria-hidden="true">
                {' *'}
              </span>
            )}
          </label>
        </div>
        {error && (
          <p className="form__field-error" id={`${id}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <form className="form registration-form" onSubmit={handleSubmit} noValidate aria-busy={sending}>
      <p className="registration-form__note">{t('form.requiredNote')}</p>
      <div role="alert" className="form__status">
        {banner && (
          <p className="notice notice--error" ref={bannerRef} tabIndex={-1}>
            {banner}
          </p>
        )}
      </div>

      {textField('full_name', 'text', 'name')}
      {textField('phone', 'tel', 'tel', t('form.phoneHint'))}
      {textField('email', 'email', 'email')}
      {textField('membership_number', 'text', 'off', t('form.membershipNumberHint'), false)}
      {selectField('preferred_language', PREFERRED_LANGUAGES, t('form.chooseLanguage'), 'languages')}
      {selectField('disability', DISABILITIES, t('form.chooseDisability'), 'disabilities')}
      {values.disability === 'Other' && (
        <Field
          id={fieldId('disability_details')}
          label={t('form.disability_details')}
          marked
          hint={t('form.disabilityDetailsHint')}
          error={errors.disability_details}
        >
          {(control) => (
            <textarea
              {...control}
              name="disability_details"
              rows={3}
              maxLength={500}
              required
              value={values.disability_details}
              onChange={(event) => setValue('disability_details', event.target.value)}
            />
          )}
        </Field>
      )}
      {checkbox('needs_interpreter', t('form.needs_interpreter'), false)}
      <p className="form__field-hint"><a href="/privacy" target="_blank" rel="noopener noreferrer">{t('common:privacy.formLink')}<span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span></a></p>
      {checkbox('agree_to_terms', t('form.agree_to_terms'), true)}
      <p className="form__field-hint"><a href="/privacy#terms" target="_blank" rel="noopener noreferrer">{t('common:terms.link')}<span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span></a></p>

      <SubmitButton
        pending={sending}
        label={mode === 'register' ? t('form.submit') : t('waitlist.submit')}
        pendingLabel={mode === 'register' ? t('form.submitting') : t('waitlist.submitting')}
      />
    </form>
  );
}
