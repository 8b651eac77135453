import { useId, useRef, useState, type FormEvent } from 'react';

import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import { useConfirmDeskPaymentMutation, type DeskRow } from '../payment-desk-api';

const METHODS = ['Mobile Money', 'Bank Transfer'] as const;
type FieldName = 'transaction_id' | 'payment_method';
const FIELDS: readonly FieldName[] = ['transaction_id', 'payment_method'];

/**
 * Confirm one payment with its transaction ID (one ID confirms one payment, of either kind: the
 * server refuses a second use, on the field). A seat goes through the registration's decision, a
 * renewal through its confirmation.
 */
export function ConfirmPaymentDialog({ row, onClose }: { row: DeskRow; onClose: () => void }) {
  const { t } = useTranslation('registrations-admin');
  const toast = useToast();
  const formId = useId();
  const introId = useId();
  const ids: Record<FieldName, string> = { transaction_id: `${formId}-transaction`, payment_method: `${formId}-method` };
  const [transactionId, setTransactionId] = useState('');
  const [method, setMethod] = useState(
    (METHODS as readonly string[]).includes(row.payment_method) ? row.payment_method : METHODS[0],
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [confirm, { isLoading: saving }] = useConfirmDeskPaymentMutation();
  const formRef = useRef<HTMLFormElement>(null);

  function showErrors(found: Partial<Record<FieldName, string>>) {
    setErrors(found);
    const first: FieldName = FIELDS.find((name) => found[name]) ?? 'transaction_id';
    // Once the messages are on screen.
    window.setTimeout(() => document.getElementById(ids[first])?.focus(), 0);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    const problems: Partial<Record<FieldName, string>> = {};
    if (!transactionId.trim()) problems.transaction_id = t('desk.transactionRequired');
    if (!method) problems.payment_method = t('desk.methodRequired');
    if (Object.keys(problems).length > 0) {
      showErrors(problems);
      return;
    }
    try {
      await confirm({ row, transaction_id: transactionId.trim(), payment_method: method }).unwrap();
      toast.success(t('desk.confirmedToast', { reference: row.reference }));
      onClose();
    } catch (failure) {
      const found = apiFieldErrors(failure) as Partial<Record<FieldName, string>>;
      showErrors(Object.fromEntries(FIELDS.flatMap((name) => (found[name] ? [[name, found[name]]] : []))));
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('desk.failed') });
    }
  }

  const about =
    row.kind === 'renewal'
      ? t('desk.renewalOf', { type: t(`membership:choices.membership_type.${row.membership_type}`, { defaultValue: row.membership_type ?? '' }) })
      : row.event_title;
  return (
    <Modal
      title={t('desk.dialogTitle', { reference: row.reference })}
      onClose={onClose}
      busy={saving}
      describedBy={introId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('desk.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={saving} aria-disabled={saving}>
            {saving ? t('desk.submitting') : t('desk.submit')}
          </button>
        </>
      }
    >
      <p id={introId}>{t('desk.dialogIntro')}</p>
      <dl className="payment-desk__facts">
        <dt>{t('desk.columns.kind')}</dt>
        <dd>{t(`desk.kind.${row.kind}`)}</dd>
        <dt>{t('desk.columns.name')}</dt>
        <dd>{row.name}</dd>
        <dt>{t('desk.columns.about')}</dt>
        <dd>{about}</dd>
        <dt>{t('desk.columns.amount')}</dt>
        <dd>{formatPrice(row.amount)}</dd>
      </dl>
      <form id={formId} ref={formRef} className="form" onSubmit={handleSubmit} noValidate>
        <FormField
          id={ids.transaction_id}
          label={t('desk.transactionId')}
          name="transaction_id"
          value={transactionId}
          onChange={(event) => setTransactionId(event.target.value)}
          error={errors.transaction_id}
          autoComplete="off"
          required
        />
        <Field id={ids.payment_method} label={t('desk.paymentMethod')} error={errors.payment_method} marked>
          {(control) => (
            <select {...control} name="payment_method" value={method} onChange={(event) => setMethod(event.target.value)} required>
              {METHODS.map((option) => (
                <option key={option} value={option}>
                  {t(`membership:choices.payment_method.${option}`, { defaultValue: option })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormMessage message={outcome} />
      </form>
    </Modal>
  );
}
