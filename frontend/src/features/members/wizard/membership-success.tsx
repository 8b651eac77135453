import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';

import { useTranslation } from '../../../lib/use-translation';

/** Replaces the wizard once the application is in: the server's words and a way home. */
export function MembershipSuccess({ message }: { message: string }) {
  const { t } = useTranslation('membership');
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form the focus was in is gone: the news takes its place.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section className="membership-success" aria-labelledby="membership-success-heading">
      <h2 id="membership-success-heading" ref={headingRef} tabIndex={-1}>
        {t('success.heading')}
      </h2>
      <p className="notice notice--success">{message || t('success.message')}</p>
      <Link to="/" className="button button--primary">
        {t('success.backHome')}
      </Link>
    </section>
  );
}
