import { useEffect, useRef } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { WaitlistAnswer } from '../public-api';

/** Replaces the form once on the waiting list: the server's message and the visitor's place in the queue. */
export function WaitlistSuccess({ answer }: { answer: WaitlistAnswer }) {
  const { t } = useTranslation('registration');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="registration-success" aria-labelledby="waitlist-success-heading">
      <h2 id="waitlist-success-heading" ref={headingRef} tabIndex={-1}>
        {t('waitlist.joinedHeading')}
      </h2>
      <p className="notice notice--success">{answer.message || t('waitlist.joined')}</p>
      <p className="registration-success__position">
        {t('waitlist.position', { position: answer.waitlist_entry.position })}
      </p>
      <p>{t('waitlist.whatNext')}</p>
    </section>
  );
}
