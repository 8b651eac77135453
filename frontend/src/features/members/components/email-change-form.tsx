import { useRef, useState, type FormEvent } from 'react';

import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { apiFieldErrors, errorStatus } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useRequestEmailChangeMutation, type MyMembership } from '../my-membership-api';
import '../pages/my-membership.css';

/**
 * A new e-mail address for the membership: nothing changes until the link we e-mail to the new
 * address is opened (/my-membership/email#token=…); until then the old address stays, and the
 * address waiting for its confirmation is shown.
 */
export function EmailChangeForm({ access, membership }: { access: string; membership: MyMembership }) {
  const { t } = useTranslation('membership');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<FormOutcome>(null);
  const [request, { isLoading }] = useRequestEmailChangeMutation();
  const inputRef = useRef<HTMLInputElement>(null);

  function refuse(text: string, onField: boolean) {
    if (onField) {
      setError(text);
      inputRef.current?.focus();
    }
    setMessage({ kind: 'error', text });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(undefined);
    setMessage(null);
    const typed = email.trim();
    if (!typed) {
      refuse(t('mine.email.required'), true);
      return;
    }
    try {
      const saved = await request({ access, email: typed }).unwrap();
      setEmail('');
      setMessage({ kind: 'success', text: t('mine.email.sent', { email: saved.pending_email ?? typed }) });
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === 429) refuse(t('mine.email.tooMany'), false);
      else if (status === 400) refuse(apiFieldErrors(failure).email ?? t('mine.email.invalid'), true);
      else refuse(t('mine.email.failure'), false);
    }
  }

  return (
    <form className="form my-membership__email" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
      <h3 id="my-membership-email-change">{t('mine.email.heading')}</h3>
      <p>{t('mine.email.current', { email: membership.email })}</p>
      {/* Said once: right after sending, the announced outcome below says the same. */}
      {membership.pending_email && message?.kind !== 'success' && (
        <p className="notice">{t('mine.email.pending', { email: membership.pending_email })}</p>
      )}
      <FormField
        ref={inputRef}
        id="my-membership-new-email"
        label={t('mine.email.label')}
        hint={t('mine.email.hint')}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        required
      />
      <FormMessage message={message} />
      <SubmitButton pending={isLoading} label={t('mine.email.submit')} pendingLabel={t('mine.email.submitting')} />
    </form>
  );
}
