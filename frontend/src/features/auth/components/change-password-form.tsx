import { useState, type ChangeEvent, type FormEvent } from 'react';

import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { useToast } from '../../../components/use-toast';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useChangePasswordMutation } from '../api';
import { MIN_PASSWORD_LENGTH } from '../password-rules';
import { storeTokens } from '../../../lib/session/session-storage';

const EMPTY = { current: '', next: '', confirmation: '' };

/** The Security card's form: idle → 'Updating...' → fields cleared and a toast, or the error. */
export function ChangePasswordForm() {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [message, setMessage] = useState<FormOutcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldErrors({});
    if (!values.current || !values.next || !values.confirmation) {
      setMessage({ kind: 'error', text: t('settings.required') });
      return;
    }
    if (values.next !== values.confirmation) {
      setMessage({ kind: 'error', text: t('settings.mismatch') });
      return;
    }
    if (values.next.length < MIN_PASSWORD_LENGTH) {
      setMessage({ kind: 'error', text: t('settings.tooShort') });
      return;
    }
    setMessage(null);
    try {
      const reply = await changePassword({ current_password: values.current, new_password: values.next }).unwrap();
      // The server revoked every other refresh token: keep this browser's new pair.
      if (reply.access && reply.refresh) storeTokens({ access: reply.access, refresh: reply.refresh });
      setValues(EMPTY);
      toast.success(t('settings.success'));
    } catch (error) {
      console.error('Changing the password failed', error);
      setFieldErrors(apiFieldErrors(error));
      setMessage({ kind: 'error', text: apiErrorMessage(error) ?? t('settings.failure') });
      toast.error(t('settings.failureToast'));
    }
  }

  return (
    <form className="form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
      <FormField
        id="current-password"
        label={t('settings.currentPassword')}
        name="current_password"
        type="password"
        autoComplete="current-password"
        error={fieldErrors.current_password}
        required
        {...field('current')}
      />
      <FormField
        id="new-password"
        label={t('settings.newPassword')}
        name="new_password"
        type="password"
        autoComplete="new-password"
        hint={t('settings.passwordHint')}
        error={fieldErrors.new_password}
        required
        {...field('next')}
      />
      <FormField
        id="confirm-password"
        label={t('settings.confirmPassword')}
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmation')}
      />
      <FormMessage message={message} />
      <SubmitButton pending={isLoading} label={t('settings.submit')} pendingLabel={t('settings.submitting')} />
    </form>
  );
}
