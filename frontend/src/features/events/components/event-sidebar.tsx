import { Link } from 'react-router-dom';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { LoadingText } from '../../../components/loading-text';
import { phoneHref } from '../../../lib/event-defaults';
import { SHARE_TARGETS, shareLinks } from '../../../lib/share-links';
import { useTranslation } from '../../../lib/use-translation';
import { mailtoHref } from '../../../lib/mailto';

/** 'Get in Touch': the event's own contact details, the association's when it has none. */
export function GetInTouch({ email, phone }: { email?: string | null; phone?: string | null }) {
  const { t } = useTranslation('event-detail');
  const ownEmail = email?.trim();
  const ownPhone = phone?.trim();
  const association = useGetSiteConfigQuery(undefined, { skip: Boolean(ownEmail && ownPhone) }).data?.association;
  const contactEmail = ownEmail || association?.email;
  const contactPhone = ownPhone || association?.phone;
  return (
    <section className="card event-aside" aria-labelledby="event-contact-heading">
      <h2 id="event-contact-heading">{t('detail.contactHeading')}</h2>
      <ul className="plain-list event-contact">
        <li>
          <span className="event-contact__label">{t('detail.emailLabel')}: </span>
          {contactEmail ? <a href={mailtoHref(contactEmail)}>{contactEmail}</a> : <LoadingText />}
        </li>
        <li>
          <span className="event-contact__label">{t('detail.phoneLabel')}: </span>
          {contactPhone ? <a href={phoneHref(contactPhone)}>{contactPhone}</a> : <LoadingText />}
        </li>
      </ul>
      <p className="event-aside__support">
        {t('detail.supportText')} <Link to="/contact">{t('detail.supportLink')}</Link>
      </p>
    </section>
  );
}

/** The event's own call for abstracts, an external page opened in a new tab (only when it has one). */
export function CallForAbstract({ url }: { url: string }) {
  const { t } = useTranslation(['event-detail', 'common']);
  return (
    <section className="card event-aside" aria-labelledby="event-abstract-heading">
      <h2 id="event-abstract-heading">{t('detail.abstractHeading')}</h2>
      <p>{t('detail.abstractText')}</p>
      <a className="button button--accent" href={url} target="_blank" rel="noopener noreferrer">
        {t('detail.abstractLink')}
        <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
      </a>
    </section>
  );
}

/** Plain share links (no SDK, no script) built from the page's address and the event title. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation(['event-detail', 'common']);
  const links = shareLinks(url, title);
  return (
    <section className="card event-aside" aria-labelledby="event-share-heading">
      <h2 id="event-share-heading">{t('detail.shareHeading')}</h2>
      <ul className="plain-list share-links">
        {SHARE_TARGETS.map((target) => (
          <li key={target}>
            {target === 'email' ? (
              <a className="share-links__link" href={links.email}>
                {t(`detail.share.${target}`)}
              </a>
            ) : (
              <a className="share-links__link" href={links[target]} target="_blank" rel="noopener noreferrer">
                {t(`detail.share.${target}`)}
                <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
