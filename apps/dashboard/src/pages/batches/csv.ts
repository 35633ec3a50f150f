/**
 * Rows of a CSV (RFC 4180: quoted fields with commas, doubled quotes and line breaks; CRLF or LF; a BOM) or
 * of tab-separated rows pasted from a spreadsheet. The first row names the columns. `problems` says what was read
 * other than as written, so nothing is misread silently: a quote never closed (the rest of the text became one
 * value), a row with fewer values than columns (the missing ones are empty: the template's defaults fill them) or
 * with more (the extra ones are dropped). Rows are numbered as the check and the results number them (1 = the
 * first row under the header).
 */
export function parseRows(text: string): { columns: string[]; rows: Record<string, string>[]; problems: string[] } {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  // Where the open quote started: the record it belongs to, for the message when it is never closed.
  let quoteRecord = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteRecord = records.length;
    } else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const nonEmpty = records.filter((r) => r.some((v) => v.trim() !== ''));
  const columns = (nonEmpty[0] ?? []).map((c) => c.trim());
  const dataRows = nonEmpty.slice(1);
  const rows = dataRows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? ''])));
  const problems: string[] = [];
  if (quoted) {
    const row = nonEmpty.indexOf(records[quoteRecord]!);
    const where = row <= 0 ? 'The header' : `Row ${row}`;
    problems.push(`${where}: a quote (") opens a value that is never closed, so everything after it was read as that one value.`);
  }
  dataRows.forEach((r, i) => {
    if (r.length === columns.length) return;
    problems.push(
      r.length < columns.length
        ? `Row ${i + 1} has ${plural(r.length, 'value')} for ${plural(columns.length, 'column')}: ${some(columns.length - r.length, 'the last')} empty.`
        : `Row ${i + 1} has ${plural(r.length, 'value')} for ${plural(columns.length, 'column')}: ${some(r.length - columns.length, 'the extra')} left out.`,
    );
  });
  return { columns, rows, problems };
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
/** "the last one is", "the last 2 are". */
const some = (n: number, which: string) => (n === 1 ? `${which} one is` : `${which} ${n} are`);

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text that parseRows reads back: a header of `columns`, then one line per row. */
export function csvOf(columns: string[], rows: Record<string, string>[]): string {
  return [columns, ...rows.map((row) => columns.map((c) => row[c] ?? ''))].map((r) => r.map(field).join(',')).join('\n') + '\n';
}
