import { useId } from 'react';

import { availableLanguages, chooseLanguage, LANGUAGE_INFO, type Language } from '../lib/i18n';
import { useTranslation } from '../lib/use-translation';
import './language-picker.css';

interface Props {
  /** Only the globe shows beside the list; the label stays for screen readers (tight headers). */
  compact?: boolean;
  className?: string;
  /** The languages to offer: those with catalogues (tests give their own). */
  languages?: readonly Language[];
}

/**
 * The language switcher: each language named in itself (a reader looks for their own language's
 * name, whatever the page shows now). The choice applies at once and is remembered in this
 * browser. Nothing shows while the site offers one language only.
 */
export function LanguagePicker({ compact = false, className = '', languages = availableLanguages }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const offered = (Object.keys(LANGUAGE_INFO) as Language[]).filter((language) => languages.includes(language));
  if (offered.length < 2) return null;
  return (
    <div className={`language-picker${compact ? ' language-picker--compact' : ''} ${className}`.trim()}>
      <label htmlFor={id} className="language-picker__label">
        {/* A globe: the sign of a language choice, for those who cannot read the label's language. */}
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3.5 9h17M3.5 15h17M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        <span className={compact ? 'visually-hidden' : undefined}>{t('language.label')}</span>
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={i18n.language}
        onChange={(event) => void chooseLanguage(event.target.value)}
      >
        {offered.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_INFO[language].name}
          </option>
        ))}
      </select>
    </div>
  );
}
