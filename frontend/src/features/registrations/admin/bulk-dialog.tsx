import { useId, useState, type FormEvent } from 'react';

import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useBulkDecideRegistrationsMutation, type AdminRegistration, type BulkAction, type BulkDecisionAnswer } from '../admin-api';
import { ReasonField } from './reason-field';
import { StatusBadge } from '../../../components/status-badge';

interface Props {
  eventId: number;
  action: BulkAction;
  /** The rows selected when the dialog opened. */
  registrations: AdminRegistration[];
  onClose: () => void;
  /** After the server answered, just before the dialog closes. */
  onDone: (answer: BulkDecisionAnswer) => void;
}

/**
 * "Reject 5 registrations?": who they are, an optional reason (each person whose address is
 * confirmed is told it by e-mail), then the server's answer as a toast, naming the ones it left
 * as they were (their status changed meanwhile).
 */
export function BulkDialog({ eventId, action, registrations, onClose, onDone }: Props) {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const formId = useId();
  const questionId = useId();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [decide, { isLoading: saving }] = useBulkDecideRegistrationsMutation();
  const count = registrations.length;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    setReasonError(undefined);
    try {
      const answer = await decide({
        eventId,
        action,
        ids: registrations.map((registration) => registration.id),
        reason: reason.trim(),
      }).unwrap();
      if (answer.updated.length > 0) toast.success(answer.message);
      else toast.warning(answer.message);
      if (answer.skipped.length > 0) {
        const names = new Map(registrations.map((registration) => [registration.id, registration.full_name]));
        toast.warning(
          t('bulk.skipped', {
            count: answer.skipped.length,
            names: answer.skipped.map((id) => names.get(id) ?? `#${id}`).join(', '),
          }),
        );
      }
      onDone(answer);
      onClose();
    } catch (failure) {
      console.error('The bulk decision failed', failure);
      const fieldMessage = apiFieldErrors(failure).reason;
      if (fieldMessage) {
        setReasonError(fieldMessage);
        document.getElementById(reasonId)?.focus();
      }
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('bulk.failed') });
      toast.error(t('bulk.failed'));
    }
  }

  return (
    <Modal
      title={t(`bulk.title.${action}`, { count })}
      onClose={onClose}
      busy={saving}
      describedBy={questionId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('dialog.back')}
          </button>
          <button type="submit" form={formId} className="button button--danger" disabled={saving} aria-busy={saving}>
            {saving ? t('dialog.saving') : t(`bulk.confirm.${action}`, { count })}
          </button>
        </>
      }
    >
      <p id={questionId}>{t(`bulk.intro.${action}`, { count })}</p>
      <ul className="registrations-bulk__names plain-list" aria-label={t('bulk.namesLabel')}>
        {registrations.map((registration) => (
          <li key={registration.id}>
            <span>{registration.full_name}</span> <StatusBadge kind="registration" status={registration.registration_status} />
          </li>
        ))}
      </ul>
      <form id={formId} className="form registration-payment" onSubmit={handleSubmit} noValidate>
        <fieldset className="registration-payment__fields" disabled={saving}>
          <ReasonField
            id={reasonId}
            hint={t('bulk.reasonHint')}
            error={reasonError}
            value={reason}
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
          />
        </fieldset>
        <FormMessage message={outcome} />
      </form>
    </Modal>
  );
}
