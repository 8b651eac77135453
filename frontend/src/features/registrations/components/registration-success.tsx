import { useEffect, useRef, useState } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { RegistrationAnswer } from '../public-api';
import { ConfirmWithin } from './confirm-within';
import { PaymentInstructions } from './payment-instructions';

const INSTRUCTIONS_ID = 'payment-instructions';

/** Replaces the form once registered: the payment reference, and the instructions behind a button. */
export function RegistrationSuccess({ answer }: { answer: RegistrationAnswer }) {
  const { t } = useTranslation('registration');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [open, setOpen] = useState(false);
  const free = !answer.payment_info.amount;
  const reference = answer.payment_reference;

  // The form the focus was in is gone: the news takes its place.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="registration-success" aria-labelledby="registration-success-heading">
      <h2 id="registration-success-heading" ref={headingRef} tabIndex={-1}>
        {t('success.heading')}
      </h2>
      <ConfirmWithin minutes={answer.confirm_minutes} place="seat" />
      {free ? (
        // Nothing to pay and nothing to quote: the e-mail's link confirms the seat.
        <p className="notice notice--success">{t('success.messageFree')}</p>
      ) : (
        <>
          <p className="notice notice--success">{t('success.message')}</p>
          <div className="registration-success__reference">
            <dl>
              <dt>{t('success.referenceLabel')}</dt>
              <dd className="registration-success__code">{reference}</dd>
            </dl>
            <p className="registration-success__note">{t('success.referenceNote')}</p>
          </div>
          <button
            type="button"
            className="button button--primary"
            aria-expanded={open}
            aria-controls={INSTRUCTIONS_ID}
            onClick={() => setOpen((shown) => !shown)}
          >
            {t('success.viewInstructions')}
          </button>
          <PaymentInstructions id={INSTRUCTIONS_ID} hidden={!open} answer={answer} />
        </>
      )}
    </section>
  );
}
