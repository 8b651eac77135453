import './sort-header.css';

interface Props<Field extends string> {
  field: Field;
  label: string;
  /** The list's ordering: `field` ascending, `-field` descending, anything else unsorted here. */
  ordering: string | undefined;
  onSort: (field: Field) => void;
  className?: string;
}

/** A column header that sorts: a button inside, the state in aria-sort and an arrow. */
export function SortHeader<Field extends string>({ field, label, ordering, onSort, className }: Props<Field>) {
  const direction = ordering === field ? 'ascending' : ordering === `-${field}` ? 'descending' : undefined;
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button type="button" className="sort-header" onClick={() => onSort(field)}>
        {label}
        <span className={`sort-header__arrow sort-header__arrow--${direction ?? 'none'}`} aria-hidden="true" />
      </button>
    </th>
  );
}
