import { describe, expect, it } from 'vitest';

import { dateAndTime, formatDate, formatDuration, formatTime } from './format-date';

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
    expect(formatDate('2025-11-03', 'long', 'sw')).toBe('3 Novemba 2025');
  });

  it('writes Kinyarwanda dates whether or not the browser knows the language', () => {
    expect(formatDate('2025-11-03', 'long', 'rw')).toBe('3 Ugushyingo 2025');
    expect(formatDate('2025-01-15', 'short', 'rw')).toBe('15 Mut. 2025');
  });

  it.each([null, undefined, '', 'not a date'])('gives an empty text for %j', (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('dateAndTime', () => {
  it('gives the day and the time of day of an instant, in local time', () => {
    expect(dateAndTime(new Date(2026, 10, 3, 14, 30).toISOString())).toEqual({ date: 'Nov 3, 2026', time: '2:30 PM' });
  });

  it.each([null, undefined, '', 'garbage'])('gives empty texts for %j', (value) => {
    expect(dateAndTime(value)).toEqual({ date: '', time: '' });
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 sec'],
    [45.4, '45 sec'],
    [89, '89 sec'],
    [420, '7 min'],
    [5399, '90 min'],
    [7200, '2 hr'],
    [259_200, '3 days'],
    [-5, '0 sec'],
  ])('writes %d seconds as %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('follows the given locale', () => {
    // French writes a narrow no-break space between the number and the unit.
    expect(formatDuration(420, 'fr').replace(/\s/gu, ' ')).toBe('7 min');
    expect(formatDuration(259_200, 'fr').replace(/\s/gu, ' ')).toBe('3 j');
  });
});

describe('formatTime', () => {
  it('reads the clock as people of each language do', () => {
    expect(formatTime('09:00')).toBe('9:00 AM');
    expect(formatTime('14:30:00')).toBe('2:30 PM');
    expect(formatTime('14:30', 'fr')).toBe('14:30');
    expect(formatTime('14:30', 'rw')).toBe('14:30');
    expect(formatTime('09:05', 'rw')).toBe('9:05');
  });

  it.each([null, undefined, '', '25:00', 'noon'])('gives an empty text for %j', (value) => {
    expect(formatTime(value)).toBe('');
  });
});
