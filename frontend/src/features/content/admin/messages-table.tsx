import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { ReceivedMessage } from '../admin-api';
import { RowActions } from './row-actions';
import { mailtoHref } from '../../../lib/mailto';

/** Messages longer than this show their beginning, and the whole text on request. */
const SHORT = 160;

interface Props {
  messages: ReceivedMessage[];
  busy: boolean;
  onErase: (message: ReceivedMessage) => void;
}

/** Who wrote (name and address), the message, when, and the erase button. */
export function MessagesTable({ messages, busy, onErase }: Props) {
  const { t } = useTranslation('content-admin');
  const columns = { message: t('messages.columns.message'), received: t('messages.columns.received') };
  return (
    <div className="admin-table__frame content-table__frame">
      <table className="admin-table content-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('messages.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('messages.columns.from')}</th>
            <th scope="col">{columns.message}</th>
            <th scope="col">{columns.received}</th>
            <th scope="col">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id}>
              <th scope="row" className="content-table__title">
                <span className="content-table__strong">{message.name}</span>
                <a href={mailtoHref(message.email)} className="content-table__address">
                  {message.email}
                </a>
              </th>
              <td data-label={columns.message} className="content-table__message">
                {message.message.length > SHORT ? (
                  <details>
                    <summary>{`${message.message.slice(0, SHORT).trimEnd()}…`}</summary>
                    <p>{message.message}</p>
                  </details>
                ) : (
                  <p>{message.message}</p>
                )}
              </td>
              <td data-label={columns.received} className="content-table__nowrap">
                <time dateTime={message.created_at}>{formatDate(message.created_at)}</time>
              </td>
              <RowActions title={t('messages.rowName', { name: message.name })} onDelete={() => onErase(message)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
