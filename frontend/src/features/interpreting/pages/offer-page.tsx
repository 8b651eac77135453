import { useEffect, useRef, useState } from 'react';

import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { PageHeading } from '../../../components/page-heading';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { fragmentParams, useAnswerInterpreterOfferMutation, type OfferAnswered } from '../requests-api';
import './interpreting.css';

/**
 * /interpreter-offer#token=…&answer=accept: the offer e-mail's links. Opening the link answers
 * nothing (a mail scanner may open it); the interpreter presses Accept or Decline.
 */
export function OfferPage() {
  const { t } = useTranslation('interpreting');
  const [{ token, suggested }] = useState(() => {
    const params = fragmentParams(window.location.hash);
    return { token: params.get('token') ?? '', suggested: params.get('answer') === 'decline' ? 'decline' : 'accept' };
  });
  const [answer, { isLoading }] = useAnswerInterpreterOfferMutation();
  const [done, setDone] = useState<OfferAnswered | null>(null);
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) headingRef.current?.focus();
  }, [done]);

  useEffect(() => {
    // The token stays out of the address bar (and of any page the interpreter goes on to).
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);

  async function send(choice: 'accept' | 'decline') {
    setOutcome(null);
    try {
      setDone(await answer({ token, answer: choice }).unwrap());
    } catch (failure) {
      setOutcome({ kind: 'error', text: apiErrorMessage(failure) ?? t('offer.failure') });
    }
  }

  return (
    <section className="page interpreting-page">
      <PageHeading title={t('offer.title')}>
        <p>{t('offer.intro')}</p>
      </PageHeading>
      <div className="card interpreting-narrow">
        {!token ? (
          <p className="notice notice--error">{t('offer.noToken')}</p>
        ) : done ? (
          <>
            <h2 ref={headingRef} tabIndex={-1}>
              {done.status === 'accepted' ? t('offer.acceptedHeading') : t('offer.declinedHeading')}
            </h2>
            <p>{done.message}</p>
            <p>{t('offer.when', { date: formatDate(done.date, 'long'), time: done.start_time.slice(0, 5) })}</p>
          </>
        ) : (
          <>
            <p>{suggested === 'accept' ? t('offer.confirmAccept') : t('offer.confirmDecline')}</p>
            <div className="interpreting-actions">
              <button type="button" className={`button ${suggested === 'accept' ? 'button--primary' : 'button--secondary'}`} disabled={isLoading} onClick={() => void send('accept')}>
                {t('offer.accept')}
              </button>
              <button type="button" className={`button ${suggested === 'decline' ? 'button--primary' : 'button--secondary'}`} disabled={isLoading} onClick={() => void send('decline')}>
                {t('offer.decline')}
              </button>
            </div>
          </>
        )}
        <FormMessage message={outcome} />
      </div>
    </section>
  );
}
