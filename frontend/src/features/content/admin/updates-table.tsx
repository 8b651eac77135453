import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { Update } from '../admin-api';
import { RowActions } from './row-actions';

interface Props {
  updates: Update[];
  busy: boolean;
  onEdit: (update: Update) => void;
  onDelete: (update: Update) => void;
}

/** Title (and description), date, the Read More link, actions. */
export function UpdatesTable({ updates, busy, onEdit, onDelete }: Props) {
  const { t } = useTranslation('content-admin');
  const columns = { date: t('updates.columns.date'), link: t('updates.columns.link') };
  return (
    <div className="admin-table__frame content-table__frame">
      <table className="admin-table content-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('updates.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('updates.columns.title')}</th>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.link}</th>
            <th scope="col">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {updates.map((update) => (
            <tr key={update.id}>
              <th scope="row" className="content-table__title">
                <span className="content-table__strong">{update.title}</span>
                {update.description && <span className="content-table__muted">{update.description}</span>}
              </th>
              <td data-label={columns.date} className="content-table__nowrap">
                <time dateTime={update.date}>{formatDate(update.date)}</time>
              </td>
              <td data-label={columns.link} className="content-table__document">
                {update.link ? (
                  <a href={update.link} target="_blank" rel="noopener noreferrer">
                    {t('updates.openLink')}
                    <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
                  </a>
                ) : (
                  <span className="content-table__muted">{t('updates.noLink')}</span>
                )}
              </td>
              <RowActions title={update.title} onEdit={() => onEdit(update)} onDelete={() => onDelete(update)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
