import { useRef, useState, type FormEvent } from 'react';

import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { dateAndTime, formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import {
  CPD_CATEGORIES,
  hoursText,
  type CpdCreditInput,
  type StaffCpdCredit,
  useAddMemberCpdCreditMutation,
  useGetMemberCpdCreditsQuery,
  useRevokeCpdCreditMutation,
} from '../cpd-api';

const FIELDS = ['hours', 'category', 'activity', 'date', 'note'] as const;
type CreditField = (typeof FIELDS)[number];
const BLANK: CpdCreditInput = { hours: '', category: '', activity: '', date: '', note: '' };

/** One credit: what, when, how many hours; who credited it; and, once revoked, who, when and why. */
function CreditItem({ credit, memberId }: { credit: StaffCpdCredit; memberId: number }) {
  const { t } = useTranslation('members-admin');
  const [revoking, setRevoking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [revoke, { isLoading }] = useRevokeCpdCreditMutation();
  const reasonRef = useRef<HTMLInputElement>(null);

  async function handleRevoke(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    if (!reason.trim()) {
      setError(t('cpd.revoke.required'));
      reasonRef.current?.focus();
      return;
    }
    try {
      await revoke({ memberId, creditId: credit.id, reason: reason.trim() }).unwrap();
      setRevoking(false);
    } catch (failure) {
      setError(apiFieldErrors(failure).reason ?? apiErrorMessage(failure) ?? t('cpd.revoke.failure'));
      reasonRef.current?.focus();
    }
  }

  const by = credit.source === 'manual' ? t('cpd.byHand', { user: credit.created_by || '—' }) : t('cpd.byEvent');
  const revoked = credit.revoked_at ? dateAndTime(credit.revoked_at) : null;
  return (
    <li className={`member-cpd__credit${revoked ? ' member-cpd__credit--revoked' : ''}`}>
      <div>
        <strong>{credit.title}</strong>
        <br />
        {t('cpd.line', {
          date: formatDate(credit.date),
          hours: hoursText(credit.hours),
          category: t(`cpd.categories.${credit.category}`),
        })}
        <br />
        <span className="member-cpd__meta">{by}</span>
        {credit.note && <span className="member-cpd__meta"> · {credit.note}</span>}
        {revoked && (
          <p className="member-cpd__revoked">
            {t('cpd.revokedLine', { user: credit.revoked_by || '—', date: revoked.date, time: revoked.time, reason: credit.revoked_reason })}
          </p>
        )}
      </div>
      {!revoked && !revoking && (
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('cpd.revoke.buttonFor', { title: credit.title })}
          onClick={() => {
            setRevoking(true);
            setTimeout(() => reasonRef.current?.focus(), 0);
          }}
        >
          {t('cpd.revoke.button')}
        </button>
      )}
      {revoking && (
        <form className="member-cpd__revoke form" onSubmit={handleRevoke} noValidate aria-busy={isLoading}>
          <FormField
            ref={reasonRef}
            id={`cpd-revoke-reason-${credit.id}`}
            label={t('cpd.revoke.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={error}
            maxLength={1000}
            required
          />
          <div className="member-cpd__actions">
            <SubmitButton pending={isLoading} label={t('cpd.revoke.confirm')} pendingLabel={t('cpd.revoke.sending')} />
            <button type="button" className="button button--secondary" onClick={() => setRevoking(false)}>
              {t('cpd.revoke.cancel')}
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/** Credit hours by hand (an event held elsewhere): checked by the server, its message on each field. */
function AddCreditForm({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members-admin');
  const [values, setValues] = useState<CpdCreditInput>(BLANK);
  const [errors, setErrors] = useState<Partial<Record<CreditField, string>>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  const [add, { isLoading }] = useAddMemberCpdCreditMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const set = (name: CreditField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setErrors({});
    try {
      await add({ memberId, credit: values }).unwrap();
      setValues(BLANK);
      setMessage({ kind: 'success', text: t('cpd.add.done') });
    } catch (failure) {
      const fields = apiFieldErrors(failure) as Partial<Record<CreditField, string>>;
      setErrors(fields);
      setMessage({ kind: 'error', text: apiErrorMessage(failure) ?? t('cpd.add.failure') });
      const first = FIELDS.find((name) => fields[name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#cpd-add-${first}`)?.focus();
    }
  }

  return (
    <form ref={formRef} className="form member-cpd__add" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
      <h4>{t('cpd.add.heading')}</h4>
      <FormField
        id="cpd-add-hours"
        label={t('cpd.add.hours')}
        hint={t('cpd.add.hoursHint')}
        type="number"
        min={0.25}
        max={40}
        step={0.25}
        inputMode="decimal"
        value={values.hours}
        onChange={set('hours')}
        error={errors.hours}
        required
      />
      <Field id="cpd-add-category" label={t('cpd.add.category')} error={errors.category}>
        {(control) => (
          <select {...control} value={values.category} onChange={set('category')} required>
            <option value="">{t('cpd.add.choose')}</option>
            {CPD_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`cpd.categories.${category}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormField id="cpd-add-activity" label={t('cpd.add.activity')} value={values.activity} onChange={set('activity')} error={errors.activity} maxLength={200} required />
      <FormField id="cpd-add-date" label={t('cpd.add.date')} type="date" value={values.date} onChange={set('date')} error={errors.date} required />
      <FormField id="cpd-add-note" label={t('cpd.add.note')} value={values.note} onChange={set('note')} error={errors.note} maxLength={2000} />
      <FormMessage message={message} />
      <SubmitButton pending={isLoading} label={t('cpd.add.submit')} pendingLabel={t('cpd.add.sending')} />
    </form>
  );
}

/**
 * The member's CPD in their view (docs/members.md "CPD hours and certificates"): every credit,
 * revoked ones too, a revoke with a reason, and a credit by hand. Approved members only.
 */
export function MemberCpdSection({ memberId }: { memberId: number }) {
  const { t } = useTranslation('members-admin');
  const { data, isLoading, isError } = useGetMemberCpdCreditsQuery(memberId);
  const standing = (data ?? []).filter((credit) => !credit.revoked_at);
  const total = standing.reduce((sum, credit) => sum + credit.hours, 0);

  return (
    <section className="member-details__section member-cpd" aria-labelledby="member-cpd-heading">
      <h3 className="member-details__heading" id="member-cpd-heading">
        {t('cpd.heading')}
      </h3>
      {isLoading && <p>{t('cpd.loading')}</p>}
      {isError && <p className="notice notice--error">{t('cpd.failure')}</p>}
      {data && data.length === 0 && <p>{t('cpd.none')}</p>}
      {data && data.length > 0 && (
        <>
          <p>{t('cpd.total', { hours: hoursText(total) })}</p>
          <ul className="member-cpd__list">
            {data.map((credit) => (
              <CreditItem key={credit.id} credit={credit} memberId={memberId} />
            ))}
          </ul>
        </>
      )}
      <AddCreditForm memberId={memberId} />
    </section>
  );
}
