import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { StatusBadge } from '../../../components/status-badge';
import { SubmitButton } from '../../../components/submit-button';
import { useGetSiteConfigQuery } from '../../../lib/api';
import { apiFieldErrors, errorStatus } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { LANGUAGE_INFO, type Language } from '../../../lib/i18n';
import { usePublicFormChallenge } from '../../../lib/public-form-challenge';
import { saveFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import { EmailChangeForm } from '../components/email-change-form';
import {
  fetchMyCard,
  fetchMyData,
  storedMemberSession,
  storeMemberSession,
  useCloseMyMembershipMutation,
  useGetMyMembershipQuery,
  useOpenMemberSessionMutation,
  useRequestMemberSignInMutation,
  useSignOutMemberMutation,
  useUpdateMyMembershipMutation,
  type MemberSession,
  type MyMembership,
  type MyMembershipChanges,
} from '../my-membership-api';
import { MyCpdPanel } from './my-cpd-panel';
import { MyInterpretingPanel } from '../../../components/my-interpreting-panel';
import { RenewPanel } from '../components/renew-panel';
import { NotFoundPage } from '../../../components/not-found-page';
import { ConfirmEmailPage } from './confirm-email-page';
import { InterpreterProfileSlot } from '../../interpreting/components/interpreter-profile-slot';
import './my-membership.css';

const EDITABLE = ['phone', 'address', 'preferred_communication_language', 'language'] as const;
type Editable = (typeof EDITABLE)[number];

/** The token of an e-mailed link (`#token=<token>`: a fragment never reaches a server log). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || null;
}

/** The e-mail form: the same answer whatever the address, so nobody learns who is a member. */
function SignInForm({ notice }: { notice: string | null }) {
  const { t } = useTranslation('membership');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<FormOutcome>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [requestLink, { isLoading: requesting }] = useRequestMemberSignInMutation();
  const formChallenge = usePublicFormChallenge(useGetSiteConfigQuery(undefined).data?.public_form_challenge);
  const busy = requesting || formChallenge.waiting;
  const inputRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFieldError(undefined);
    if (!email.trim()) {
      setFieldError(t('mine.signIn.required'));
      setMessage({ kind: 'error', text: t('mine.signIn.required') });
      inputRef.current?.focus();
      return;
    }
    setMessage(null);
    try {
      await requestLink({ email: email.trim(), challenge: await formChallenge.challengeHeaders() }).unwrap();
      setMessage({ kind: 'success', text: t('mine.signIn.sent') });
    } catch (failure) {
      const status = errorStatus(failure);
      const text =
        status === 429
          ? t('mine.signIn.tooMany')
          : (apiFieldErrors(failure).email ?? (status === 400 ? t('mine.signIn.invalidEmail') : t('mine.signIn.failure')));
      if (status === 400) {
        setFieldError(text);
        inputRef.current?.focus();
      }
      setMessage({ kind: 'error', text });
    }
  }

  return (
    <section className="card my-membership__panel" aria-labelledby="my-membership-sign-in">
      <h2 id="my-membership-sign-in">{t('mine.signIn.heading')}</h2>
      {notice && <p className="notice notice--error">{notice}</p>}
      <p>{t('mine.signIn.intro')}</p>
      <form className="form" onSubmit={handleSubmit} noValidate aria-busy={busy}>
        <FormField
          ref={inputRef}
          id="my-membership-email"
          label={t('mine.signIn.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          required
        />
        <FormMessage message={message} />
        <SubmitButton pending={busy} label={t('mine.signIn.submit')} pendingLabel={t('mine.signIn.submitting')} />
      </form>
    </section>
  );
}

function valuesOf(membership: MyMembership): Record<Editable, string> {
  return {
    phone: membership.phone,
    address: membership.address,
    preferred_communication_language: membership.preferred_communication_language,
    language: membership.language,
  };
}

/** Phone, address, languages: checked by the server with the membership form's own rules. */
function ContactForm({ access, membership }: { access: string; membership: MyMembership }) {
  const { t } = useTranslation('membership');
  const [values, setValues] = useState(() => valuesOf(membership));
  const [errors, setErrors] = useState<Partial<Record<Editable, string>>>({});
  const [message, setMessage] = useState<FormOutcome>(null);
  const [update, { isLoading }] = useUpdateMyMembershipMutation();
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    setErrors({});
    const changes: MyMembershipChanges = {};
    for (const name of EDITABLE) if (values[name] !== valuesOf(membership)[name]) changes[name] = values[name];
    try {
      const saved = await update({ access, changes }).unwrap();
      setValues(valuesOf(saved));
      setMessage({ kind: 'success', text: t('mine.contact.saved') });
    } catch (failure) {
      const fields = apiFieldErrors(failure) as Partial<Record<Editable, string>>;
      setErrors(fields);
      setMessage({ kind: 'error', text: Object.values(fields)[0] ?? t('mine.contact.failure') });
      // The first field in error, as the form orders them, takes the focus.
      const first = EDITABLE.find((name) => fields[name]);
      if (first) formRef.current?.querySelector<HTMLElement>(`#my-membership-${first}`)?.focus();
    }
  }

  const set = (name: Editable) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <section className="card my-membership__panel" aria-labelledby="my-membership-contact">
      <h2 id="my-membership-contact">{t('mine.contact.heading')}</h2>
      <form ref={formRef} className="form" onSubmit={handleSubmit} noValidate aria-busy={isLoading}>
        <FormField
          id="my-membership-phone"
          label={t('fields.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <FormField
          id="my-membership-address"
          label={t('fields.address')}
          name="address"
          autoComplete="street-address"
          value={values.address}
          onChange={set('address')}
          error={errors.address}
        />
        <FormField
          id="my-membership-preferred_communication_language"
          label={t('fields.preferred_communication_language')}
          name="preferred_communication_language"
          value={values.preferred_communication_language}
          onChange={set('preferred_communication_language')}
          error={errors.preferred_communication_language}
        />
        <Field id="my-membership-language" label={t('mine.contact.emailLanguage')} error={errors.language}>
          {(control) => (
            <select {...control} name="language" value={values.language} onChange={set('language')}>
              {(Object.keys(LANGUAGE_INFO) as Language[]).map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_INFO[code].name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <FormMessage message={message} />
        <SubmitButton pending={isLoading} label={t('mine.contact.submit')} pendingLabel={t('mine.contact.submitting')} />
      </form>
      <EmailChangeForm access={access} membership={membership} />
    </section>
  );
}

/** Download of all their data, the request to close, and signing out. */
function MyDataPanel({ access, membership, onSignOut }: { access: string; membership: MyMembership; onSignOut: () => void }) {
  const { t } = useTranslation('membership');
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<FormOutcome>(null);
  const [downloading, setDownloading] = useState<'data' | 'card' | null>(null);
  const [close, { isLoading: closing }] = useCloseMyMembershipMutation();

  async function download(file: 'data' | 'card') {
    setDownloading(file);
    setMessage(null);
    try {
      if (file === 'card') saveFile(await fetchMyCard(access), 'membership-card.pdf');
      else saveFile(await fetchMyData(access), 'my-membership.json');
    } catch (failure) {
      console.error('Downloading the member file failed', failure);
      setMessage({ kind: 'error', text: t(file === 'card' ? 'mine.card.downloadFailure' : 'mine.data.downloadFailure') });
    } finally {
      setDownloading(null);
    }
  }

  async function confirmClose() {
    try {
      await close(access).unwrap();
      setMessage({ kind: 'success', text: t('mine.close.received') });
    } catch (failure) {
      console.error('Asking to close the membership failed', failure);
      setMessage({ kind: 'error', text: t('mine.close.failure') });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className="card my-membership__panel" aria-labelledby="my-membership-data">
      <h2 id="my-membership-data">{t('mine.data.heading')}</h2>
      <p>
        {membership.consents.terms_accepted_at
          ? t('mine.data.termsAccepted', { date: formatDate(membership.consents.terms_accepted_at, 'long') })
          : t('mine.data.termsRequired')}
      </p>
      <div className="my-membership__actions">
        {membership.card_verify_url && (
          <button type="button" className="button button--secondary" onClick={() => void download('card')} disabled={downloading !== null}>
            {downloading === 'card' ? t('mine.data.downloading') : t('mine.card.download')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={() => void download('data')} disabled={downloading !== null}>
          {downloading === 'data' ? t('mine.data.downloading') : t('mine.data.download')}
        </button>
        {membership.closure_requested_at ? (
          <p className="notice">
            {t('mine.close.requestedOn', { date: formatDate(membership.closure_requested_at, 'long') })}
          </p>
        ) : (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {t('mine.close.button')}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onSignOut}>
          {t('mine.signOut')}
        </button>
      </div>
      <FormMessage message={message} />
      {confirming && (
        <ConfirmDialog
          title={t('mine.close.title')}
          confirmLabel={t('mine.close.confirm')}
          pendingLabel={t('mine.close.sending')}
          pending={closing}
          tone="danger"
          onConfirm={confirmClose}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('mine.close.question')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function MembershipView({ session, onEnded }: { session: MemberSession; onEnded: (notice: string | null) => void }) {
  const { t } = useTranslation('membership');
  const { data, error, isLoading } = useGetMyMembershipQuery(session.access);
  const [signOut] = useSignOutMemberMutation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ended = errorStatus(error) === 401;

  useEffect(() => {
    if (ended) onEnded(t('mine.sessionEnded'));
  }, [ended, onEnded, t]);
  const loaded = data !== undefined;
  // The reader lands on the membership once it arrives (the page had only a spinner before).
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  async function handleSignOut() {
    try {
      await signOut(session.access).unwrap();
    } catch (failure) {
      console.error('Signing the member out failed', failure); // the session is forgotten here anyway
    }
    onEnded(null);
  }

  if (isLoading || ended) return <Spinner label={t('mine.loading')} />;
  if (!data) {
    return (
      <p className="notice notice--error" role="alert">
        {t('mine.failure')}
      </p>
    );
  }
  return (
    <div className="my-membership">
      <section className="card my-membership__panel" aria-labelledby="my-membership-summary">
        <h2 id="my-membership-summary" ref={headingRef} tabIndex={-1}>
          {t('mine.greeting', { name: data.full_name })}
        </h2>
        <dl className="my-membership__facts">
          <dt>{t('mine.standing')}</dt>
          <dd>{data.standing ? <StatusBadge kind="standing" status={data.standing} /> : t('mine.noStanding')}</dd>
          <dt>{t('mine.end')}</dt>
          <dd>{data.membership_end ? formatDate(data.membership_end, 'long') : '—'}</dd>
          <dt>{t('mine.number')}</dt>
          <dd>{data.membership_number ?? '—'}</dd>
          <dt>{t('fields.email')}</dt>
          <dd>{data.email}</dd>
        </dl>
        {data.periods.length > 0 && (
          <>
            <h3>{t('mine.periods')}</h3>
            <ul className="my-membership__periods">
              {data.periods.map((period) => (
                <li key={period.start}>
                  {t('mine.period', { start: formatDate(period.start, 'long'), end: formatDate(period.end, 'long') })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <RenewPanel access={session.access} membership={data} />
      <MyCpdPanel access={session.access} cpd={data.cpd} />
      <InterpreterProfileSlot access={session.access} />
      <MyInterpretingPanel access={session.access} />
      <ContactForm key={data.email} access={session.access} membership={data} />
      <MyDataPanel access={session.access} membership={data} onSignOut={handleSignOut} />
    </div>
  );
}

/**
 * /my-membership: a member's own page without a password. They type their e-mail and get a
 * single-use link (/my-membership#token=…); the page trades its token for a member session at
 * once and takes it out of the address bar, then shows their standing and details.
 */
function MyMembershipHome() {
  const { t } = useTranslation('membership');
  const { hash } = useLocation();
  const navigate = useNavigate();
  // A link opened in this tab while the page is open changes only the fragment: read it each time.
  const linkToken = tokenOf(hash);
  const [session, setSession] = useState<MemberSession | null>(() => (linkToken ? null : storedMemberSession()));
  const [notice, setNotice] = useState<string | null>(null);
  const [openSession, { isLoading: opening }] = useOpenMemberSessionMutation();
  const started = useRef<string | null>(null);

  useEffect(() => {
    // Once per opening of a link (a development re-run of the effect sees the same one); once it
    // is out of the address bar, the same link opened again is tried again, and refused.
    if (!linkToken) {
      started.current = null;
      return;
    }
    if (started.current === linkToken) return;
    started.current = linkToken;
    // Out of the address bar (and the history) before anything else: the link works once.
    navigate('/my-membership', { replace: true });
    storeMemberSession(null);
    openSession(linkToken)
      .unwrap()
      .then((opened) => {
        storeMemberSession(opened);
        setNotice(null);
        setSession(opened);
      })
      .catch((failure: unknown) => {
        setSession(null);
        setNotice(errorStatus(failure) === 429 ? t('mine.signIn.tooMany') : t('mine.linkInvalid'));
      });
  }, [linkToken, navigate, openSession, t]);

  const onEnded = (ending: string | null) => {
    storeMemberSession(null);
    setSession(null);
    setNotice(ending);
  };

  let content;
  if (linkToken || opening) content = <Spinner label={t('mine.signingIn')} />;
  else if (session) content = <MembershipView session={session} onEnded={onEnded} />;
  else content = <SignInForm notice={notice} />;

  return (
    <section className="page page--narrow my-membership-page">
      <PageHeading title={t('mine.title')}>
        <p>{t('mine.intro')}</p>
      </PageHeading>
      {content}
    </section>
  );
}

/** /my-membership, and /my-membership/email (the link that confirms a new address). */
export function MyMembershipPage() {
  const part = useParams().part?.toLowerCase();
  if (part === undefined) return <MyMembershipHome />;
  return part === 'email' ? <ConfirmEmailPage /> : <NotFoundPage />;
}
