import type { ReactNode } from 'react';

import { Pagination } from './pagination';
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

/** A staff list's search box (the label read by screen readers only), in `<block>__search`. */
export function AdminSearchBox({
  block,
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  block: string;
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className={`${block}__search`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
      />
    </div>
  );
}

interface FooterProps {
  block: string;
  /** "Showing 1 to 10 of 42". */
  showing: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** The pagination's accessible name. */
  label: string;
  /** What sits between the count and the pages (a page-size picker). */
  children?: ReactNode;
}

/** Under a staff list's rows: which rows are shown, then the pages, in `<block>__footer`. */
export function AdminListFooter({ block, showing, page, totalPages, onPageChange, label, children }: FooterProps) {
  return (
    <div className={`${block}__footer`}>
      <p className={`${block}__showing`}>{showing}</p>
      {children}
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} label={label} />
    </div>
  );
}
