import { describe, expect, it } from 'vitest';

import { formatDate } from './format-date';

describe('formatDate', () => {
  it('shows a calendar day with a short month, on that very day', () => {
    expect(formatDate('2025-11-03')).toBe('Nov 3, 2025');
  });

  it('shows the long month for event cards', () => {
    expect(formatDate('2025-11-03', 'long')).toBe('November 3, 2025');
  });

  it('accepts a full timestamp and a Date', () => {
    expect(formatDate('2025-01-15T12:00:00')).toBe('Jan 15, 2025');
    expect(formatDate(new Date(2024, 1, 29))).toBe('Feb 29, 2024');
  });

  it('follows the given locale', () => {
    expect(formatDate('2025-11-03', 'long', 'fr')).toBe('3 novembre 2025');
  });

  it.each([null, undefined, '', 'not a date'])('gives an empty text for %j', (value) => {
    expect(formatDate(value)).toBe('');
  });
});
