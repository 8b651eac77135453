import { useId } from 'react';

import { Spinner } from '../../../components/spinner';
import { useTranslation } from '../../../lib/use-translation';
import { useGetWaitlistQuery } from '../admin-api';
import { ContactLinks } from './contact-links';
import { useMoment } from './date-time';
import { EmailConfirmation } from './email-confirmation';

/**
 * The event's waiting list (oldest first): who is waiting for a seat of a full event, whether
 * they confirmed their e-mail address (only confirmed places have a position and are offered
 * seats), and the offers the worker has made when one freed. It reloads with the registrations.
 */
export function WaitlistSection({ eventId, pollingInterval }: { eventId: number; pollingInterval: number }) {
  const { t } = useTranslation('registrations-admin');
  const headingId = useId();
  const moment = useMoment();
  const { data, isError } = useGetWaitlistQuery(eventId, { pollingInterval, skipPollingIfUnfocused: true });

  return (
    <section className="registration-panel waitlist" aria-labelledby={headingId}>
      <h2 id={headingId} className="registration-panel__title">
        {t('waitlist.title')}
      </h2>
      {data === undefined ? (
        isError ? (
          <p className="notice notice--error" role="alert">
            {t('waitlist.loadFailed')}
          </p>
        ) : (
          <Spinner label={t('waitlist.loading')} />
        )
      ) : (
        <>
          {data.results.length === 0 ? (
            <p className="registration-panel__lead">{t('waitlist.empty')}</p>
          ) : (
            <>
            <p className="registration-panel__lead">{t('waitlist.waiting', { count: data.waiting })}</p>
            <p className="registration-panel__lead">{t('waitlist.confirmedOnly')}</p>
            <div className="admin-table__frame registrations-table__frame">
              <table className="admin-table registrations-table waitlist__table">
                <caption className="visually-hidden">{t('waitlist.caption')}</caption>
                <thead>
                  <tr>
                    {(['position', 'name', 'contact', 'status', 'offered', 'expires'] as const).map((column) => (
                      <th key={column} scope="col">
                        {t(`waitlist.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label={t('waitlist.columns.position')}>{entry.position ?? t('waitlist.none')}</td>
                      <th scope="row" className="registrations-table__name">
                        <span className="registrations-table__strong">{entry.full_name}</span>
                        {entry.needs_interpreter && (
                          <span className="registrations-table__tag">{t('table.interpreter')}</span>
                        )}
                      </th>
                      <td data-label={t('waitlist.columns.contact')}>
                        <ContactLinks email={entry.email} phone={entry.phone} />
                        <EmailConfirmation confirmed={entry.email_confirmed} />
                      </td>
                      <td data-label={t('waitlist.columns.status')}>
                        <span className={`registration-badge registration-badge--${entry.status}`}>
                          {t(`waitlist.status.${entry.status}`)}
                        </span>
                      </td>
                      <td data-label={t('waitlist.columns.offered')}>{moment(entry.offered_at) || t('waitlist.none')}</td>
                      <td data-label={t('waitlist.columns.expires')}>{moment(entry.offer_expires_at) || t('waitlist.none')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
