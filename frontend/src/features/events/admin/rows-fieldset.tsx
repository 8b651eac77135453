import { useRef, useState } from 'react';

interface Column<R> {
  name: Exclude<keyof R, 'key'> & string;
  label: string;
  multiline?: boolean;
  placeholder?: string;
  className: string;
}

interface Props<R extends { key: string }> {
  /** Prefix of the inputs' ids, e.g. 'event-agenda'. */
  idPrefix: string;
  legend: string;
  hint: string;
  error?: string | undefined;
  rows: R[];
  setRows: (change: (rows: R[]) => R[]) => void;
  newRow: () => R;
  columns: Column<R>[];
  rowClassName?: string;
  texts: {
    item: (number: number) => string;
    remove: string;
    removeItem: (number: number) => string;
    add: string;
  };
  disabled: boolean;
}

/**
 * An editable list of rows (agenda items, FAQs, SPEC §5): rows can be added, and removed only
 * while more than one remains. A new row takes the focus; after a removal, the Add button does.
 */
export function RowsFieldset<R extends { key: string }>({
  idPrefix,
  legend,
  hint,
  error,
  rows,
  setRows,
  newRow,
  columns,
  rowClassName = '',
  texts,
  disabled,
}: Props<R>) {
  const [addedKey, setAddedKey] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const hintId = `${idPrefix}-hint`;

  function add() {
    const row = newRow();
    setRows((current) => [...current, row]);
    setAddedKey(row.key);
  }

  function remove(key: string) {
    setRows((current) => (current.length > 1 ? current.filter((row) => row.key !== key) : current));
    addRef.current?.focus();
  }

  function edit(key: string, name: string, value: string) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [name]: value } : row)));
  }

  return (
    <fieldset className="event-form__rows" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p className="form__field-hint" id={hintId}>
        {hint}
      </p>
      {error && <p className="form__field-error">{error}</p>}
      {rows.map((row, index) => (
        <div key={row.key} className={`event-form__row ${rowClassName}`} role="group" aria-label={texts.item(index + 1)}>
          {columns.map((column, columnIndex) => {
            const id = `${idPrefix}-${row.key}-${column.name}`;
            const props = {
              id,
              value: String(row[column.name] ?? ''),
              placeholder: column.placeholder,
              disabled,
              autoFocus: columnIndex === 0 && row.key === addedKey,
            };
            return (
              <div key={column.name} className={`form__field ${column.className}`}>
                <label htmlFor={id}>{column.label}</label>
                {column.multiline ? (
                  <textarea {...props} rows={3} onChange={(event) => edit(row.key, column.name, event.target.value)} />
                ) : (
                  <input {...props} onChange={(event) => edit(row.key, column.name, event.target.value)} />
                )}
              </div>
            );
          })}
          {rows.length > 1 && (
            <button
              type="button"
              className="action-button action-button--danger event-form__remove"
              aria-label={texts.removeItem(index + 1)}
              disabled={disabled}
              onClick={() => remove(row.key)}
            >
              {texts.remove}
            </button>
          )}
        </div>
      ))}
      <button ref={addRef} type="button" className="button button--secondary" onClick={add} disabled={disabled}>
        {texts.add}
      </button>
    </fieldset>
  );
}
