import { ApiError } from '../../api/problem.js';

/** The items-per-batch limit a refused start names (`batch_limit`: its `limit` extension), else null. */
export function refusedItemLimit(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.problem.code !== 'batch_limit') return null;
  const limit = (error.problem as unknown as Record<string, unknown>).limit;
  return typeof limit === 'number' && limit > 0 ? limit : null;
}

/** How many rows fit in one batch when each row renders once per layout (at least one row). */
export function rowsPerBatch(itemsPerBatch: number, layoutCount: number): number {
  return Math.max(1, Math.floor(itemsPerBatch / Math.max(1, layoutCount)));
}
