/**
 * Rows of a CSV (RFC 4180: quoted fields with commas, doubled quotes and line breaks; CRLF or LF; a BOM) or
 * of tab-separated rows pasted from a spreadsheet. The first row names the columns.
 */
export function parseRows(text: string): { columns: string[]; rows: Record<string, string>[] } {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
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
  const rows = nonEmpty.slice(1).map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? ''])));
  return { columns, rows };
}

/** One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Rows as CSV text that parseRows reads back: a header of `columns`, then one line per row. */
export function csvOf(columns: string[], rows: Record<string, string>[]): string {
  return [columns, ...rows.map((row) => columns.map((c) => row[c] ?? ''))].map((r) => r.map(field).join(',')).join('\n') + '\n';
}
