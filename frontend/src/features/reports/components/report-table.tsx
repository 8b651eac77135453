import { useId } from 'react';

import type { ReportTable as Table } from '../views';

function cellClass({ numeric, nowrap }: Table['columns'][number] = { label: '' }): string | undefined {
  const names = [numeric && 'report-table__number', nowrap && 'report-table__nowrap'].filter(Boolean);
  return names.length ? names.join(' ') : undefined;
}

/**
 * A report's table: its caption, column headers, and each row named by its first cell. On a
 * narrow screen it scrolls sideways in a region that the keyboard can reach.
 */
export function ReportTable({ table }: { table: Table }) {
  const captionId = useId();
  return (
    <div className="report-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column.label} scope="col" className={cellClass(column)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row" className={cellClass(table.columns[0])}>
                    {cell}
                  </th>
                ) : (
                  <td key={column} className={cellClass(table.columns[column])}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
