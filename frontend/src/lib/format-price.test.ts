import { describe, expect, it } from 'vitest';

import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([0, '0', '', null, undefined, 'abc'])('shows Free for %j', (price) => {
    expect(formatPrice(price)).toBe('Free');
  });

  it.each([
    [15000, '15,000 Rwf'],
    ['15000', '15,000 Rwf'],
    [1250000, '1,250,000 Rwf'],
    [500, '500 Rwf'],
    [2500.5, '2,500.5 Rwf'],
  ])('shows %j as %s', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it('uses the separators of the given locale', () => {
    expect(formatPrice(15000, 'fr')).toBe('15\u202f000 Rwf');
    expect(formatPrice(1250000.5, 'sw')).toBe('1,250,000.5 Rwf');
  });

  it('writes Kinyarwanda amounts with its own separators in every browser', () => {
    expect(formatPrice(1250000, 'rw')).toBe('1.250.000 Rwf');
    expect(formatPrice(2500.5, 'rw')).toBe('2.500,5 Rwf');
  });
});
