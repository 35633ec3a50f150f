import { archiveName } from '../src/pages/batches/archive-name.js';
import { refusedItemLimit, rowsPerBatch } from '../src/pages/batches/batch-limit.js';
import { ApiError } from '../src/api/problem.js';

describe('archiveName', () => {
  const started = new Date(2026, 11, 5, 22, 30);

  it('names the ZIP after the template and the local start date', () => {
    expect(archiveName('Course certificate', started)).toBe('Course certificate-2026-12-05.zip');
  });

  it('replaces what file systems refuse, and falls back to "batch"', () => {
    expect(archiveName('A/B: "final" <v2>?', started)).toBe('A-B- -final- -v2-2026-12-05.zip');
    expect(archiveName('..hidden', started)).toBe('hidden-2026-12-05.zip');
    expect(archiveName(' / ', started)).toBe('batch-2026-12-05.zip');
    expect(archiveName('x'.repeat(100), started)).toBe(`${'x'.repeat(60)}-2026-12-05.zip`);
  });
});

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
