import { useState } from 'react';

import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { formatDate } from '../../../lib/format-date';
import { saveFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import { CPD_CATEGORIES, fetchMyCertificate, fetchMyStatement, hoursText, type MyCpd } from '../cpd-api';

/**
 * The member's CPD: hours per year and category, each credit with its certificate of attendance
 * (PDF), and the yearly statement (PDF), both fetched with the member's token.
 */
export function MyCpdPanel({ access, cpd }: { access: string; cpd: MyCpd }) {
  const { t } = useTranslation('membership');
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<FormOutcome>(null);

  async function download(key: string, fetchFile: () => Promise<Blob>, filename: string) {
    setBusy(key);
    setMessage(null);
    try {
      saveFile(await fetchFile(), filename);
    } catch (failure) {
      console.error('Downloading a CPD document failed', failure);
      setMessage({ kind: 'error', text: t('cpd.downloadFailure') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card my-membership__panel my-cpd" aria-labelledby="my-membership-cpd">
      <h2 id="my-membership-cpd">{t('cpd.heading')}</h2>
      {cpd.years.length === 0 ? (
        <p>{t('cpd.none')}</p>
      ) : (
        cpd.years.map((year) => (
          <div key={year.year} className="my-cpd__year">
            <h3>{t('cpd.yearHeading', { year: year.year, hours: hoursText(year.hours) })}</h3>
            <table className="my-cpd__table">
              <caption className="visually-hidden">{t('cpd.byCategoryCaption', { year: year.year })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('cpd.category')}</th>
                  <th scope="col" className="my-cpd__hours">{t('cpd.hours')}</th>
                </tr>
              </thead>
              <tbody>
                {CPD_CATEGORIES.filter((category) => (year.by_category[category] ?? 0) > 0).map((category) => (
                  <tr key={category}>
                    <th scope="row">{t(`cpd.categories.${category}`)}</th>
                    <td className="my-cpd__hours">{hoursText(year.by_category[category] ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={() =>
                void download(`statement-${year.year}`, () => fetchMyStatement(access, year.year), `cpd-statement-${year.year}.pdf`)
              }
            >
              {busy === `statement-${year.year}` ? t('cpd.downloading') : t('cpd.statement', { year: year.year })}
            </button>
          </div>
        ))
      )}
      {cpd.credits.length > 0 && (
        <>
          <h3>{t('cpd.certificates')}</h3>
          <ul className="my-cpd__credits">
            {cpd.credits.map((credit) => (
              <li key={credit.id}>
                <span>
                  <strong>{credit.title}</strong>
                  <br />
                  {t('cpd.creditLine', {
                    date: formatDate(credit.date, 'long'),
                    hours: hoursText(credit.hours),
                    category: t(`cpd.categories.${credit.category}`),
                  })}
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={busy !== null}
                  aria-label={t('cpd.certificateFor', { title: credit.title })}
                  onClick={() =>
                    void download(
                      `credit-${credit.id}`,
                      () => fetchMyCertificate(access, credit.certificate_url),
                      `cpd-certificate-${credit.id}.pdf`,
                    )
                  }
                >
                  {busy === `credit-${credit.id}` ? t('cpd.downloading') : t('cpd.certificate')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <FormMessage message={message} />
    </section>
  );
}
