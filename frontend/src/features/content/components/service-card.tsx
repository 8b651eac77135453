import type { Ref } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { Service } from './services';

interface ServiceCardProps {
  service: Service;
  /** 2 on the services page, 3 inside a section of the home page. */
  headingLevel?: 2 | 3;
  /** Focusable from script only: the services page moves focus to the first new card. */
  focusTarget?: boolean;
  ref?: Ref<HTMLElement>;
}

/** One service: its picture (decorative: the title says it all), title and description. */
export function ServiceCard({ service, headingLevel = 2, focusTarget = false, ref }: ServiceCardProps) {
  const { t } = useTranslation('site');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `service-${service.id}`;
  return (
    <article ref={ref} className="service-card" aria-labelledby={headingId} tabIndex={focusTarget ? -1 : undefined}>
      <img className="service-card__picture" src={service.picture} alt="" width={400} height={240} loading="lazy" />
      <div className="service-card__body">
        <Heading id={headingId} className="service-card__title">
          {t(`services.items.${service.id}.title`)}
        </Heading>
        <p>{t(`services.items.${service.id}.description`)}</p>
      </div>
    </article>
  );
}
