import { parseCsvRecords } from './batch-csv.js';
import { csvCell, csvLine } from './csv-write.js';

describe('writing CSV', () => {
  it('quotes a cell with a comma, a quote or a line break, doubling quotes; an empty or null cell is empty', () => {
    expect([csvCell('plain'), csvCell('a, b'), csvCell('say "hi"'), csvCell('two\nlines'), csvCell(null), csvCell('')]).toEqual([
      'plain',
      '"a, b"',
      '"say ""hi"""',
      '"two\nlines"',
      '',
      '',
    ]);
  });

  it('turns a cell that a spreadsheet would run as a formula into text with a leading quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}HYPERLINK(1)`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    // Only the start counts: an address or an email is left as it is.
    expect(csvCell('a-b@example.com')).toBe('a-b@example.com');
  });

  it('writes lines with CRLF that the batch CSV reader reads back', () => {
    const text = csvLine(['when', 'note']) + csvLine(['2026-01-01T00:00:00.000Z', 'a "quoted", line\nbreak']);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsvRecords(text).map((r) => r.fields)).toEqual([
      ['when', 'note'],
      ['2026-01-01T00:00:00.000Z', 'a "quoted", line\nbreak'],
    ]);
  });
});
