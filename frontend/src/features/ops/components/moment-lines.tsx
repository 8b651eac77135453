import { dateAndTime } from '../../../lib/format-date';

/** An instant in a narrow table cell: the day, and the time of day below it. */
export function MomentLines({ value }: { value: string | null | undefined }) {
  const { date, time } = dateAndTime(value);
  return (
    <>
      <span className="system-table__nowrap">{date}</span>
      <span className="system-table__muted system-table__nowrap">{time}</span>
    </>
  );
}
