/**
 * CSV text of rows made in the browser (the reports export the table on screen), written as
 * the server writes its own exports: RFC 4180 quoting, CRLF line ends, and a cell a spreadsheet
 * would run as a formula prefixed with an apostrophe (names are typed by the public).
 * Save it with csvBlob() (save-file.ts), which adds the byte-order mark.
 */

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

function cell(value: string): string {
  const text = FORMULA_STARTS.some((start) => value.startsWith(start)) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
