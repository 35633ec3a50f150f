import { failedRowsRetry } from '../src/pages/batches/retry-rows.js';

const ok = (index: number, layout?: string) => ({ index, success: true, layout, variables: { title: `Row ${index}` } });
const failed = (index: number, layout?: string) => ({ index, success: false, layout, variables: { title: `Row ${index}` } });

describe('the failed rows of a batch, to render again', () => {
  test('nothing when every row rendered', () => {
    expect(failedRowsRetry([ok(0), ok(1)])).toBeNull();
  });

  test('only the failed rows, in row order, with the values the batch rendered them with', () => {
    expect(failedRowsRetry([failed(3), ok(0), failed(1), ok(2)])).toEqual({
      failedRows: 2,
      variableSets: [{ title: 'Row 1' }, { title: 'Row 3' }],
    });
  });

  test('a row that failed in several layouts is sent once, with the layouts that failed', () => {
    const retry = failedRowsRetry([ok(0, 'default'), failed(0, 'square'), failed(1, 'default'), failed(1, 'square')]);
    expect(retry).toEqual({ failedRows: 2, variableSets: [{ title: 'Row 0' }, { title: 'Row 1' }], layouts: ['square', 'default'] });
  });

  test('at most the 100 rows the API takes inline, while the count says how many failed', () => {
    const retry = failedRowsRetry(Array.from({ length: 150 }, (_, i) => failed(i)));
    expect(retry?.failedRows).toBe(150);
    expect(retry?.variableSets).toHaveLength(100);
    expect(retry?.variableSets[99]).toEqual({ title: 'Row 99' });
  });
});
