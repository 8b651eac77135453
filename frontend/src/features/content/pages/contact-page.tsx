import { useGetSiteConfigQuery } from '../../../lib/api';
import { LoadingText } from '../../../components/loading-text';
import { PageHeading } from '../../../components/page-heading';
import { SocialLinks } from '../../../components/social-links';
import { phoneHref } from '../../../lib/event-defaults';
import { useTranslation } from '../../../lib/use-translation';
import { ContactForm } from '../components/contact-form';
import './contact-page.css';
import { mailtoHref } from '../../../lib/mailto';

export function ContactPage() {
  const { t } = useTranslation(['common', 'contact']);
  const association = useGetSiteConfigQuery(undefined).data?.association;
  return (
    <section className="page contact-page">
      <PageHeading title={t('pages.contact')}>
        <p>{t('contact:intro')}</p>
      </PageHeading>
      <div className="contact-page__grid">
        <div className="card">
          <h2>{t('contact:formHeading')}</h2>
          <ContactForm />
        </div>
        <aside className="contact-page__aside">
          <div className="card">
            <h2>{t('contact:locationHeading')}</h2>
            <address>
              <p>{t('site.location')}</p>
            </address>
            <h2>{t('contact:reachUs')}</h2>
            <ul className="plain-list">
              <li>
                {t('footer.emailLabel')}:{' '}
                {association ? <a href={mailtoHref(association.email)}>{association.email}</a> : <LoadingText />}
              </li>
              <li>
                {t('footer.phoneLabel')}:{' '}
                {association ? <a href={phoneHref(association.phone)}>{association.phone}</a> : <LoadingText />}
              </li>
            </ul>
            <h2>{t('contact:socialHeading')}</h2>
            <SocialLinks className="social-links--on-light" />
          </div>
        </aside>
      </div>
    </section>
  );
}
