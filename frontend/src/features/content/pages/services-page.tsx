import { useEffect, useRef, useState } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { WatchSignedVideo } from '../../signed-videos/watch-signed-video';
import { ServiceCard } from '../components/service-card';
import { SERVICES } from '../components/services';
import '../components/site-pages.css';

/** SPEC §9: three cards at first, three more per Show More. */
export const SERVICES_FIRST = 3;
export const SERVICES_STEP = 3;

/** /services: the twelve services, a few at a time. */
export function ServicesPage() {
  const { t } = useTranslation('site');
  const [shown, setShown] = useState(SERVICES_FIRST);
  // The first card a Show More press added: focus goes there, so keyboard and screen-reader
  // users carry on reading where the new cards begin.
  const [firstNew, setFirstNew] = useState<number | null>(null);
  const firstNewCard = useRef<HTMLElement>(null);

  useEffect(() => {
    if (firstNew !== null) firstNewCard.current?.focus();
  }, [firstNew]);

  function showMore() {
    setFirstNew(shown);
    setShown(Math.min(shown + SERVICES_STEP, SERVICES.length));
  }

  return (
    <section className="page site-page services-page">
      <PageHeading title={t('services.title')}>
        <p>{t('services.lead')}</p>
        <WatchSignedVideo target="page:services" />
      </PageHeading>
      <ul className="site-grid">
        {SERVICES.slice(0, shown).map((service, index) => (
          <li key={service.id}>
            <ServiceCard
              service={service}
              focusTarget={index === firstNew}
              ref={index === firstNew ? firstNewCard : undefined}
            />
          </li>
        ))}
      </ul>
      <div className="services-page__more">
        <p className="services-page__count" role="status">
          {t('services.showing', { shown, total: SERVICES.length })}
        </p>
        {shown < SERVICES.length && (
          <button type="button" className="button button--primary" onClick={showMore}>
            {t('services.showMore')}
          </button>
        )}
      </div>
    </section>
  );
}
