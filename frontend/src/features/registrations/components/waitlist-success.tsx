import { useEffect, useRef } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { WaitlistAnswer } from '../public-api';
import { ConfirmWithin } from './confirm-within';

/** Replaces the form once on the waiting list: the place counts once the e-mailed link is opened. */
export function WaitlistSuccess({ answer }: { answer: WaitlistAnswer }) {
  const { t } = useTranslation('registration');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="registration-success" aria-labelledby="waitlist-success-heading">
      <h2 id="waitlist-success-heading" ref={headingRef} tabIndex={-1}>
        {t('waitlist.joinedHeading')}
      </h2>
      <ConfirmWithin minutes={answer.confirm_minutes} place="waitlist" />
      <p className="notice notice--success">{t('waitlist.joined')}</p>
      <p>{t('waitlist.whatNext')}</p>
    </section>
  );
}
