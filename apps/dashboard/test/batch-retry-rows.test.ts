import { failedRowCount } from '../src/pages/batches/retry-rows.js';

const ok = (index: number) => ({ index, success: true });
const failed = (index: number) => ({ index, success: false });

describe('the failed rows of a batch, to render again', () => {
  test('none when every row rendered', () => {
    expect(failedRowCount([ok(0), ok(1)])).toBe(0);
  });

  test('each row with a failed item once, whatever its sizes', () => {
    expect(failedRowCount([failed(3), ok(0), failed(1), ok(2)])).toBe(2);
    expect(failedRowCount([ok(0), failed(0), failed(1), failed(1)])).toBe(2);
  });

  test('every failed row, past the 100 rows the browser could send inline', () => {
    expect(failedRowCount(Array.from({ length: 150 }, (_, i) => failed(i)))).toBe(150);
  });
});
