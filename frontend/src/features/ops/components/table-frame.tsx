import type { ReactNode } from 'react';

/**
 * A table in a card that scrolls sideways on a narrow screen. The frame can take the focus, so
 * that the keyboard can scroll it too, and is named after its table.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="system-table__frame" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
