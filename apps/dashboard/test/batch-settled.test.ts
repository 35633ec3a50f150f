import { batchSettled, progressOfResults } from '../src/pages/batches/batch-settled.js';

describe('when a finished batch has every row’s outcome', () => {
  test('a cancelled batch whose rows were rendering at the Cancel is not settled until they finish', () => {
    // 200 rows: 30 done, 2 failed, 160 never started; 8 still rendering when the live progress said "cancelled".
    expect(batchSettled({ total: 200, completed: 30, failed: 2, cancelled: 160 })).toBe(false);
    expect(batchSettled({ total: 200, completed: 37, failed: 3, cancelled: 160 })).toBe(true);
  });

  test('a completed batch is settled', () => {
    expect(batchSettled({ total: 2, completed: 2, failed: 0, cancelled: 0 })).toBe(true);
  });

  test('the results’ counts read as the live progress’s', () => {
    const read = progressOfResults({ status: 'cancelled', totalItems: 200, completedItems: 37, failedItems: 3, cancelledItems: 160 });
    expect(read).toEqual({ status: 'cancelled', total: 200, completed: 37, failed: 3, cancelled: 160 });
  });
});
