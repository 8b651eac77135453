import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { Link, Navigate, useLocation } from 'react-router-dom';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Spinner } from '../../../components/spinner';
import { SubmitButton } from '../../../components/submit-button';
import { failureSentence } from '../../../lib/api-error';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { useTranslation } from '../../../lib/use-translation';
import { useLoginMutation, useRequestPasswordResetMutation } from '../api';
import { AuthShell } from '../components/auth-shell';
import { sessionLoaded } from '../../../lib/session/session-slice';
import { storeSession } from '../../../lib/session/session-storage';
import { useSession } from '../../../lib/session/use-session';

function SignInForm({ onForgot, focusFirst }: { onForgot: () => void; focusFirst: boolean }) {
  const { t } = useTranslation('auth');
  const dispatch = useDispatch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [login, { isLoading }] = useLoginMutation();
  const usernameRef = useRef<HTMLInputElement>(null);

  // Back from the forgot-password mode: continue where the form starts.
  useEffect(() => {
    if (focusFirst) usernameRef.current?.focus();
  }, [focusFirst]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setError(null);
    try {
      const reply = await login({ username: username.trim(), password }).unwrap();
      if (!reply || typeof reply.access !== 'string' || !reply.access) {
        setError(t('login.invalidResponse'));
        return;
      }
      const user = reply.user ?? { username: username.trim() };
      // The session slice turns authenticated, and the page redirects to /dashboard.
      dispatch(sessionLoaded(storeSession({ access: reply.access, refresh: reply.refresh ?? '' }, user)));
    } catch (failure) {
      setError(
        failureSentence(failure, {
          noResponse: t('login.noResponse'),
          invalidResponse: t('login.invalidResponse'),
          refused: t('login.invalidCredentials'),
          failure: t('login.failure'),
        }),
      );
    }
  }

  return (
    <section aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" className="visually-hidden">
        {t('login.submit')}
      </h2>
      <form className="form auth-form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
        <FormField
          id="login-username"
          ref={usernameRef}
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
        />
        <FormField
          id="login-password"
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <FormMessage message={error ? { kind: 'error', text: error } : null} />
        <SubmitButton pending={isLoading} label={t('login.submit')} pendingLabel={t('login.submitting')} />
      </form>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onForgot}>
          {t('login.forgotLink')}
        </button>
        <Link to="/">{t('login.backHome')}</Link>
      </p>
    </section>
  );
}

function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<FormOutcome>(null);
  const [requestReset, { isLoading: requesting }] = useRequestPasswordResetMutation();
  const formChallenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const isLoading = requesting || formChallenge.waiting;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Switching modes moves the reader to the new form's heading.
  useEffect(() => headingRef.current?.focus(), []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      setMessage({ kind: 'error', text: t('forgot.required') });
      return;
    }
    setMessage(null);
    try {
      await requestReset({ email: email.trim(), challenge: await formChallenge.challengeHeaders() }).unwrap();
      // The same words whether or not the address is known: nothing is given away.
      setMessage({ kind: 'success', text: t('forgot.sent') });
    } catch (failure) {
      console.error('Requesting a password reset failed', failure);
      setMessage({ kind: 'error', text: t('forgot.failure') });
    }
  }

  return (
    <section aria-labelledby="forgot-heading">
      <h2 id="forgot-heading" ref={headingRef} tabIndex={-1}>
        {t('forgot.title')}
      </h2>
      <p className="auth-intro">{t('forgot.intro')}</p>
      <form className="form auth-form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
        <FormField
          id="forgot-email"
          label={t('forgot.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <FormMessage message={message} />
        <SubmitButton pending={isLoading} label={t('forgot.submit')} pendingLabel={t('forgot.submitting')} />
      </form>
      <p className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          {t('forgot.backToSignIn')}
        </button>
        <Link to="/">{t('login.backHome')}</Link>
      </p>
    </section>
  );
}

/** /adminlogin: sign in, or ask for a password reset link on the same screen (SPEC §2). */
export function AdminLoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  // A dead reset link sends people here already in forgot-password mode.
  const opensInForgotMode = (useLocation().state as { mode?: string } | null)?.mode === 'forgot';
  const [mode, setMode] = useState<'sign-in' | 'forgot' | 'back-to-sign-in'>(
    opensInForgotMode ? 'forgot' : 'sign-in',
  );

  if (session.status === 'authenticated') return <Navigate to="/dashboard" replace />;

  return (
    <AuthShell
      title={t('login.title')}
      lead={
        <p className="auth-restricted">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 5a3 3 0 0 1 6 0v3H9z"
            />
          </svg>
          {t('login.restricted')}
        </p>
      }
    >
      {session.status === 'unknown' ? (
        <Spinner />
      ) : mode === 'forgot' ? (
        <ForgotPasswordForm onBack={() => setMode('back-to-sign-in')} />
      ) : (
        <SignInForm onForgot={() => setMode('forgot')} focusFirst={mode === 'back-to-sign-in'} />
      )}
    </AuthShell>
  );
}
