import { Link } from 'react-router-dom';

import heroImage from '../../../assets/site/mentorship.svg?no-inline';
import { useTranslation } from '../../../lib/use-translation';
import { PageHero } from '../components/page-hero';
import '../components/site-pages.css';
import { catalogueList, SiteSection } from '../components/site-section';

/** A card with a heading and a bulleted list from the catalogue. */
function ListCard({ id, heading, items }: { id: string; heading: string; items: string[] }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className="tick-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** /mentorshipdetail: the mentorship programme, who it is for and how to apply. */
export function MentorshipDetailPage() {
  const { t } = useTranslation('site');

  return (
    <div className="site-page mentorship-page">
      <PageHero title={t('mentorship.title')} lead={t('mentorship.lead')} image={heroImage} />

      <SiteSection id="mentorship-what" heading={t('mentorship.what.heading')} tinted>
        <div className="site-prose">
          {catalogueList(t, 'mentorship.what.paragraphs').map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <div className="mission-vision">
          <ListCard
            id="mentorship-who"
            heading={t('mentorship.who.heading')}
            items={catalogueList(t, 'mentorship.who.items')}
          />
          <ListCard
            id="mentorship-benefits"
            heading={t('mentorship.benefits.heading')}
            items={catalogueList(t, 'mentorship.benefits.items')}
          />
        </div>
      </SiteSection>

      <SiteSection id="mentorship-apply" heading={t('mentorship.apply.heading')}>
        <ol className="steps">
          {catalogueList(t, 'mentorship.apply.steps').map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="site-actions">
          <Link to="/contact" className="button button--primary">
            {t('mentorship.apply.contact')}
          </Link>
          <Link to="/membership" className="button button--secondary">
            {t('mentorship.apply.membership')}
          </Link>
        </div>
      </SiteSection>
    </div>
  );
}
