import { Link } from 'react-router-dom';

import heroImage from '../../../assets/site/hero-community.svg?no-inline';
import { useTranslation } from '../../../lib/use-translation';
import { WatchSignedVideo } from '../../signed-videos/watch-signed-video';
import { InitialsAvatar } from '../components/initials-avatar';
import { PageHero } from '../components/page-hero';
import { PARTNERS } from '../components/partners';
import '../components/site-pages.css';
import { catalogueList, SiteSection } from '../components/site-section';

interface Item {
  title: string;
  description: string;
}

interface Person {
  name: string;
  role: string;
}

/** SPEC §2: the executive (5 people), conflict resolution (3) and audit (3) committees. */
const COMMITTEES = ['executive', 'conflictResolution', 'audit'] as const;

/** Titled cards (values, services, ways to help) in a responsive grid. */
function CardGrid({ items, four = false }: { items: Item[]; four?: boolean }) {
  return (
    <ul className={`site-grid${four ? ' site-grid--four' : ''}`}>
      {items.map((item) => (
        <li key={item.title}>
          <div className="card site-grid__card">
            <h3>{item.title}</h3>
            <p>{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /about: who we are, what we believe, who leads us and who we work with. */
export function AboutPage() {
  const { t } = useTranslation(['site', 'common']);

  return (
    <div className="site-page about-page">
      <PageHero
        title={t('common:pages.about')}
        lead={t('about.hero.lead')}
        image={heroImage}
        after={<WatchSignedVideo target="page:about" />}
      />

      <div className="site-section container mission-vision">
        {(['mission', 'vision'] as const).map((part) => (
          <section key={part} className="card mission-vision__card" aria-labelledby={`${part}-heading`}>
            <h2 id={`${part}-heading`}>{t(`${part}.heading`)}</h2>
            <p>
              <strong>{t(`${part}.statement`)}</strong>
            </p>
            <p>{t(`about.${part}`)}</p>
          </section>
        ))}
      </div>

      <SiteSection id="history" heading={t('about.history.heading')}>
        <div className="site-prose">
          {catalogueList<string>(t, 'about.history.paragraphs').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <figure className="site-quote">
          <blockquote>
            <p>{t('about.quote.text')}</p>
          </blockquote>
          <figcaption>{t('about.quote.source')}</figcaption>
        </figure>
      </SiteSection>

      <SiteSection id="goals" heading={t('about.goals.heading')} tinted>
        <ol className="goal-list">
          {catalogueList<string>(t, 'about.goals.items').map((goal) => (
            <li key={goal}>{goal}</li>
          ))}
        </ol>
      </SiteSection>

      <SiteSection id="values" heading={t('about.values.heading')}>
        <CardGrid items={catalogueList<Item>(t, 'about.values.items')} four />
      </SiteSection>

      <SiteSection id="what-we-do" heading={t('about.services.heading')} tinted>
        <CardGrid items={catalogueList<Item>(t, 'about.services.items')} four />
        <p className="site-section__more">
          <Link to="/services">{t('about.services.link')}</Link>
        </p>
      </SiteSection>

      <SiteSection id="get-involved" heading={t('about.getInvolved.heading')}>
        <p className="site-section__lead">{t('about.getInvolved.lead')}</p>
        <CardGrid items={catalogueList<Item>(t, 'about.getInvolved.items')} />
        <p className="site-section__more">
          <Link to="/membership" className="button button--accent">
            {t('about.getInvolved.join')}
          </Link>
        </p>
      </SiteSection>

      <SiteSection id="leadership" heading={t('about.leadership.heading')} tinted>
        <p className="notice sample-note">{t('about.leadership.sampleNote')}</p>
        {COMMITTEES.map((committee) => (
          <section key={committee} className="committee" aria-labelledby={`committee-${committee}`}>
            <h3 id={`committee-${committee}`}>{t(`about.leadership.committees.${committee}.heading`)}</h3>
            <ul className="person-list">
              {catalogueList<Person>(t, `about.leadership.committees.${committee}.members`).map((person) => (
                <li key={person.name} className="card person">
                  <InitialsAvatar name={person.name} />
                  <p className="person__name">{person.name}</p>
                  <p className="person__role">{person.role}</p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </SiteSection>

      <SiteSection id="partners" heading={t('about.partners.heading')}>
        <p className="site-section__lead">{t('about.partners.lead')}</p>
        <ul className="site-grid site-grid--four">
          {PARTNERS.map((partner) => (
            <li key={partner.acronym}>
              <div className="card partner-card">
                <img src={partner.logo} alt="" width={240} height={120} loading="lazy" />
                <h3>
                  {t(`partners.${partner.acronym}.name`)} ({partner.acronym})
                </h3>
                <p>{t(`partners.${partner.acronym}.description`)}</p>
                <a href={partner.website} target="_blank" rel="noopener noreferrer">
                  {t('about.partners.visit', { name: partner.acronym })}
                  <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </SiteSection>
    </div>
  );
}
