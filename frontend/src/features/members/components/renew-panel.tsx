import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Field } from '../../../components/field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import type { MyMembership } from '../my-membership-api';
import { useGetMyRenewalQuery, useRenewMyMembershipMutation, type Renewal } from '../renewal-api';
import './renew-panel.css';

const METHODS = ['Mobile Money', 'Bank Transfer'] as const;
const FIELDS = ['membership_type', 'payment_method'] as const;
type FieldName = (typeof FIELDS)[number];

/** The reference, the amount and how to pay: what the member writes in the payment message. */
function HowToPay({ renewal }: { renewal: Renewal }) {
  const { t } = useTranslation('membership');
  return (
    <div className="renew-panel__answer">
      {renewal.demo && (
        <p className="notice notice--error">
          <strong>{t('fee.demo')}</strong>
        </p>
      )}
      <dl className="my-membership__facts">
        <dt>{t('mine.renew.reference')}</dt>
        <dd className="renew-panel__reference">{renewal.reference}</dd>
        <dt>{t('mine.renew.amount')}</dt>
        <dd>{formatPrice(renewal.amount)}</dd>
        <dt>{t('fields.membership_type')}</dt>
        <dd>{t(`choices.membership_type.${renewal.membership_type}`)}</dd>
      </dl>
      <h4>{t('mine.renew.howToPay')}</h4>
      <dl className="renew-panel__methods">
        {Object.entries(renewal.methods).map(([method, text]) => (
          <div key={method}>
            <dt>{t(`choices.payment_method.${method}`, { defaultValue: method })}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <p>{renewal.next_steps}</p>
      <p className="renew-panel__contact">
        {renewal.contact_message} <a href={`mailto:${renewal.contact_email}`}>{renewal.contact_email}</a>
        {renewal.contact_phone ? ` · ${renewal.contact_phone}` : ''}
      </p>
    </div>
  );
}

/**
 * Renew on the member's own page (docs/members.md, Renewal): open from 60 days before the end, in
 * grace and after. A short form (the details on record, the type, the payment method) answers a
 * payment reference and the amount; staff confirm the payment at the payment desk.
 */
export function RenewPanel({ access, membership }: { access: string; membership: MyMembership }) {
  const { t } = useTranslation('membership');
  const { data: state } = useGetMyRenewalQuery(access);
  const [renew, { isLoading: sending }] = useRenewMyMembershipMutation();
  const [editing, setEditing] = useState(false);
  // What the member chose; until then the pending renewal's choices, else the member's own.
  const [chosen, setChosen] = useState<Partial<Record<FieldName, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const answerRef = useRef<HTMLHeadingElement>(null);
  const focusAnswer = useRef(false);

  const pending = state?.pending ?? null;
  useEffect(() => {
    if (pending && focusAnswer.current) {
      focusAnswer.current = false;
      answerRef.current?.focus();
    }
  }, [pending]);

  if (!state) return null;
  if (!state.open && !pending) {
    return state.opens_on ? (
      <section className="card my-membership__panel" aria-labelledby="my-membership-renew">
        <h2 id="my-membership-renew">{t('mine.renew.heading')}</h2>
        <p>{t('mine.renew.opensOn', { date: formatDate(state.opens_on, 'long') })}</p>
      </section>
    ) : null;
  }

  const values: Record<FieldName, string> = {
    membership_type: chosen.membership_type ?? pending?.membership_type ?? state.membership_type,
    payment_method: chosen.payment_method ?? pending?.payment_method ?? state.payment_method,
  };
  const fee = (type: string) => state.fees.find((entry) => entry.membership_type === type)?.amount ?? null;
  const showForm = state.open && (editing || !pending);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    const problems: Partial<Record<FieldName, string>> = {};
    if (!values.payment_method) problems.payment_method = t('mine.renew.methodRequired');
    if (!values.membership_type) problems.membership_type = t('mine.renew.typeRequired');
    if (Object.keys(problems).length === 0) {
      try {
        await renew({ access, request: values }).unwrap();
        setErrors({});
        setEditing(false);
        focusAnswer.current = true;
        return;
      } catch (failure) {
        const fields = apiFieldErrors(failure) as Partial<Record<FieldName, string>>;
        Object.assign(problems, fields);
        setMessage({ kind: 'error', text: apiErrorMessage(failure) ?? t('mine.renew.failure') });
      }
    }
    setErrors(problems);
    // The first field at fault, in the form's order, takes the focus.
    const first = FIELDS.find((name) => problems[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#renew-${first}`)?.focus();
  }

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setChosen((current) => ({ ...current, [name]: event.target.value }));

  return (
    <section className="card my-membership__panel renew-panel" aria-labelledby="my-membership-renew">
      <h2 id="my-membership-renew">{t('mine.renew.heading')}</h2>
      {showForm ? (
        <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate aria-busy={sending}>
          <p>{t('mine.renew.intro')}</p>
          <h3>{t('mine.renew.detailsHeading')}</h3>
          <dl className="my-membership__facts">
            <dt>{t('fields.full_name')}</dt>
            <dd>{membership.full_name}</dd>
            <dt>{t('fields.email')}</dt>
            <dd>{membership.email}</dd>
            <dt>{t('fields.phone')}</dt>
            <dd>{membership.phone}</dd>
            <dt>{t('fields.address')}</dt>
            <dd>{membership.address}</dd>
          </dl>
          <p className="form__field-hint">{t('mine.renew.detailsHint')}</p>
          <Field id="renew-membership_type" label={t('fields.membership_type')} error={errors.membership_type} marked>
            {(control) => (
              <select {...control} name="membership_type" value={values.membership_type} onChange={set('membership_type')} required>
                {state.fees.map(({ membership_type: type, amount }) => (
                  <option key={type} value={type}>
                    {amount
                      ? t('mine.renew.typeWithFee', { type: t(`choices.membership_type.${type}`), amount: formatPrice(amount) })
                      : t('mine.renew.typeNoFee', { type: t(`choices.membership_type.${type}`) })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="renew-payment_method" label={t('fields.payment_method')} error={errors.payment_method} marked>
            {(control) => (
              <select {...control} name="payment_method" value={values.payment_method} onChange={set('payment_method')} required>
                <option value="">{t('mine.renew.chooseMethod')}</option>
                {METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t(`choices.payment_method.${method}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {fee(values.membership_type) !== null && (
            <p>
              <strong>{t('mine.renew.toPay', { amount: formatPrice(fee(values.membership_type)) })}</strong>
            </p>
          )}
          <FormMessage message={message} />
          <div className="my-membership__actions">
            <SubmitButton pending={sending} label={t('mine.renew.submit')} pendingLabel={t('mine.renew.submitting')} />
            {pending && (
              <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
                {t('mine.renew.keep')}
              </button>
            )}
          </div>
        </form>
      ) : (
        pending && (
          <>
            <h3 ref={answerRef} tabIndex={-1}>
              {t('mine.renew.pendingHeading')}
            </h3>
            <HowToPay renewal={pending} />
            {state.open && (
              <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
                {t('mine.renew.change')}
              </button>
            )}
          </>
        )
      )}
    </section>
  );
}
