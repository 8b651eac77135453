import { describe, expect, it } from 'vitest';

import { filenameFromDisposition } from './save-file';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="registrations-3.csv"', 'registrations-3.csv'],
    ['attachment; filename=registrations-3.csv', 'registrations-3.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''inscriptions-%C3%A9t%C3%A9.csv", 'inscriptions-été.csv'],
    ["attachment; filename*=UTF-8''%E0%A4%A.csv; filename=\"plain.csv\"", 'plain.csv'],
  ])('reads %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it.each([null, undefined, '', 'attachment', 'attachment; filename=""'])('has no name in %j', (header) => {
    expect(filenameFromDisposition(header)).toBeUndefined();
  });
});
