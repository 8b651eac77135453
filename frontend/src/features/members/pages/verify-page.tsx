import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { errorStatus } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import '../components/verify.css';
import { type Standing, type Verification, useGetVerificationQuery } from '../verify-api';

// For app/route-prefetch.ts, which fills the answer's cache as this page's code arrives.
export { verifyApi } from '../verify-api';

/** The verdict's colour: green while valid, amber when ending or in grace, red once lapsed. */
const TONE: Record<Standing, 'success' | 'warning' | 'error'> = {
  Active: 'success',
  Expiring: 'warning',
  Grace: 'warning',
  Lapsed: 'error',
};

/** What a membership card's code verifies, focused when it arrives (a placeholder came first). */
function MembershipVerdict({ verified }: { verified: Verification }) {
  const { t } = useTranslation('verify');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const until = formatDate(verified.valid_until, 'long');
  const facts: [string, string, string?][] = [
    [t('facts.name'), verified.name],
    [t('facts.number'), verified.membership_number, 'verify__number'],
    [t('facts.type'), t(`type.${verified.membership_type}`)],
    [t('facts.validUntil'), until],
    [t('facts.standing'), t(`standing.${verified.standing}`)],
  ];
  return (
    <article className="card verify" aria-labelledby="verify-verdict">
      <div className={`notice notice--${TONE[verified.standing]} verify__verdict`}>
        <h2 id="verify-verdict" ref={headingRef} tabIndex={-1}>
          {t(`verdict.${verified.standing}.heading`)}
        </h2>
        <p>{t(`verdict.${verified.standing}.text`, { name: verified.name, date: until })}</p>
      </div>
      <dl className="verify__facts">
        {facts.map(([label, value, className]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="verify__note">{t('note', { date: formatDate(new Date(), 'long') })}</p>
    </article>
  );
}

function Problem({ heading, message }: { heading?: string; message: string }) {
  return (
    <div className="notice notice--error verify__verdict" role="alert">
      {heading && <h2>{heading}</h2>}
      <p>{message}</p>
    </div>
  );
}

/**
 * /verify/:code: what a membership card's QR code opens (later a certificate's too), for anyone
 * who holds the card in front of them: whether it stands for a member today, with the facts the
 * card shows. No account; nothing of the person beyond the card.
 */
export function VerifyPage() {
  const { t } = useTranslation('verify');
  const code = useParams().code?.trim() ?? '';
  const { data, error, isLoading } = useGetVerificationQuery(code, { skip: code === '' });

  let content;
  if (code === '' || errorStatus(error) === 404) {
    content = <Problem heading={t('notFound.heading')} message={t('notFound.text')} />;
  } else if (isLoading) {
    content = <Spinner label={t('loading')} />;
  } else if (!data) {
    content = <Problem message={errorStatus(error) === 429 ? t('tooMany') : t('failed')} />;
  } else {
    content = <MembershipVerdict key={`${code}-${data.standing}`} verified={data} />;
  }

  return (
    <section className="page page--narrow verify-page">
      <PageHeading title={t('title')} />
      {content}
    </section>
  );
}
