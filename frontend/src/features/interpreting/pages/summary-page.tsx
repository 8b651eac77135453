import { Link } from 'react-router-dom';

import { LoadingText } from '../../../components/loading-text';
import { PageHeading } from '../../../components/page-heading';
import { settingLabel } from '../../../lib/interpreting';
import { useTranslation } from '../../../lib/use-translation';
import { useGetInterpretingSummaryQuery } from '../requests-api';
import './interpreting.css';

const percent = (share: number | null | undefined) => (share === null || share === undefined ? '–' : `${Math.round(share * 100)} %`);

/** /interpreting: the requests this year and last, how many were filled (counts only). */
export function SummaryPage() {
  const { t } = useTranslation('interpreting');
  const { data, isError } = useGetInterpretingSummaryQuery(undefined);
  return (
    <section className="page interpreting-page">
      <PageHeading title={t('summary.title')}>
        <p>{t('summary.intro')}</p>
      </PageHeading>
      {isError && <p className="notice notice--error">{t('summary.failure')}</p>}
      {!data && !isError && <LoadingText />}
      {data && (
        <>
          <p className="interpreting-summary__listed">{t('summary.listed', { count: data.interpreters_listed })}</p>
          <div className="interpreting-summary">
            {data.years.map((year) => (
              <section key={year.year} className="card" aria-labelledby={`summary-${year.year}`}>
                <h2 id={`summary-${year.year}`}>{year.year}</h2>
                <dl className="interpreting-figures">
                  <div>
                    <dt>{t('summary.requests')}</dt>
                    <dd>{year.requests}</dd>
                  </div>
                  <div>
                    <dt>{t('summary.filled')}</dt>
                    <dd>{year.filled}</dd>
                  </div>
                  <div>
                    <dt>{t('summary.unfilled')}</dt>
                    <dd>{year.unfilled}</dd>
                  </div>
                  <div>
                    <dt>{t('summary.share')}</dt>
                    <dd>{percent(year.share_filled)}</dd>
                  </div>
                </dl>
                {year.by_setting.length > 0 && (
                  <table className="interpreting-table">
                    <caption>{t('summary.bySetting', { year: year.year })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('summary.setting')}</th>
                        <th scope="col">{t('summary.requests')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {year.by_setting.map((row) => (
                        <tr key={row.setting}>
                          <th scope="row">{settingLabel(t, row.setting)}</th>
                          <td>{row.requests}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </section>
            ))}
          </div>
          <p>
            <Link className="button button--primary" to="/request-interpreter">
              {t('summary.request')}
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
