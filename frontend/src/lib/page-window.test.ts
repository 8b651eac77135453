import { describe, expect, it } from 'vitest';

import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('has nothing to show without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('keeps the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageWindow(5, 10)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 10]);
    expect(pageWindow(6, 12)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 12]);
    expect(pageWindow(10, 10)).toEqual([1, 'ellipsis', 8, 9, 10]);
  });

  it('needs no ellipsis where the window meets the first or last page', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9, 10]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(0, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(99, 8)).toEqual([1, 'ellipsis', 6, 7, 8]);
  });
});
