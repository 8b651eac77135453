import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import {
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_METHODS,
  useUpdateRegistrationStatusMutation,
  type AdminRegistration,
  type PaymentMethod,
  type RegistrationDecision,
} from '../admin-api';
import { useMoment } from './date-time';
import { StatusBadge } from './status-badge';

type PaymentField = 'transaction_id' | 'payment_method' | 'payment_notes';
const PAYMENT_FIELDS: readonly PaymentField[] = ['transaction_id', 'payment_method', 'payment_notes'];
type FieldErrors = Partial<Record<PaymentField, string>>;

function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

interface Props {
  registration: AdminRegistration;
  decision: RegistrationDecision;
  onClose: () => void;
  /** After a saved decision, just before the dialog closes. */
  onDecided: (registration: AdminRegistration) => void;
}

/**
 * The approve/reject dialog (SPEC §2, §5): who registered and what they declared, then the
 * payment form, pre-filled from the registration. Both decisions need the transaction and the
 * method; the notes are optional.
 */
export function RegistrationDialog({ registration, decision, onClose, onDecided }: Props) {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const formId = useId();
  const introId = useId();
  const ids: Record<PaymentField, string> = {
    transaction_id: `${formId}-transaction`,
    payment_method: `${formId}-method`,
    payment_notes: `${formId}-notes`,
  };

  // Pre-filled with what the registration has (SPEC §5); Mobile Money unless it says otherwise.
  const [transactionId, setTransactionId] = useState(registration.transaction_id);
  const [method, setMethod] = useState<PaymentMethod | ''>(
    isPaymentMethod(registration.payment_method) ? registration.payment_method : DEFAULT_PAYMENT_METHOD,
  );
  const [notes, setNotes] = useState(registration.payment_notes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [updateStatus, { isLoading: saving }] = useUpdateRegistrationStatusMutation();

  // After a refused submit, the first field at fault gets the focus once its message shows (the
  // first field when none is at fault: the focus stays in the dialog, whose alert says why).
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = PAYMENT_FIELDS.find((name) => errors[name]) ?? PAYMENT_FIELDS[0];
    if (first) document.getElementById(ids[first])?.focus();
  });

  function showErrors(fields: FieldErrors) {
    setErrors(fields);
    focusFirstError.current = true;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const problems: FieldErrors = {};
    if (!transactionId.trim()) problems.transaction_id = t('dialog.errors.transactionId');
    if (!method) problems.payment_method = t('dialog.errors.paymentMethod');
    if (!method || Object.keys(problems).length > 0) {
      showErrors(problems);
      toast.error(t('dialog.errors.required'));
      return;
    }

    setErrors({});
    try {
      const { registration: updated } = await updateStatus({
        registration,
        status: decision,
        transaction_id: transactionId.trim(),
        payment_method: method,
        payment_notes: notes.trim(),
      }).unwrap();
      toast.success(t(decision === 'Approved' ? 'dialog.approvedToast' : 'dialog.rejectedToast'));
      onDecided(updated);
      onClose();
    } catch (failure) {
      console.error('Updating the registration status failed', failure);
      const fields = apiFieldErrors(failure);
      showErrors(Object.fromEntries(PAYMENT_FIELDS.flatMap((name) => (fields[name] ? [[name, fields[name]]] : []))));
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('dialog.failedToast') });
      toast.error(t('dialog.failedToast'));
    }
  }

  const moment = useMoment();
  const decidedOn = moment(registration.decided_at);
  const disability =
    registration.disability && registration.disability !== 'None'
      ? [t(`disability.${registration.disability}`, { defaultValue: registration.disability }), registration.disability_details]
          .filter(Boolean)
          .join(': ')
      : t('disability.None');
  const details: [string, string][] = [
    [t('dialog.details.name'), registration.full_name],
    [t('dialog.details.email'), registration.email],
    [t('dialog.details.phone'), registration.phone],
    [
      t('dialog.details.language'),
      registration.preferred_language
        ? t(`language.${registration.preferred_language}`, { defaultValue: registration.preferred_language })
        : t('dialog.details.notGiven'),
    ],
    [t('dialog.details.reference'), registration.payment_reference ?? t('dialog.details.notGiven')],
    [t('dialog.details.registered'), moment(registration.registration_date)],
    [t('dialog.details.interpreter'), t(registration.needs_interpreter ? 'dialog.details.yes' : 'dialog.details.no')],
    [t('dialog.details.disability'), disability],
  ];

  return (
    <Modal
      title={t(`dialog.title.${decision}`)}
      onClose={onClose}
      busy={saving}
      describedBy={introId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('dialog.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${decision === 'Approved' ? 'button--primary' : 'button--danger'}`}
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? t('dialog.saving') : t(`dialog.submit.${decision}`)}
          </button>
        </>
      }
    >
      <p id={introId}>{t(`dialog.intro.${decision}`, { name: registration.full_name })}</p>
      <dl className="registration-details">
        {details.map(([term, value]) => (
          <div key={term} className="registration-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="registration-details__row">
          <dt>{t('dialog.details.status')}</dt>
          <dd>
            <StatusBadge kind="registration" status={registration.registration_status} />
          </dd>
        </div>
      </dl>
      {decidedOn && (
        <p className="registration-details__decided">
          {registration.decided_by
            ? t('dialog.decidedBy', { who: registration.decided_by, when: decidedOn })
            : t('dialog.decidedOn', { when: decidedOn })}
        </p>
      )}

      <form id={formId} className="form registration-payment" onSubmit={handleSubmit} noValidate>
        <fieldset className="registration-payment__fields" disabled={saving}>
          <legend className="registration-payment__legend">{t('dialog.paymentLegend')}</legend>
          <FormField
            id={ids.transaction_id}
            label={t('dialog.fields.transactionId')}
            name="transaction_id"
            value={transactionId}
            onChange={(event) => {
              setTransactionId(event.target.value);
              setErrors(({ transaction_id: _fixed, ...rest }) => rest);
            }}
            error={errors.transaction_id}
            hint={
              registration.payment_reference
                ? t('dialog.fields.transactionHintReference', { reference: registration.payment_reference })
                : t('dialog.fields.transactionHint')
            }
            required
            autoComplete="off"
            maxLength={100}
          />
          <Field id={ids.payment_method} label={t('dialog.fields.paymentMethod')} error={errors.payment_method}>
            {(control) => (
              <select
                {...control}
                name="payment_method"
                value={method}
                required
                onChange={(event) => {
                  setMethod(isPaymentMethod(event.target.value) ? event.target.value : '');
                  setErrors(({ payment_method: _fixed, ...rest }) => rest);
                }}
              >
                <option value="">{t('dialog.fields.chooseMethod')}</option>
                {PAYMENT_METHODS.map((option) => (
                  <option key={option} value={option}>
                    {t(`paymentMethod.${option}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={ids.payment_notes}
            label={t('dialog.fields.notes')}
            hint={t('dialog.fields.notesHint')}
            error={errors.payment_notes}
          >
            {(control) => (
              <textarea
                {...control}
                name="payment_notes"
                rows={3}
                maxLength={1000}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
              />
            )}
          </Field>
        </fieldset>
        <FormMessage message={outcome} />
      </form>
    </Modal>
  );
}
