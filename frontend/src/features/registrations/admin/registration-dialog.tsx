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
  useGetRegistrationQuery,
  useUpdateRegistrationStatusMutation,
  type AdminRegistration,
  type PaymentMethod,
  type RegistrationDecision,
} from '../admin-api';
import { useMoment } from './date-time';
import { ReasonField } from './reason-field';
import { StatusBadge } from '../../../components/status-badge';
import { useStatusNote } from './status-note';
import { HistorySection } from '../../../components/history-section';

type FormFieldName = 'transaction_id' | 'payment_method' | 'payment_notes' | 'reason';
type FieldErrors = Partial<Record<FormFieldName, string>>;
/** The fields of each decision, in the order the focus looks for the first one at fault. */
const FIELDS: Record<RegistrationDecision, readonly FormFieldName[]> = {
  Approved: ['transaction_id', 'payment_method', 'payment_notes'],
  Rejected: ['reason', 'payment_notes'],
  Cancelled: ['reason', 'payment_notes'],
};
const FREE_APPROVAL_FIELDS: readonly FormFieldName[] = ['payment_notes'];
const TOASTS: Record<RegistrationDecision, string> = {
  Approved: 'dialog.approvedToast',
  Rejected: 'dialog.rejectedToast',
  Cancelled: 'dialog.cancelledToast',
};
/** The server's limit on the notes (services/registrations/cleaning.py). */
const NOTES_MAX = 1000;

function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

interface Props {
  registration: AdminRegistration;
  decision: RegistrationDecision;
  onClose: () => void;
  /** After a saved decision, just before the dialog closes. */
  onDecided: (registration: AdminRegistration) => void;
  /** When the registration was read (ms), for the note under its status. */
  now: number;
}

/**
 * One decision (SPEC §2, §5): who registered and what they declared, then the form. An approval
 * records the payment (transaction id and method required, pre-filled from the registration); a
 * rejection or a cancellation records no payment and may give a reason, which the person is told
 * by e-mail when their address is confirmed. Notes are for staff, optional.
 */
export function RegistrationDialog({ registration, decision, onClose, onDecided, now }: Props) {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const formId = useId();
  const introId = useId();
  const ids: Record<FormFieldName, string> = {
    transaction_id: `${formId}-transaction`,
    payment_method: `${formId}-method`,
    payment_notes: `${formId}-notes`,
    reason: `${formId}-reason`,
  };
  // Opening the details is a read of a person's data: the server records it (and answers the
  // registration as it is now, shown below once it arrives).
  const opened = useGetRegistrationQuery(registration.id, { refetchOnMountOrArgChange: true });
  const current = opened.data ?? registration;
  const approving = decision === 'Approved';
  // A free seat has no payment to record: only the notes.
  const approvingFree = approving && registration.free;
  const fields = approvingFree ? FREE_APPROVAL_FIELDS : FIELDS[decision];

  // Pre-filled with what the registration has (SPEC §5); Mobile Money unless it says otherwise.
  const [transactionId, setTransactionId] = useState(registration.transaction_id);
  const [method, setMethod] = useState<PaymentMethod | ''>(
    isPaymentMethod(registration.payment_method) ? registration.payment_method : DEFAULT_PAYMENT_METHOD,
  );
  const [notes, setNotes] = useState(registration.payment_notes);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [updateStatus, { isLoading: saving }] = useUpdateRegistrationStatusMutation();

  // After a refused submit, the first field at fault gets the focus once its message shows (the
  // first field when none is at fault: the focus stays in the dialog, whose alert says why).
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = fields.find((name) => errors[name]) ?? fields[0];
    if (first) document.getElementById(ids[first])?.focus();
  });

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstError.current = true;
  }

  function clearError(name: FormFieldName) {
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    if (approving && !approvingFree) {
      const problems: FieldErrors = {};
      if (!transactionId.trim()) problems.transaction_id = t('dialog.errors.transactionId');
      if (!method) problems.payment_method = t('dialog.errors.paymentMethod');
      if (Object.keys(problems).length > 0) {
        showErrors(problems);
        toast.error(t('dialog.errors.required'));
        return;
      }
    }

    setErrors({});
    try {
      const { registration: updated } = await updateStatus(
        approving && (method || approvingFree)
          ? {
              registration,
              status: 'Approved',
              transaction_id: approvingFree ? '' : transactionId.trim(),
              payment_method: approvingFree ? '' : method,
              payment_notes: notes.trim(),
            }
          : { registration, status: decision === 'Cancelled' ? 'Cancelled' : 'Rejected', reason: reason.trim(), payment_notes: notes.trim() },
      ).unwrap();
      toast.success(t(TOASTS[decision]));
      onDecided(updated);
      onClose();
    } catch (failure) {
      console.error('Updating the registration status failed', failure);
      const found = apiFieldErrors(failure);
      showErrors(Object.fromEntries(fields.flatMap((name) => (found[name] ? [[name, found[name]]] : []))));
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('dialog.failedToast') });
      toast.error(t('dialog.failedToast'));
    }
  }

  const moment = useMoment();
  const statusNote = useStatusNote();
  const decidedOn = moment(current.decided_at);
  const note = statusNote(current, now);
  const disability =
    current.disability && current.disability !== 'None'
      ? [t(`disability.${current.disability}`, { defaultValue: current.disability }), current.disability_details]
          .filter(Boolean)
          .join(': ')
      : t('disability.None');
  const details: [string, string][] = [
    [t('dialog.details.name'), current.full_name],
    [t('dialog.details.email'), current.email],
    [
      t('dialog.details.emailConfirmed'),
      current.email_confirmed
        ? current.email_confirmed_at
          ? t('dialog.details.confirmedOn', { when: moment(current.email_confirmed_at) })
          : t('dialog.details.yes')
        : t('dialog.details.no'),
    ],
    [t('dialog.details.phone'), current.phone],
    [
      t('dialog.details.language'),
      current.preferred_language
        ? t(`language.${current.preferred_language}`, { defaultValue: current.preferred_language })
        : t('dialog.details.notGiven'),
    ],
    [t('dialog.details.reference'), current.payment_reference ?? t('dialog.details.notGiven')],
    [t('dialog.details.registered'), moment(current.registration_date)],
    [t('dialog.details.interpreter'), t(current.needs_interpreter ? 'dialog.details.yes' : 'dialog.details.no')],
    [t('dialog.details.disability'), disability],
  ];
  const submitLabel = t(`dialog.submit.${decision}`);

  return (
    <Modal
      title={t(`dialog.title.${decision}`)}
      onClose={onClose}
      busy={saving}
      describedBy={introId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('dialog.back')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`button ${approving ? 'button--primary' : 'button--danger'}`}
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? t('dialog.saving') : submitLabel}
          </button>
        </>
      }
    >
      <p id={introId}>{t(`dialog.intro.${decision}`, { name: current.full_name })}</p>
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
            <StatusBadge kind="registration" status={current.registration_status} free={current.free} />
            {note && <span className="registration-details__note">{note}</span>}
          </dd>
        </div>
      </dl>
      {decidedOn && (
        <p className="registration-details__decided">
          {current.decided_by
            ? t('dialog.decidedBy', { who: current.decided_by, when: decidedOn })
            : t('dialog.decidedOn', { when: decidedOn })}
        </p>
      )}

      <form id={formId} className="form registration-payment" onSubmit={handleSubmit} noValidate>
        <fieldset className="registration-payment__fields" disabled={saving}>
          <legend className="registration-payment__legend">
            {t(approving ? 'dialog.paymentLegend' : 'dialog.decisionLegend')}
          </legend>
          {approvingFree ? (
            <p className="registration-payment__free">{t('dialog.freeApproval')}</p>
          ) : approving ? (
            <>
              <FormField
                id={ids.transaction_id}
                label={t('dialog.fields.transactionId')}
                name="transaction_id"
                value={transactionId}
                onChange={(event) => {
                  setTransactionId(event.target.value);
                  clearError('transaction_id');
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
                      clearError('payment_method');
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
            </>
          ) : (
            <ReasonField
              id={ids.reason}
              hint={t(registration.email_confirmed ? 'dialog.fields.reasonHintSent' : 'dialog.fields.reasonHintNotSent', {
                name: registration.full_name,
              })}
              error={errors.reason}
              value={reason}
              onChange={(value) => {
                setReason(value);
                clearError('reason');
              }}
            />
          )}
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
                maxLength={NOTES_MAX}
                value={notes}
                onChange={(event) => {
                  setNotes(event.target.value);
                  clearError('payment_notes');
                }}
              />
            )}
          </Field>
        </fieldset>
        <FormMessage message={outcome} />
      </form>
      <HistorySection objectType="registration" objectId={registration.id} headingLevel={3} />
    </Modal>
  );
}
