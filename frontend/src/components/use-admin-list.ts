import { useState } from 'react';

import { useDebouncedValue } from '../lib/use-debounced-value';

/** Staff lists reload themselves this often, silently (SPEC §9's 30 s). */
export const ADMIN_LIST_POLLING_INTERVAL = 30_000;
/** The search box waits for typing to pause this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The options every staff list gives its RTK Query hook: the silent reload, not while unfocused. */
export const ADMIN_LIST_POLLING = {
  pollingInterval: ADMIN_LIST_POLLING_INTERVAL,
  skipPollingIfUnfocused: true,
} as const;

/** One page of a list as the server answers it (the fields the list itself reads). */
export interface ListPage {
  count: number;
  page: number;
  page_size?: number;
}

interface ViewOptions<F, O extends string> {
  /** The filters a first visit starts with (none if the list has none). */
  filters?: F;
  /** The sort a first visit starts with (`field` ascending, `-field` descending). */
  ordering?: O;
  /** The page size a first visit starts with. */
  pageSize?: number;
  /** What else the view belongs to (an event's id): another one starts at page 1 too. */
  scope?: unknown;
}

/**
 * What a staff list shows: the search (what is typed, and the debounced, trimmed text the
 * server is asked for), the filters, the sort, the page size and the page. The page belongs to
 * one view: another search, filter, sort or page size starts at page 1.
 */
export function useAdminListView<F = null, O extends string = string>(options: ViewOptions<F, O> = {}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<F>(options.filters as F);
  const [ordering, setOrdering] = useState<O | undefined>(options.ordering);
  const [pageSize, setPageSize] = useState<number | undefined>(options.pageSize);
  const viewKey = JSON.stringify([options.scope, search, filters, ordering, pageSize]);
  const [pageOf, setPageOf] = useState({ viewKey, page: 1 });
  const page = pageOf.viewKey === viewKey ? pageOf.page : 1;

  /** Clicking the sorted column flips its direction; another column starts ascending. */
  function sortBy(field: string) {
    setOrdering((ordering === field ? `-${field}` : field) as O);
  }

  /** Other filters, from page 1 even if this view was seen before on another page (a tab). */
  function selectFilters(next: F) {
    setFilters(next);
    setPageOf({ viewKey: JSON.stringify([options.scope, search, next, ordering, pageSize]), page: 1 });
  }

  return {
    searchText,
    setSearchText,
    search,
    filters,
    setFilters,
    selectFilters,
    ordering,
    sortBy,
    pageSize,
    setPageSize,
    page,
    setPage: (target: number) => setPageOf({ viewKey, page: target }),
    viewKey,
  };
}

export type AdminListView<F = null, O extends string = string> = ReturnType<typeof useAdminListView<F, O>>;

interface QueryState<T> {
  data?: T | undefined;
  currentData?: T | undefined;
  isFetching: boolean;
  isError: boolean;
}

/**
 * The states of a staff list from its query: the page shown (while another view loads, the
 * previous rows stay, dimmed: `switching`; after a failure, none), whether the view failed to
 * load (a background reload that fails keeps the rows and says nothing), and the rows' range
 * ("Showing 11 to 20 of 42"). `keep`: whether the previous answer may stand in for the view
 * being loaded (not another event's rows).
 */
export function adminListState<T extends ListPage>(
  query: QueryState<T>,
  { rows, pageSize, keep = true }: { rows: (page: T) => readonly unknown[]; pageSize?: number; keep?: boolean },
) {
  const { data, currentData, isFetching, isError } = query;
  const shown = currentData ?? (isError || !keep ? undefined : data);
  const failed = isError && currentData === undefined && !isFetching;
  const switching = isFetching && currentData === undefined && shown !== undefined;
  const size = pageSize ?? shown?.page_size ?? 0;
  const first = shown && shown.count > 0 ? (shown.page - 1) * size + 1 : 0;
  const last = shown ? first + rows(shown).length - 1 : 0;
  return { shown, failed, switching, first, last };
}
