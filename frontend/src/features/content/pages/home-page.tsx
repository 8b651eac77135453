import { Link } from 'react-router-dom';

import heroImage from '../../../assets/site/hero-signing.svg?no-inline';
import { useTranslation } from '../../../lib/use-translation';
import { WatchSignedVideo } from '../../signed-videos/watch-signed-video';
import { PageHero } from '../components/page-hero';
import { PartnerStrip } from '../components/partner-strip';
import { ServiceCard } from '../components/service-card';
import { SERVICES } from '../components/services';
import '../components/site-pages.css';
import { catalogueList, SiteSection } from '../components/site-section';

/** How many services the home page shows before sending visitors on to /services. */
const SERVICES_TEASER = 3;

/** /: who we are, what we do and how to join, with the partners' logos at the bottom. */
export function HomePage() {
  const { t } = useTranslation(['site', 'common']);

  return (
    <div className="site-page home-page">
      <PageHero
        title={t('home.hero.title')}
        lead={t('home.hero.lead')}
        image={heroImage}
        documentTitle={t('common:pages.home')}
        after={<WatchSignedVideo target="page:home" />}
      >
        <Link to="/membership" className="button button--accent">
          {t('home.hero.join')}
        </Link>
      </PageHero>

      <section className="mission-banner" aria-labelledby="mission-banner-heading">
        <div className="container">
          <h2 id="mission-banner-heading">{t('home.banner.title')}</h2>
          <p>{t('home.banner.text')}</p>
          <Link to="/about" className="button button--accent">
            {t('home.banner.learnMore')}
          </Link>
        </div>
      </section>

      <SiteSection id="about" heading={t('home.about.heading')}>
        <div className="site-prose">
          {catalogueList(t, 'home.about.paragraphs').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Link to="/about">{t('home.about.link')}</Link>
      </SiteSection>

      <SiteSection id="services" heading={t('home.services.heading')} tinted>
        <p className="site-section__lead">{t('home.services.lead')}</p>
        <ul className="site-grid">
          {SERVICES.slice(0, SERVICES_TEASER).map((service) => (
            <li key={service.id}>
              <ServiceCard service={service} headingLevel={3} />
            </li>
          ))}
        </ul>
        <p className="site-section__more">
          <Link to="/services" className="button button--primary">
            {t('home.services.link')}
          </Link>
        </p>
      </SiteSection>

      <SiteSection id="mission-vision" heading={t('home.missionVision.heading')}>
        <div className="mission-vision">
          <div className="card mission-vision__card">
            <h3>{t('mission.heading')}</h3>
            <p>{t('mission.statement')}</p>
          </div>
          <div className="card mission-vision__card">
            <h3>{t('vision.heading')}</h3>
            <p>{t('vision.statement')}</p>
          </div>
        </div>
      </SiteSection>

      <section className="container" aria-labelledby="get-involved-heading">
        <div className="call-to-action">
          <h2 id="get-involved-heading">{t('home.getInvolved.heading')}</h2>
          <p>{t('home.getInvolved.text')}</p>
          <div className="site-actions">
            <Link to="/membership" className="button button--primary">
              {t('home.getInvolved.join')}
            </Link>
            <Link to="/events" className="button button--secondary">
              {t('home.getInvolved.events')}
            </Link>
            <Link to="/contact" className="button button--secondary">
              {t('home.getInvolved.contact')}
            </Link>
          </div>
        </div>
      </section>

      <SiteSection id="partners" heading={t('home.partners.heading')}>
        <p className="site-section__lead">{t('home.partners.lead')}</p>
        <PartnerStrip />
      </SiteSection>
    </div>
  );
}
