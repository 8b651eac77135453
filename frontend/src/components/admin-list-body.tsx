import type { ReactNode } from 'react';

import { Spinner } from './spinner';

interface Props<P> {
  /** The page on screen (see adminListState), undefined while none is. */
  shown: P | undefined;
  /** The rows of a page. */
  rows: (page: P) => readonly unknown[];
  /** Whether the loader shows while no page is on screen (not once the view failed: its banner says so). */
  loading: boolean;
  loadingLabel: string;
  /** What a page without rows shows (an EmptyState). */
  empty: ReactNode;
  /** The table of a page with rows, and its footer. */
  children: (page: P) => ReactNode;
}

/** The body of a staff list: the loader, the empty state, or the rows. */
export function AdminListBody<P>({ shown, rows, loading, loadingLabel, empty, children }: Props<P>) {
  if (shown === undefined) return loading ? <Spinner label={loadingLabel} /> : null;
  if (rows(shown).length === 0) return <>{empty}</>;
  return <>{children(shown)}</>;
}
