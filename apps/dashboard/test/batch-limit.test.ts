import { refusedItemLimit, rowsPerBatch } from '../src/pages/batches/batch-limit.js';
import { ApiError } from '../src/api/problem.js';

describe('the items-per-batch limit', () => {
  it('reads the limit a refused start names', () => {
    const refusal = new ApiError({
      title: 'Plan limit',
      status: 403,
      detail: 'This batch has 30 items…',
      code: 'batch_limit',
      limit: 10,
    } as never);
    expect(refusedItemLimit(refusal)).toBe(10);
    expect(refusedItemLimit(new ApiError({ title: 'Bad', status: 400, detail: 'No.' }))).toBeNull();
    expect(refusedItemLimit(new Error('offline'))).toBeNull();
  });

  it('says how many rows fit in one batch when each renders once per layout', () => {
    expect(rowsPerBatch(10, 1)).toBe(10);
    expect(rowsPerBatch(10, 3)).toBe(3);
    expect(rowsPerBatch(10, 20)).toBe(1);
  });
});
