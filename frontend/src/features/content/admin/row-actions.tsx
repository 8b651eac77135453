import { useTranslation } from '../../../lib/use-translation';

/** A row's Edit and Delete buttons, named after the row's title for screen readers. */
export function RowActions({ title, onEdit, onDelete }: { title: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('content-admin');
  return (
    <td className="content-table__actions">
      <button type="button" className="content-action" aria-label={t('editFor', { title })} onClick={onEdit}>
        {t('edit')}
      </button>
      <button
        type="button"
        className="content-action content-action--delete"
        aria-label={t('deleteFor', { title })}
        onClick={onDelete}
      >
        {t('delete')}
      </button>
    </td>
  );
}
