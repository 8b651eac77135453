import { SOCIAL_LINKS } from '../lib/site-config';
import { useTranslation } from '../lib/use-translation';

const ICONS = {
  facebook:
    'M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H7v4h2v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z',
  x: 'M4 4h4.6l4.1 5.6L17.6 4H20l-6.2 7.2L20.5 20h-4.6l-4.4-6-5.3 6H3.8l6.6-7.6z',
  instagram:
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6.2a1 1 0 1 1 0 2 1 1 0 0 1 0-2z',
} as const;

type Network = keyof typeof ICONS;
const NETWORKS: Network[] = ['facebook', 'x', 'instagram'];

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
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={ICONS[network]} fill="currentColor" fillRule="evenodd" />
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
