import { useTranslation } from '../../../lib/use-translation';

/** A row's Edit (when it can be edited) and Delete buttons, named after the row for screen readers. */
export function RowActions({ title, onEdit, onDelete }: { title: string; onEdit?: () => void; onDelete: () => void }) {
  const { t } = useTranslation('content-admin');
  return (
    <td className="content-table__actions">
      {onEdit && (
        <button type="button" className="content-action" aria-label={t('editFor', { title })} onClick={onEdit}>
          {t('edit')}
        </button>
      )}
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
