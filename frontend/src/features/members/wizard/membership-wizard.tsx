import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { useTranslation } from '../../../lib/use-translation';
import { useApplyForMembershipMutation, type MembershipAnswer } from '../public-api';
import {
  checkValues,
  EMPTY_VALUES,
  firstFieldInError,
  isMembershipField,
  stepOf,
  STEPS,
  stepsInError,
  type FieldErrors,
  type MembershipField,
  type MembershipValues,
} from './membership-values';
import { focusField, WizardFormContext, type WizardForm } from './wizard-fields';
import { WizardProgress } from './wizard-progress';
import { STEP_CONTENT } from './wizard-steps';

const LAST_STEP = STEPS.length - 1;

type FocusTarget = MembershipField | 'heading' | 'banner';

/**
 * The five-step application (SPEC §4): Next and Previous move freely and keep what was typed;
 * Submit, on the last step, checks everything, goes to the step of the first problem, and sends.
 */
export function MembershipWizard({ onSubmitted }: { onSubmitted: (answer: MembershipAnswer) => void }) {
  const { t } = useTranslation('membership');
  const [values, setValues] = useState(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  // A new object per request, so that the same target is focused again after a second try.
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bannerRef = useRef<HTMLParagraphElement>(null);
  const [apply, { isLoading: applying }] = useApplyForMembershipMutation();
  const formChallenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const sending = applying || formChallenge.waiting;

  // After the render that shows the step (and the messages), so that the focused control reads them out.
  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === 'heading') headingRef.current?.focus();
    else if (target === 'banner') bannerRef.current?.focus();
    else focusField(target);
  }, [focusRequest]);

  const setValue = useCallback(<K extends MembershipField>(name: K, value: MembershipValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A changed field has settled its message.
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _settled, ...rest } = current;
      return rest;
    });
  }, []);

  const form = useMemo<WizardForm>(() => ({ values, errors, setValue }), [values, errors, setValue]);

  function goTo(index: number) {
    setStep(index);
    setFocusRequest({ target: 'heading' });
  }

  /** Marks the fields, and shows the step of the first one with the focus on it. */
  function showFieldErrors(fields: FieldErrors, bannerText: string | null) {
    const first = firstFieldInError(fields);
    setErrors(fields);
    setBanner(bannerText);
    if (first) setStep(stepOf(first));
    setFocusRequest({ target: first ?? 'banner' });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || step !== LAST_STEP) return;
    const checked = checkValues(values);
    if (checked.errors) {
      const translated: FieldErrors = {};
      for (const [name, key] of Object.entries(checked.errors)) translated[name as MembershipField] = t(key);
      // The terms' refusal is its own alert, beside the checkbox.
      showFieldErrors(translated, checked.errors.agree_to_terms ? null : t('errors.fixFields'));
      return;
    }

    setErrors({});
    setBanner(null);
    try {
      onSubmitted(await apply({ ...checked.payload, challenge: await formChallenge.challengeHeaders() }).unwrap());
    } catch (failure) {
      // 400 validation_error, 409 duplicate_member: the server's messages on their fields.
      const fields: FieldErrors = {};
      for (const [name, message] of Object.entries(apiFieldErrors(failure))) {
        if (isMembershipField(name)) fields[name] = message;
      }
      if (firstFieldInError(fields)) showFieldErrors(fields, t('errors.fixFields'));
      // SPEC §8: the server's message or detail, else our own sentence.
      else showFieldErrors({}, apiErrorMessage(failure) ?? t('errors.generic'));
    }
  }

  const StepContent = STEP_CONTENT[step] ?? STEP_CONTENT[0];
  const stepName = t(`steps.${STEPS[step]}`);

  return (
    <>
      <WizardProgress current={step} attention={stepsInError(errors)} />
      <form className="form membership-wizard" onSubmit={handleSubmit} noValidate aria-busy={sending}>
        <h2 ref={headingRef} tabIndex={-1} className="membership-wizard__heading">
          {t('progress.heading', { number: step + 1, total: STEPS.length, name: stepName })}
        </h2>
        <p className="membership-wizard__note">{t('requiredNote')}</p>

        <WizardFormContext value={form}>{StepContent && <StepContent />}</WizardFormContext>

        <div role="alert" className="form__status">
          {banner && (
            <p className="notice notice--error" ref={bannerRef} tabIndex={-1}>
              {banner}
            </p>
          )}
        </div>

        <div className="membership-wizard__nav">
          {step > 0 && (
            <button
              key="previous"
              type="button"
              className="button button--secondary"
              disabled={sending}
              onClick={() => goTo(step - 1)}
            >
              {t('nav.previous')}
            </button>
          )}
          {step < LAST_STEP ? (
            <button key="next" type="button" className="button button--primary" onClick={() => goTo(step + 1)}>
              {t('nav.next')}
            </button>
          ) : (
            <SubmitButton key="submit" pending={sending} label={t('nav.submit')} pendingLabel={t('nav.submitting')} />
          )}
        </div>
      </form>
    </>
  );
}
