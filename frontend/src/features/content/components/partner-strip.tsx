import { useState } from 'react';

import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion';
import { useTranslation } from '../../../lib/use-translation';
import { PARTNERS } from './partners';

/**
 * The partners' logos moving sideways in an endless loop (SPEC §9: 30 s a lap; the row is there
 * twice, so that its end joins its start). Moving content needs a way to stop it (WCAG 2.2.2): a
 * visible Pause / Play button; with reduced motion the logos simply stand still, once each.
 */
export function PartnerStrip() {
  const { t } = useTranslation('site');
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const moving = !reducedMotion;
  const laps = moving ? [false, true] : [false];

  return (
    <div className={`partner-strip${moving ? ' partner-strip--moving' : ''}${paused ? ' partner-strip--paused' : ''}`}>
      {moving && (
        <button
          type="button"
          className="button button--secondary partner-strip__toggle"
          aria-label={t(paused ? 'home.partners.playLabel' : 'home.partners.pauseLabel')}
          onClick={() => setPaused(!paused)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path fill="currentColor" d={paused ? 'M4 2l10 6-10 6z' : 'M3 2h4v12H3zM9 2h4v12H9z'} />
          </svg>
          {t(paused ? 'home.partners.play' : 'home.partners.pause')}
        </button>
      )}
      <div className="partner-strip__viewport">
        <ul className="plain-list partner-strip__track" aria-label={t('home.partners.listLabel')}>
          {laps.map((copy) =>
            PARTNERS.map((partner) => (
              // The second lap only makes the loop seamless: hidden from assistive technology.
              <li
                key={`${partner.acronym}${copy ? '-copy' : ''}`}
                className="partner-strip__item"
                aria-hidden={copy || undefined}
              >
                <img
                  src={partner.logo}
                  alt={copy ? '' : `${t(`partners.${partner.acronym}.name`)} (${partner.acronym})`}
                  width={240}
                  height={120}
                  loading="lazy"
                />
              </li>
            )),
          )}
        </ul>
      </div>
    </div>
  );
}
