import { useEffect, useRef, useState, type FormEvent } from 'react';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useErasePersonalDataMutation, useGetPrivacyQuery, type ErasedCounts } from '../api';
import './privacy.css';

const FIELD_ID = 'erase-email';
// A browser's own check of an address (type=email), kept loose: the server has the last word.
const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+$/;
const KINDS = [
  'registrations',
  'waitlist_entries',
  'members',
  'contact_messages',
  'interpreter_requests',
  'emails',
  'events',
] as const;

/**
 * /dashboard/privacy: staff erase everything about one e-mail address when a person asks (the
 * right to erasure). The address, a confirmation that names it and says it cannot be undone,
 * then how much of each kind went.
 */
export function ErasePage() {
  const { t } = useTranslation('privacy-admin');
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<FormOutcome>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [result, setResult] = useState<{ email: string; counts: ErasedCounts } | null>(null);
  const [erase, { isLoading }] = useErasePersonalDataMutation();
  const retention = useGetPrivacyQuery(undefined).data?.retention;
  const resultRef = useRef<HTMLHeadingElement>(null);
  // After a refusal the field, after an erasure the result: where the next thing to read is
  // (moved once the render that shows it is done).
  const focusNext = useRef<'field' | 'result' | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    (target === 'field' ? document.getElementById(FIELD_ID) : resultRef.current)?.focus();
  });

  function refuse(text: string) {
    setFieldError(text);
    setMessage({ kind: 'error', text });
    focusNext.current = 'field';
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return refuse(t('form.required'));
    if (!LOOKS_LIKE_AN_ADDRESS.test(address)) return refuse(t('form.invalid'));
    setFieldError(undefined);
    setMessage(null);
    setAsking(address);
  }

  async function confirm(address: string) {
    try {
      const counts = await erase({ email: address }).unwrap();
      setResult({ email: address, counts });
      setEmail('');
      setAsking(null);
      focusNext.current = 'result';
    } catch (failure) {
      console.error('Erasing personal data failed', failure);
      setAsking(null);
      const text = apiErrorMessage(failure) ?? t('failure');
      const fields = apiFieldErrors(failure);
      if (fields.email) return refuse(fields.email);
      setMessage({ kind: 'error', text });
      focusNext.current = 'field';
    }
  }

  const found = result ? KINDS.some((kind) => result.counts[kind] > 0) : false;

  return (
    <section className="page erase-page">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
      </PageHeading>

      <section className="card privacy-page__section" aria-labelledby="erase-heading">
        <h2 id="erase-heading">{t('form.heading')}</h2>
        <p>{t('form.intro')}</p>
        <p className="erase-page__note">{t('form.phoneNote')}</p>
        <form className="form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
          <FormField
            id={FIELD_ID}
            label={t('form.email')}
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            hint={t('form.emailHint')}
            error={fieldError}
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormMessage message={message} />
          <SubmitButton pending={isLoading} label={t('form.submit')} pendingLabel={t('confirm.pending')} />
        </form>
      </section>

      <div role="status">
        {result && (
          <section className="card privacy-page__section erase-page__result" aria-labelledby="erase-result">
            <h2 id="erase-result" ref={resultRef} tabIndex={-1}>
              {t(found ? 'result.heading' : 'result.none', { email: result.email })}
            </h2>
            {found && (
              <dl className="erase-page__counts">
                {KINDS.map((kind) => (
                  <div key={kind} className="erase-page__count">
                    <dt>{t(`result.${kind}`)}</dt>
                    <dd>{result.counts[kind]}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        )}
      </div>

      {retention && (
        <section className="card privacy-page__section" aria-labelledby="retention-heading">
          <h2 id="retention-heading">{t('retention.heading')}</h2>
          <ul className="privacy-page__list">
            <li>{t('retention.ended', { period: t('days', { count: retention.personal_data_days }) })}</li>
            <li>{t('retention.emails', { period: t('days', { count: retention.notification_body_days }) })}</li>
            <li>{t('retention.members', { period: t('days', { count: retention.member_rejected_days }) })}</li>
          </ul>
        </section>
      )}

      {asking !== null && (
        <ConfirmDialog
          title={t('confirm.title')}
          confirmLabel={t('confirm.confirm')}
          pendingLabel={t('confirm.pending')}
          pending={isLoading}
          tone="danger"
          onConfirm={() => void confirm(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {t('confirm.before')} <strong className="erase-page__address">{asking}</strong>
          </p>
          <p>{t('confirm.body')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
