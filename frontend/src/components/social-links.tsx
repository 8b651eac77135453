import icons from '../assets/site-icons.svg?no-inline';
import { SOCIAL_LINKS } from '../lib/site-config';
import { useTranslation } from '../lib/use-translation';

// The icons are <symbol>s of one SVG file (assets/site-icons.svg), cached apart from the script.
const NETWORKS = ['facebook', 'x', 'instagram'] as const;

/** Links to the association's three social networks, as icons with readable names. */
export function SocialLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`social-links ${className}`.trim()} aria-label={t('social.label')}>
      {NETWORKS.map((network) => (
        <li key={network}>
          <a
            className="social-links__link"
            href={SOCIAL_LINKS[network]}
            target="_blank"
            rel="noopener noreferrer"
          >
            <svg width="20" height="20" aria-hidden="true" focusable="false">
              <use href={`${icons}#${network}`} fill="currentColor" />
            </svg>
            <span className="visually-hidden">
              {t(`social.${network}`)} {t('a11y.opensInNewTab')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
