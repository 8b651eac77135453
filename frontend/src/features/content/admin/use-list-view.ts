import { useState } from 'react';

import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { ContentListArgs } from '../admin-api';

/** The search box waits for typing to pause this long before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A list's search and page: a new search starts at page 1. */
export function useListView() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [pageOf, setPageOf] = useState({ search, page: 1 });
  const page = pageOf.search === search ? pageOf.page : 1;
  const args: ContentListArgs = { search, page };
  return {
    searchText,
    setSearchText,
    search,
    args,
    setPage: (target: number) => setPageOf({ search, page: target }),
  };
}

export type ListView = ReturnType<typeof useListView>;
