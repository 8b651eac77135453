import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';

import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '../api';
import { AuthShell } from '../components/auth-shell';
import { MIN_PASSWORD_LENGTH } from '../password-rules';

/** SPEC §4, §9: after a successful reset, back to sign-in after 3 seconds. */
export const REDIRECT_AFTER_RESET_MS = 3000;

function InvalidLink({ text }: { text: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <p className="notice notice--error" role="alert">
        {text}
      </p>
      <p className="auth-links">
        <Link to="/adminlogin" state={{ mode: 'forgot' }}>
          {t('reset.requestNew')}
        </Link>
        <Link to="/">{t('login.backHome')}</Link>
      </p>
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<FormOutcome>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [resetPassword, { isLoading, isSuccess }] = useResetPasswordMutation();

  useEffect(() => {
    if (!isSuccess) return;
    const timer = window.setTimeout(() => navigate('/adminlogin', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [isSuccess, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldError(undefined);
    if (!password || !confirmation) {
      setMessage({ kind: 'error', text: t('reset.required') });
      return;
    }
    if (password !== confirmation) {
      setMessage({ kind: 'error', text: t('reset.mismatch') });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setMessage({ kind: 'error', text: t('reset.tooShort') });
      return;
    }
    setMessage(null);
    try {
      await resetPassword({ token, new_password: password }).unwrap();
      setMessage({ kind: 'success', text: t('reset.success') });
    } catch (error) {
      console.error('Resetting the password failed', error);
      // The password validators' full text when the server gives it, else its one sentence.
      const passwordError = apiFieldErrors(error).new_password;
      setFieldError(passwordError);
      setMessage({ kind: 'error', text: passwordError ?? apiErrorMessage(error) ?? t('reset.failure') });
    }
  }

  return (
    <>
      {!isSuccess && (
        <>
          <p className="auth-intro">{t('reset.intro')}</p>
          <form className="form auth-form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
            <FormField
              id="reset-password"
              label={t('reset.newPassword')}
              name="new_password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={fieldError}
              required
            />
            <FormField
              id="reset-confirmation"
              label={t('reset.confirmPassword')}
              name="confirm_password"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              required
            />
            <SubmitButton pending={isLoading} label={t('reset.submit')} pendingLabel={t('reset.submitting')} />
          </form>
        </>
      )}
      {/* Outside the form, so the success text arrives in the same live region. */}
      <div className="auth-outcome">
        <FormMessage message={message} />
      </div>
      {isSuccess && (
        <>
          <p>{t('reset.redirecting')}</p>
          <p className="auth-links">
            <Link to="/adminlogin" replace>
              {t('reset.signInNow')}
            </Link>
          </p>
        </>
      )}
    </>
  );
}

function CheckedResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { data, isLoading, isError } = useValidateResetTokenQuery(token, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label={t('reset.checking')} />;
  if (isError) return <InvalidLink text={t('reset.checkFailed')} />;
  if (data?.valid !== true) return <InvalidLink text={t('reset.invalid')} />;
  return <ResetForm token={token} />;
}

/** The `token` of a `#token=...` fragment, URL-decoded; '' when there is none. */
function fragmentToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * /reset-password#token={token}, or the older /reset-password/{token} of links already sent:
 * the link is checked first, then a new password is chosen (SPEC §4). The fragment never
 * reaches a server, so the token stays out of access logs.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { token: pathToken } = useParams();
  const { hash } = useLocation();
  const token = pathToken ?? fragmentToken(hash);
  return (
    <AuthShell title={t('reset.title')}>
      {token.trim() ? <CheckedResetForm token={token} /> : <InvalidLink text={t('reset.noToken')} />}
    </AuthShell>
  );
}
