import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';

import { PageHeading } from '../../../components/page-heading';
import { Spinner } from '../../../components/spinner';
import { errorStatus } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import '../components/verify.css';
import { hoursText } from '../../../lib/cpd';
import {
  type CertificateVerification,
  type MembershipVerification,
  type Standing,
  useGetVerificationQuery,
} from '../verify-api';

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
function MembershipVerdict({ verified }: { verified: MembershipVerification }) {
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

/** What a CPD certificate's code verifies: the facts the certificate prints (a revoked one is not found). */
function CertificateVerdict({ verified }: { verified: CertificateVerification }) {
  const { t } = useTranslation('verify');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const on = formatDate(verified.date, 'long');
  const hours = hoursText(verified.hours);
  const facts: [string, string][] = [
    [t('certificate.facts.name'), verified.name],
    [t('certificate.facts.title'), verified.title],
    [t('certificate.facts.date'), on],
    [t('certificate.facts.hours'), hours],
    [t('certificate.facts.category'), t(`certificate.categories.${verified.category}`)],
  ];
  return (
    <article className="card verify" aria-labelledby="verify-verdict">
      <div className="notice notice--success verify__verdict">
        <h2 id="verify-verdict" ref={headingRef} tabIndex={-1}>
          {t('certificate.heading')}
        </h2>
        <p>{t('certificate.text', { name: verified.name, hours, title: verified.title, date: on })}</p>
      </div>
      <dl className="verify__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="verify__note">{t('certificate.note', { date: formatDate(new Date(), 'long') })}</p>
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
 * /verify/:code: what a membership card's or a CPD certificate's QR code opens, for anyone who
 * holds it in front of them: whether the card stands for a member today, or the certificate's
 * facts, as the document shows them. No account; nothing of the person beyond the document.
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
  } else if (data.kind === 'cpd_certificate') {
    content = <CertificateVerdict key={code} verified={data} />;
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
