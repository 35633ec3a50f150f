import { batchEntryName } from './batch-archive.js';

describe('batchEntryName', () => {
  it('numbers rows from 1, padded so names sort, with the layout when the batch has several', () => {
    expect(batchEntryName({ rowIndex: 0, totalRows: 25, layout: null, extension: 'png' })).toBe('0001.png');
    expect(batchEntryName({ rowIndex: 6, totalRows: 25, layout: 'square', extension: 'webp' })).toBe('0007-square.webp');
    expect(batchEntryName({ rowIndex: 99_999, totalRows: 120_000, layout: null, extension: 'jpg' })).toBe('100000.jpg');
  });
});
