import { vi } from 'vitest';

/**
 * jsdom has no matchMedia: this one answers `prefers-reduced-motion: reduce` as asked, and
 * no to every other query. Undo with vi.unstubAllGlobals().
 */
export function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
