import type { ReactNode } from 'react';

import './empty-state.css';

/** What a list shows when it has nothing: a short title, a hint, and maybe an action. */
export function EmptyState({ title, hint, children }: { title: string; hint?: ReactNode; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {children && <div className="empty-state__actions">{children}</div>}
    </div>
  );
}
