import { SortHeader } from '../../../components/sort-header';
import { Link } from 'react-router-dom';

import { eventImage } from '../../../lib/event-images';
import { formatDate, formatTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminEvent, EventOrdering, EventSortField } from '../admin-api';
import { StatusBadge } from '../../../components/status-badge';

const ICONS = {
  edit: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  status: 'M4 12a8 8 0 0 1 14-5.3M20 12a8 8 0 0 1-14 5.3M18 3v4h-4M6 21v-4h4',
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
} as const;

function ActionIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface Props {
  events: AdminEvent[];
  ordering: EventOrdering;
  onSort: (field: EventSortField) => void;
  onChangeStatus: (event: AdminEvent) => void;
  onDelete: (event: AdminEvent) => void;
  busy: boolean;
}

/** The events table (SPEC §2): title and location with a thumbnail, date and time, status, created, actions. */
export function EventsTable({ events, ordering, onSort, onChangeStatus, onDelete, busy }: Props) {
  const { t } = useTranslation('events-admin');
  const columns = {
    event: t('list.columns.event'),
    dateTime: t('list.columns.dateTime'),
    status: t('list.columns.status'),
    created: t('list.columns.created'),
    actions: t('list.columns.actions'),
  };
  return (
    <div className="events-table__frame">
      <table className="events-table" aria-busy={busy} aria-label={t('list.tableLabel')}>
        <thead>
          <tr>
            <SortHeader field="title" label={columns.event} ordering={ordering} onSort={onSort} className="events-table__col-event" />
            <SortHeader field="date" label={columns.dateTime} ordering={ordering} onSort={onSort} />
            <th scope="col" className="events-table__optional-head">{columns.status}</th>
            <SortHeader field="created_at" label={columns.created} ordering={ordering} onSort={onSort} />
            <th scope="col" className="events-table__optional-head">
              {columns.actions}
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => {
            const image = eventImage(event.event_image_id);
            const time = formatTime(event.time);
            return (
              <tr key={event.id}>
                <td className="events-table__event">
                  <img className="events-table__thumb" src={event.image?.variants[0]?.url ?? image.url} alt="" width={64} height={44} loading="lazy" />
                  <div className="events-table__event-text">
                    <p className="events-table__title">{event.title}</p>
                    <p className="events-table__location">{event.location || t('list.noLocation')}</p>
                  </div>
                </td>
                <td data-label={columns.dateTime}>
                  <p className="events-table__date">{formatDate(event.date)}</p>
                  <p className="events-table__muted">{time || t('list.noTime')}</p>
                </td>
                <td data-label={columns.status}>
                  <StatusBadge kind="event" status={event.status} />
                </td>
                <td data-label={columns.created} className="events-table__created">
                  {formatDate(event.created_at)}
                </td>
                <td className="events-table__actions">
                  <div className="events-table__action-group">
                    <Link
                      to={`/dashboard/edit-event/${event.id}`}
                      className="action-button"
                      aria-label={t('list.actions.editEvent', { title: event.title })}
                    >
                      <ActionIcon name="edit" />
                      {t('list.actions.edit')}
                    </Link>
                    <button
                      type="button"
                      className="action-button"
                      aria-label={t('list.actions.changeStatusOf', { title: event.title })}
                      aria-haspopup="dialog"
                      onClick={() => onChangeStatus(event)}
                    >
                      <ActionIcon name="status" />
                      {t('list.actions.changeStatus')}
                    </button>
                    <button
                      type="button"
                      className="action-button action-button--danger"
                      aria-label={t('list.actions.deleteEvent', { title: event.title })}
                      aria-haspopup="dialog"
                      onClick={() => onDelete(event)}
                    >
                      <ActionIcon name="delete" />
                      {t('list.actions.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
