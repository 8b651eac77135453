import type { ReactNode } from 'react';

/**
 * A table of the System page, in a frame that scrolls sideways on a narrow screen. The frame can
 * take the focus, so that the keyboard can scroll it too, and is named after its table.
 */
export function SystemTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="system-table__frame" role="region" aria-label={caption} tabIndex={0}>
      <table className="system-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
