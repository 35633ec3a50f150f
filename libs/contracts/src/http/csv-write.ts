/**
 * Writing CSV (RFC 4180) for people to open in a spreadsheet: the counterpart of batch-csv.ts, which reads it.
 * Lines end with CRLF, as RFC 4180 says and spreadsheets expect.
 */

/** What a spreadsheet reads as the start of a formula (OWASP's list: tab and carriage return too). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. A cell that starts like a formula gets a leading single quote: the exported text comes partly from
 * people (a key's name, a team's name, an email), and a spreadsheet would run `=HYPERLINK(…)` or `@SUM(…)` typed
 * there as a formula when the file is opened (CSV injection). The quote makes it text and is visible, so nothing is
 * hidden from the reader. Then quoted when it holds a comma, a quote or a line break, quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  const text = value ?? '';
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, with its CRLF. */
export function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
