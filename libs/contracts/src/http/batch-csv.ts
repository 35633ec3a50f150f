import { unstorableText } from './input-rules.js';

/**
 * The CSV input of a batch (RFC 4180): comma-separated fields, double-quoted
 * fields may hold commas, quotes (doubled) and line breaks; CRLF, LF or CR
 * line endings; a UTF-8 byte order mark is ignored. The first row is the header.
 */
export interface ParsedCsv {
  header: string[];
  /** Data rows as header → value. */
  rows: Array<Record<string, string>>;
}

export class CsvError extends Error {
  /** 1-based line of the CSV where the problem is. */
  readonly line: number;

  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvError';
    this.line = line;
  }
}

/** Split CSV text into records of fields. */
export function parseCsvRecords(text: string): Array<{ line: number; fields: string[] }> {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteOpenedAt = 0;
  let fieldStarted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          const next = input[i + 1];
          if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
            throw new CsvError(
              line,
              `unexpected ${JSON.stringify(next)} after a closing quote (quote a field whole, and double quotes inside it)`,
            );
          }
        }
      } else {
        if (ch === '\n' || (ch === '\r' && input[i + 1] !== '\n')) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      quoteOpenedAt = line;
      fieldStarted = true;
    } else if (ch === ',') {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(quoteOpenedAt, 'a quoted field is never closed');
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** Parse a CSV with a header row. Column names are trimmed; they must be unique and non-empty; no field may hold NUL. */
export function parseCsv(text: string): ParsedCsv {
  const records = parseCsvRecords(text);
  // The input rule of every request (docs/input-rules.md), on each field: rows become variables stored as JSON.
  for (const { line, fields } of records) {
    fields.forEach((field, i) => {
      const problem = unstorableText(field);
      if (problem) throw new CsvError(line, `field ${i + 1} ${problem}`);
    });
  }
  if (records.length === 0) throw new CsvError(1, 'the CSV is empty (a header row is required)');
  const [first, ...data] = records;
  const header = first!.fields.map((name) => name.trim());
  header.forEach((name, i) => {
    if (name === '') throw new CsvError(first!.line, `column ${i + 1} of the header has no name`);
    if (header.indexOf(name) !== i) throw new CsvError(first!.line, `the header names column ${JSON.stringify(name)} twice`);
  });
  const rows = data.map(({ line, fields }) => {
    if (fields.length !== header.length) {
      throw new CsvError(line, `the row has ${fields.length} fields but the header has ${header.length}`);
    }
    const row: Record<string, string> = {};
    // defineProperty: a column called `__proto__` stays a plain key.
    header.forEach((name, i) =>
      Object.defineProperty(row, name, { value: fields[i]!, enumerable: true, writable: true, configurable: true }),
    );
    return row;
  });
  return { header, rows };
}
