import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { apiErrorMessage, errorStatus } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { useConfirmMemberEmailMutation } from '../my-membership-api';
import './my-membership.css';

type Outcome = { kind: 'success' | 'error'; text: string };

/** The token of the e-mailed link (`#token=<token>`: a fragment never reaches a server log). */
function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() || null;
}

/**
 * /my-membership/email#token=…: the link e-mailed to a member's new address. Opening it changes
 * the membership's address (once; on any device, no sign-in needed) unless another member has
 * that address by now; the token leaves the address bar first.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('membership');
  const { hash } = useLocation();
  const navigate = useNavigate();
  const token = tokenOf(hash);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirm] = useConfirmMemberEmailMutation();
  const started = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!token) {
      if (started.current === null) setOutcome({ kind: 'error', text: t('mine.email.linkInvalid') });
      return;
    }
    if (started.current === token) return;
    started.current = token;
    navigate('/my-membership/email', { replace: true });
    confirm(token)
      .unwrap()
      .then((changed) => setOutcome({ kind: 'success', text: t('mine.email.confirmed', { email: changed.email }) }))
      .catch((failure: unknown) => {
        const status = errorStatus(failure);
        let text = t('mine.email.linkInvalid');
        if (status === 409) text = apiErrorMessage(failure) ?? t('mine.email.taken');
        else if (status === 429) text = t('mine.email.tooMany');
        else if (status !== 400) text = t('mine.email.confirmFailure');
        setOutcome({ kind: 'error', text });
      });
  }, [token, navigate, confirm, t]);

  const done = outcome !== null;
  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);

  return (
    <section className="page page--narrow my-membership-page">
      <PageHeading title={t('mine.email.pageTitle')} />
      {outcome ? (
        <div className="card my-membership__panel">
          <div className={`notice notice--${outcome.kind}`} role={outcome.kind === 'error' ? 'alert' : 'status'}>
            <h2 ref={headingRef} tabIndex={-1}>
              {outcome.kind === 'success' ? t('mine.email.confirmedHeading') : t('mine.email.notChanged')}
            </h2>
            <p>{outcome.text}</p>
          </div>
          <p>
            <Link to="/my-membership">{t('mine.email.toMyMembership')}</Link>
          </p>
        </div>
      ) : (
        <Spinner label={t('mine.email.confirming')} />
      )}
    </section>
  );
}
