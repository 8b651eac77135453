import { useEffect, useId, useRef, useState } from 'react';

import { Spinner } from '../../../components/spinner';
import { StatusBadge } from '../../../components/status-badge';
import { useTranslation } from '../../../lib/use-translation';
import { useGetWaitlistQuery, type WaitlistEntry } from '../admin-api';
import { ContactLinks } from './contact-links';
import { useMoment } from './date-time';
import { EmailConfirmation } from './email-confirmation';
import { EraseButton, EraseDialog } from './erase-dialog';

const COLUMNS = ['position', 'name', 'contact', 'status', 'offered', 'expires', 'actions'] as const;

/**
 * The event's waiting list (oldest first): who is waiting for a seat of a full event, whether
 * they confirmed their e-mail address (only confirmed places have a position and are offered
 * seats), and the offers the worker has made when one freed. It reloads with the registrations.
 * Staff can erase a place (an offer it held passes to the next person).
 */
export function WaitlistSection({ eventId, pollingInterval }: { eventId: number; pollingInterval: number }) {
  const { t } = useTranslation('registrations-admin');
  const headingId = useId();
  const moment = useMoment();
  const { data, isError, fulfilledTimeStamp } = useGetWaitlistQuery(eventId, {
    pollingInterval,
    skipPollingIfUnfocused: true,
  });
  const [erasing, setErasing] = useState<WaitlistEntry | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After an erasure the row and its button go: the focus rests on the list (its heading once it
  // is empty) until the row has left (or the list has been read again).
  const erased = useRef<{ id: number; at: number } | null>(null);
  useEffect(() => {
    const gone = erased.current;
    if (erasing || gone === null) return;
    (tableRef.current ?? headingRef.current)?.focus();
    const shownStill = data?.results.some((entry) => entry.id === gone.id);
    if (!shownStill || (fulfilledTimeStamp ?? 0) >= gone.at) erased.current = null;
  });

  return (
    <section className="registration-panel waitlist" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="registration-panel__title">
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
              <table ref={tableRef} tabIndex={-1} className="admin-table registrations-table waitlist__table">
                <caption className="visually-hidden">{t('waitlist.caption')}</caption>
                <thead>
                  <tr>
                    {COLUMNS.map((column) => (
                      <th key={column} scope="col">
                        {t(`waitlist.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.results.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label={t('waitlist.columns.position')} className="waitlist__narrow">
                        {entry.position ?? t('waitlist.none')}
                      </td>
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
                        <StatusBadge kind="waitlist" status={entry.status} />
                      </td>
                      <td data-label={t('waitlist.columns.offered')}>{moment(entry.offered_at) || t('waitlist.none')}</td>
                      <td data-label={t('waitlist.columns.expires')}>{moment(entry.offer_expires_at) || t('waitlist.none')}</td>
                      <td className="registrations-table__actions waitlist__narrow">
                        <EraseButton
                          label={t('erase.waitlistFor', { name: entry.full_name })}
                          onClick={() => setErasing(entry)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            </>
          )}
        </>
      )}
      {erasing && (
        <EraseDialog
          eventId={eventId}
          target={{ kind: 'waitlist', id: erasing.id, name: erasing.full_name, offered: erasing.status === 'offered' }}
          onClose={() => setErasing(null)}
          onGone={() => {
            erased.current = { id: erasing.id, at: Date.now() };
          }}
        />
      )}
    </section>
  );
}
