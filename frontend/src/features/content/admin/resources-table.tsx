import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { Resource } from '../admin-api';
import { fileKindKey, formatFileSize } from '../file-kinds';
import { RowActions } from './row-actions';

/** What an uploaded file is, for people: 'PDF · 12 kB'. */
export function useFileDetails() {
  const { t } = useTranslation(['content-admin', 'resources']);
  return (resource: Pick<Resource, 'file_type' | 'file_size'>) => {
    const kind = fileKindKey(resource.file_type);
    return [kind ? t(`resources:fileTypes.${kind}`) : '', formatFileSize(resource.file_size)].filter(Boolean).join(' · ');
  };
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

interface Props {
  resources: Resource[];
  busy: boolean;
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
}

/** Title (and description), the document (the uploaded file or the link), when added, actions. */
export function ResourcesTable({ resources, busy, onEdit, onDelete }: Props) {
  const { t } = useTranslation('content-admin');
  const fileDetails = useFileDetails();
  const columns = {
    document: t('resources.columns.document'),
    added: t('resources.columns.added'),
  };
  return (
    <div className="admin-table__frame content-table__frame">
      <table className="admin-table content-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('resources.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('resources.columns.title')}</th>
            <th scope="col">{columns.document}</th>
            <th scope="col">{columns.added}</th>
            <th scope="col">{t('columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {resources.map((resource) => (
            <tr key={resource.id}>
              <th scope="row" className="content-table__title">
                <span className="content-table__strong">{resource.title}</span>
                {resource.description && <span className="content-table__muted">{resource.description}</span>}
              </th>
              <td data-label={columns.document} className="content-table__document">
                <a href={resource.file} target="_blank" rel="noopener noreferrer">
                  {resource.url ? hostOf(resource.url) : resource.file_name}
                  <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
                </a>
                <span className="content-table__muted">
                  {resource.url ? t('resources.link') : fileDetails(resource)}
                </span>
              </td>
              <td data-label={columns.added} className="content-table__nowrap">
                {formatDate(resource.created_at)}
              </td>
              <RowActions title={resource.title} onEdit={() => onEdit(resource)} onDelete={() => onDelete(resource)} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
