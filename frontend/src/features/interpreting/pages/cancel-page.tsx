import { useEffect, useRef, useState } from 'react';

import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { apiErrorMessage } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { fragmentParams, useCancelInterpreterRequestMutation, type Cancelled } from '../requests-api';
import './interpreting.css';

/** /interpreter-request/cancel#token=…: the requester's cancel link, with a button to confirm. */
export function CancelPage() {
  const { t } = useTranslation('interpreting');
  const [token] = useState(() => fragmentParams(window.location.hash).get('token') ?? '');
  const [cancel, { isLoading }] = useCancelInterpreterRequestMutation();
  const [done, setDone] = useState<Cancelled | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);

  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function confirm() {
    setOutcome(null);
    try {
      setDone(await cancel({ token }).unwrap());
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('request.cancelPage.failure') });
    }
  }

  return (
    <section className="page interpreting-page">
      <PageHeading title={t('request.cancelPage.title')} />
      <div className="card interpreting-narrow">
        {!token ? (
          <p className="notice notice--error">{t('request.cancelPage.noToken')}</p>
        ) : done ? (
          <>
            <h2 ref={headingRef} tabIndex={-1}>
              {t('request.cancelPage.doneHeading')}
            </h2>
            <p>{done.message}</p>
          </>
        ) : (
          <>
            <p>{t('request.cancelPage.confirm')}</p>
            <button type="button" className="button button--primary" disabled={isLoading} onClick={() => void confirm()}>
              {isLoading ? t('request.cancelPage.cancelling') : t('request.cancelPage.button')}
            </button>
          </>
        )}
        <FormMessage message={outcome} />
      </div>
    </section>
  );
}
