import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/use-translation';
import { useRetryEmailMutation, type SystemReport } from '../api';
import { SystemSection } from './system-section';
import { SystemTable } from './system-table';
import { useMoment } from './use-moment';
import { useRetry } from './use-retry';

/** E-mails that failed for good, newest first, each with Retry (Django admin's "Send again"). */
export function FailedEmailsSection({ failed }: { failed: SystemReport['failed_emails'] }) {
  const { t } = useTranslation('system');
  const moment = useMoment();
  const [retryEmail] = useRetryEmailMutation();
  const { busyId, retry } = useRetry(retryEmail);

  return (
    <SystemSection title={t('failedEmails.heading')}>
      {failed.items.length === 0 ? (
        <EmptyState title={t('failedEmails.none')} />
      ) : (
        <>
          {failed.count > failed.items.length && (
            <p className="system-section__lead">
              {t('failedEmails.more', { shown: failed.items.length, count: failed.count })}
            </p>
          )}
          <SystemTable
            caption={t('failedEmails.caption')}
            columns={[
              t('failedEmails.columns.recipient'),
              t('failedEmails.columns.action'),
              t('failedEmails.columns.subject'),
              t('failedEmails.columns.failedAt'),
              t('failedEmails.columns.error'),
            ]}
          >
            {failed.items.map((email) => {
              const waiting = busyId === email.id;
              return (
                <tr key={email.id}>
                  <th scope="row">
                    <span className="system-table__strong">{email.recipient}</span>
                  </th>
                  <td>
                    {email.retryable ? (
                      <button
                        type="button"
                        className="button button--secondary system-table__button"
                        aria-label={t('failedEmails.retryLabel', { recipient: email.recipient })}
                        aria-busy={waiting}
                        onClick={() =>
                          void retry(email.id, t('failedEmails.retried', { recipient: email.recipient }))
                        }
                      >
                        {waiting ? t('failedEmails.retrying') : t('failedEmails.retry')}
                      </button>
                    ) : (
                      <span className="system-table__muted">{t('failedEmails.notRetryable')}</span>
                    )}
                  </td>
                  <td className="system-table__wide">
                    {email.subject || t('recentEmails.noSubject')}
                    <code className="system-table__muted">{email.template}</code>
                  </td>
                  <td className="system-table__nowrap">
                    {moment(email.updated_at)}
                    <span className="system-table__muted">{t('failedEmails.attempts', { count: email.attempts })}</span>
                  </td>
                  <td className="system-table__error">{email.error}</td>
                </tr>
              );
            })}
          </SystemTable>
        </>
      )}
    </SystemSection>
  );
}
