import { batchEntryName, labelOf } from './batch-archive.js';

describe('batchEntryName', () => {
  it('numbers rows from 1, padded so names sort, with the layout when the batch has several', () => {
    expect(batchEntryName({ rowIndex: 0, totalRows: 25, layout: null, extension: 'png' })).toBe('0001.png');
    expect(batchEntryName({ rowIndex: 6, totalRows: 25, layout: 'square', extension: 'webp' })).toBe('0007-square.webp');
    expect(batchEntryName({ rowIndex: 99_999, totalRows: 120_000, layout: null, extension: 'jpg' })).toBe('100000.jpg');
  });

  it('puts a row label after the number and before the layout', () => {
    expect(batchEntryName({ rowIndex: 6, totalRows: 25, layout: null, extension: 'pdf', label: 'Jane-Doe' })).toBe('0007-Jane-Doe.pdf');
    expect(batchEntryName({ rowIndex: 0, totalRows: 2, layout: 'story', extension: 'png', label: 'Ann' })).toBe('0001-Ann-story.png');
    expect(batchEntryName({ rowIndex: 0, totalRows: 2, layout: null, extension: 'png', label: null })).toBe('0001.png');
  });
});

describe('labelOf', () => {
  it('keeps letters of any script and case, joining words with one dash', () => {
    expect(labelOf('Jane Doe')).toBe('Jane-Doe');
    expect(labelOf('  Zoë   Ångström ')).toBe('Zoë-Ångström');
    expect(labelOf('東京 2026')).toBe('東京-2026');
    expect(labelOf(42)).toBe('42');
  });

  it('never lets a value leave the archive folder or name a file Windows refuses', () => {
    expect(labelOf('../../etc/passwd')).toBe('etc-passwd');
    expect(labelOf('a\\b:c*d?e"f<g>h|i')).toBe('a-b-c-d-e-f-g-h-i');
    expect(labelOf('line\nbreak\ttab\u0000nul')).toBe('line-break-tab-nul');
    expect(labelOf('Dr. Smith...')).toBe('Dr-Smith');
  });

  it('gives no label for empty, blank or non-text values', () => {
    for (const value of ['', '   ', '///', null, undefined, true, { a: 1 }, ['x']]) expect(labelOf(value)).toBeNull();
  });

  it('cuts long values to 120 UTF-8 bytes without splitting a character or ending on a dash', () => {
    const long = labelOf('é'.repeat(200))!;
    expect(Buffer.byteLength(long)).toBe(120);
    expect(long).toBe('é'.repeat(60));
    expect(labelOf(`${'a'.repeat(119)} b`)).toBe('a'.repeat(119));
    expect(Buffer.byteLength(labelOf('😀'.repeat(100))!)).toBeLessThanOrEqual(120);
  });
});
