import { useId } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { AccessNeeds as Needs } from '../admin-api';

/**
 * What the registrants declared they need (interpreters, disabilities), so that organisers can
 * book interpreters and arrange access in good time. Rejected registrations are not counted.
 */
export function AccessNeeds({ needs }: { needs: Needs }) {
  const { t } = useTranslation('registrations-admin');
  const headingId = useId();
  const disabilities = Object.entries(needs.disabilities).filter(([, count]) => count > 0);
  return (
    <section className="registration-panel access-needs" aria-labelledby={headingId}>
      <h2 id={headingId} className="registration-panel__title">
        {t('access.title')}
      </h2>
      <p className="registration-panel__lead">{t('access.lead')}</p>
      <p className="access-needs__interpreters">{t('access.interpreters', { count: needs.needs_interpreter })}</p>
      {disabilities.length === 0 ? (
        <p className="registration-panel__lead">{t('access.noDisabilities')}</p>
      ) : (
        <ul className="access-needs__list plain-list" aria-label={t('access.disabilitiesLabel')}>
          {disabilities.map(([disability, count]) => (
            <li key={disability}>
              {t('access.disability', { disability: t(`disability.${disability}`, { defaultValue: disability }), count })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
