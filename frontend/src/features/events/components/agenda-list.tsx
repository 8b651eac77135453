import type { AgendaItem } from '../public-api';

/** An event's programme: one row per item, its time then its activity. */
export function AgendaList({ items, emptyText }: { items: readonly AgendaItem[]; emptyText: string }) {
  if (items.length === 0) return <p className="event-empty">{emptyText}</p>;
  return (
    <ol className="plain-list agenda">
      {items.map((item, index) => (
        <li key={`${item.time}-${index}`} className="agenda__item">
          <span className="agenda__time">{item.time}</span>
          <span className="agenda__activity">{item.activity}</span>
        </li>
      ))}
    </ol>
  );
}
