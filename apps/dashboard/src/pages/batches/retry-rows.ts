import { BATCH_MAX_VARIABLE_SETS } from '@pressroom/contracts';

/** What a finished batch's results tell of one item (GET /templates/batch/{id}/results). */
export interface RetriedResult {
  index: number;
  success: boolean;
  layout?: string | undefined;
  variables: Record<string, unknown>;
}

/** A new batch of only the failed rows: their values (each row once) and, for a batch of layouts, the layouts that failed. */
export interface FailedRowsRetry {
  /** Failed rows in all (each counted once, whatever its layouts). */
  failedRows: number;
  /** The rows sent: at most the API's inline limit, in row order. */
  variableSets: Array<Record<string, unknown>>;
  /** Absent for a batch of the default layout only (it sends none, as the form does). */
  layouts?: string[];
}

/**
 * The rows of a finished batch that failed, to render again in a new batch: each row's values as the batch rendered
 * them (the results' `variables`), once per row even when several of its layouts failed, in row order; the layouts
 * are those of the failed items, so a row that only failed in one size is not rendered again in the others' sizes
 * (unless another row failed in them). Null when no row failed.
 */
export function failedRowsRetry(results: readonly RetriedResult[]): FailedRowsRetry | null {
  const failed = results.filter((r) => !r.success);
  if (failed.length === 0) return null;
  const rows = new Map<number, Record<string, unknown>>();
  for (const r of [...failed].sort((a, b) => a.index - b.index)) if (!rows.has(r.index)) rows.set(r.index, r.variables);
  const layouts = [...new Set(failed.flatMap((r) => (r.layout === undefined ? [] : [r.layout])))];
  return {
    failedRows: rows.size,
    variableSets: [...rows.values()].slice(0, BATCH_MAX_VARIABLE_SETS),
    ...(layouts.length > 0 ? { layouts } : {}),
  };
}
