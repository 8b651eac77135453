import { useGetSiteConfigQuery } from '../../../lib/api';
import { LoadingText } from '../../../components/loading-text';
import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { useGetPrivacyQuery } from '../api';
import './privacy.css';
import { mailtoHref } from '../../../lib/mailto';

/** What the portal keeps about a visitor, by the form that asks for it. */
const KEPT = ['registration', 'waitlist', 'membership', 'contact', 'emails'] as const;

/**
 * /privacy: what is kept, why and for how long (the periods the server is configured with),
 * how to have it erased, and the law (Rwanda's No. 058/2021, under which access needs are
 * sensitive health data). Every form that asks for access needs links here.
 */
export function PrivacyPage() {
  const { t } = useTranslation('privacy');
  const periods = useGetPrivacyQuery(undefined);
  const email = useGetSiteConfigQuery(undefined).data?.association.email;
  const retention = periods.data?.retention;
  const days = (count: number) => t('days', { count });

  return (
    <article className="page page--narrow privacy-page">
      <PageHeading title={t('title')}>
        <p>{t('lead')}</p>
      </PageHeading>

      <section className="card privacy-page__section" aria-labelledby="privacy-kept">
        <h2 id="privacy-kept">{t('kept.heading')}</h2>
        <ul className="privacy-page__list">
          {KEPT.map((form) => (
            <li key={form}>{t(`kept.${form}`)}</li>
          ))}
        </ul>
      </section>

      <section className="card privacy-page__section privacy-page__section--sensitive" aria-labelledby="privacy-sensitive">
        <h2 id="privacy-sensitive">{t('sensitive.heading')}</h2>
        <p>{t('sensitive.body')}</p>
      </section>

      <section className="card privacy-page__section" aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">{t('retention.heading')}</h2>
        {retention ? (
          <ul className="privacy-page__list">
            <li>{t('retention.ended', { period: days(retention.personal_data_days) })}</li>
            <li>{t('retention.emails', { period: days(retention.notification_body_days) })}</li>
            <li>{t('retention.members', { period: days(retention.member_rejected_days) })}</li>
            <li>{t('retention.audit', { period: days(retention.audit_days) })}</li>
            <li>{t('retention.kept')}</li>
            <li>{t('retention.figures')}</li>
          </ul>
        ) : periods.isError ? (
          <p role="alert" className="notice notice--error">
            {t('retention.loadFailed')}
          </p>
        ) : (
          <p>
            <LoadingText />
          </p>
        )}
      </section>

      <section className="card privacy-page__section" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('rights.heading')}</h2>
        <p>
          {t('rights.ask')}{' '}
          {email ? <a href={mailtoHref(email)}>{email}</a> : <LoadingText />}
        </p>
        <p>{t('rights.erase')}</p>
        <p>{t('rights.otherAddress')}</p>
      </section>

      {/* The terms every form that asks for agreement links to (/privacy#terms). */}
      <section id="terms" className="card privacy-page__section" aria-labelledby="privacy-terms">
        <h2 id="privacy-terms">{t('terms.heading')}</h2>
        <h3>{t('terms.membershipHeading')}</h3>
        <ul className="privacy-page__list">
          {(['aims', 'details', 'fee', 'decision'] as const).map((rule) => (
            <li key={rule}>{t(`terms.membership.${rule}`)}</li>
          ))}
        </ul>
        <h3>{t('terms.eventsHeading')}</h3>
        <ul className="privacy-page__list">
          {(['seat', 'payment', 'cancel', 'conduct'] as const).map((rule) => (
            <li key={rule}>{t(`terms.events.${rule}`)}</li>
          ))}
        </ul>
        <p>{t('terms.data')}</p>
      </section>

      <section className="card privacy-page__section" aria-labelledby="privacy-law">
        <h2 id="privacy-law">{t('law.heading')}</h2>
        <p>{t('law.body')}</p>
        <p>{t('law.complaint')}</p>
      </section>
    </article>
  );
}
