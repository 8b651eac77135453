import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { adminListState, SEARCH_DEBOUNCE_MS, useAdminListView } from './use-admin-list';

describe('useAdminListView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the search once typing pauses, trimmed, and a new view starts at page 1', async () => {
    const { result } = renderHook(() => useAdminListView({ filters: 'all', ordering: 'date', pageSize: 10 }));
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);

    act(() => result.current.setSearchText('  kigali '));
    expect(result.current.search).toBe('');
    expect(result.current.page).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(result.current.search).toBe('kigali');
    expect(result.current.page).toBe(1);

    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(25));
    expect(result.current.page).toBe(1);
  });

  it('flips the direction of the sorted column, and another column starts ascending', () => {
    const { result } = renderHook(() => useAdminListView({ ordering: 'date' }));
    act(() => result.current.sortBy('date'));
    expect(result.current.ordering).toBe('-date');
    act(() => result.current.sortBy('date'));
    expect(result.current.ordering).toBe('date');
    act(() => result.current.sortBy('title'));
    expect(result.current.ordering).toBe('title');
  });

  it('starts a tab chosen again at page 1 (selectFilters), where setFilters keeps the page it was on', () => {
    const { result } = renderHook(() => useAdminListView({ filters: 'A' }));
    act(() => result.current.setPage(2));
    act(() => result.current.setFilters('B'));
    act(() => result.current.setFilters('A'));
    expect(result.current.page).toBe(2);
    act(() => result.current.selectFilters('B'));
    act(() => result.current.selectFilters('A'));
    expect(result.current.page).toBe(1);
  });
});

describe('adminListState', () => {
  const page = (n: number, rows: number) => ({ count: 42, page: n, page_size: 10, results: Array.from({ length: rows }) });
  const rows = (answer: { results: unknown[] }) => answer.results;

  it('keeps the previous rows (switching) while another view loads, and says which rows are shown', () => {
    const state = adminListState({ data: page(5, 2), currentData: undefined, isFetching: true, isError: false }, { rows });
    expect(state).toMatchObject({ failed: false, switching: true, first: 41, last: 42 });
  });

  it('shows nothing and has failed when the view could not load; a failed background reload keeps the rows', () => {
    expect(adminListState({ data: page(1, 10), isFetching: false, isError: true }, { rows })).toMatchObject({
      shown: undefined,
      failed: true,
    });
    const kept = adminListState({ data: page(1, 10), currentData: page(1, 10), isFetching: false, isError: true }, { rows });
    expect(kept).toMatchObject({ failed: false, switching: false, first: 1, last: 10 });
  });

  it('does not let another scope’s answer stand in (keep: false)', () => {
    expect(adminListState({ data: page(1, 10), isFetching: true, isError: false }, { rows, keep: false }).shown).toBeUndefined();
  });
});
