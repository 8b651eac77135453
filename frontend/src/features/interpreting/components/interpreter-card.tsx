import { Link } from 'react-router-dom';

import { languageLabel, levelLabel, settingLabel } from '../../../lib/interpreting';
import { useTranslation } from '../../../lib/use-translation';
import type { Interpreter } from '../api';

/** One interpreter of the directory: only what they chose to show, and the way to ask for them. */
export function InterpreterCard({ interpreter }: { interpreter: Interpreter }) {
  const { t } = useTranslation('interpreting');
  const headingId = `interpreter-${interpreter.id}`;
  const languages = [...interpreter.sign_languages, ...interpreter.spoken_languages];
  return (
    <article className="card interpreter-card" aria-labelledby={headingId}>
      <div className="interpreter-card__head">
        {interpreter.photo_url ? (
          <img className="interpreter-card__photo" src={interpreter.photo_url} alt="" width={72} height={72} loading="lazy" />
        ) : (
          <span className="interpreter-card__photo interpreter-card__photo--none" aria-hidden="true">
            {interpreter.display_name.slice(0, 1)}
          </span>
        )}
        <div>
          <h3 id={headingId} className="interpreter-card__name">
            {interpreter.display_name}
          </h3>
          {interpreter.verified && <p className="interpreter-card__verified">{t('directory.card.verified')}</p>}
          <p className="interpreter-card__level">
            {[
              interpreter.certification_level ? levelLabel(t, interpreter.certification_level) : null,
              t('directory.card.years', { count: interpreter.years_of_practice }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
      <dl className="interpreter-card__facts">
        <dt>{t('directory.card.languages')}</dt>
        <dd>{languages.map((value) => languageLabel(t, value)).join(', ')}</dd>
        <dt>{t('directory.card.districts')}</dt>
        <dd>{interpreter.districts.join(', ')}</dd>
        {interpreter.settings.length > 0 && (
          <>
            <dt>{t('directory.card.settings')}</dt>
            <dd>{interpreter.settings.map((value) => settingLabel(t, value)).join(', ')}</dd>
          </>
        )}
        {interpreter.phone && (
          <>
            <dt>{t('directory.card.phone')}</dt>
            <dd>
              <a href={`tel:${interpreter.phone}`}>{interpreter.phone}</a>
            </dd>
          </>
        )}
        {interpreter.email && (
          <>
            <dt>{t('directory.card.email')}</dt>
            <dd>
              <a href={`mailto:${interpreter.email}`}>{interpreter.email}</a>
            </dd>
          </>
        )}
      </dl>
      {interpreter.bio && <p className="interpreter-card__bio">{interpreter.bio}</p>}
      <Link
        className="button button--primary interpreter-card__request"
        to={`/request-interpreter?interpreter=${interpreter.id}`}
        aria-describedby={headingId}
      >
        {t('directory.card.request')}
      </Link>
    </article>
  );
}
