import { describe, expect, it } from 'vitest';

import { csvText } from './csv';

describe('csvText', () => {
  it('writes rows with CRLF line ends and quotes only the cells that need it', () => {
    expect(
      csvText([
        ['Event', 'Date', 'Members'],
        ['Masterclass, Kigali', 'Nov 12, 2026', '6'],
        ['The "AGM"', 'Oct 15, 2026', '10'],
        ['Two\nlines', '', '66.7%'],
      ]),
    ).toBe(
      [
        'Event,Date,Members',
        '"Masterclass, Kigali","Nov 12, 2026",6',
        '"The ""AGM""","Oct 15, 2026",10',
        '"Two\nlines",,66.7%',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps accents and defuses cells a spreadsheet would run as formulas', () => {
    expect(csvText([['Théogène', '=HYPERLINK("x")', '+250788', '-1', '@sum', 'a=b']])).toBe(
      'Théogène,"\'=HYPERLINK(""x"")",\'+250788,\'-1,\'@sum,a=b\r\n',
    );
  });
});
