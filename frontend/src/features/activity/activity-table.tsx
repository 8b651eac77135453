import { Link } from 'react-router-dom';

import { useTranslation } from '../../lib/use-translation';
import type { ActivityEntry } from '../../lib/activity-api';
import { actionName, actionOf, actorLabel, changeLines, objectTypeName, recordPath, whenParts } from '../../lib/activity-words';

/** The changes a row shows at once. */
const CHANGES_SHOWN = 4;

interface Props {
  entries: ActivityEntry[];
  /** Another view is loading: the rows shown are the previous ones. */
  busy: boolean;
}

/** The trail as a table: when (Rwanda's clock), who, the action, the record, the address, the changes. */
export function ActivityTable({ entries, busy }: Props) {
  const { t } = useTranslation('dashboard');
  const columns = {
    when: t('activity.table.when'),
    who: t('activity.table.who'),
    action: t('activity.table.action'),
    object: t('activity.table.object'),
    address: t('activity.table.address'),
    changes: t('activity.table.changes'),
  };
  return (
    <div className="admin-table__frame activity-table__frame">
      <table className="admin-table activity-table" aria-busy={busy}>
        <caption className="visually-hidden">{t('activity.table.caption')}</caption>
        <thead>
          <tr>
            {Object.entries(columns).map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const { date, time } = whenParts(entry.at);
            const type = objectTypeName(entry.object_type, t);
            const path = recordPath(entry);
            const lines = changeLines(entry, t);
            return (
              <tr key={entry.id}>
                <th scope="row" className="activity-table__when">
                  <span className="activity-table__nowrap">{date}</span> <span className="activity-table__muted">{time}</span>
                </th>
                <td data-label={columns.who}>{actorLabel(entry.actor, t)}</td>
                <td data-label={columns.action}>{actionName(actionOf(entry), t)}</td>
                <td data-label={columns.object}>
                  <span className="activity-table__muted">{type}</span>{' '}
                  {path ? (
                    <Link to={path} aria-label={t('activity.table.openRecord', { type, label: entry.object_label })}>
                      {entry.object_label}
                    </Link>
                  ) : (
                    <span>{entry.object_label}</span>
                  )}
                </td>
                <td data-label={columns.address} className="activity-table__address">
                  {entry.client_ip || t('activity.table.noAddress')}
                </td>
                <td data-label={columns.changes}>
                  {lines.length === 0 ? (
                    t('activity.table.noChanges')
                  ) : (
                    <>
                      <ul className="plain-list activity-table__changes">
                        {lines.slice(0, CHANGES_SHOWN).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                      {/* A new record names every field: the rest on demand, the row stays short. */}
                      {lines.length > CHANGES_SHOWN && (
                        <details className="activity-table__more">
                          <summary>{t('activity.table.moreChanges', { count: lines.length - CHANGES_SHOWN })}</summary>
                          <ul className="plain-list activity-table__changes">
                            {lines.slice(CHANGES_SHOWN).map((line) => (
                              <li key={line}>{line}</li>
                            ))}
                          </ul>
                        </details>
                      )}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
