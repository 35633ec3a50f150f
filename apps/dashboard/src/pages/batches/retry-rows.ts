/** What a finished batch's results tell of one item (GET /templates/batch/{id}/results). */
export interface RetriedResult {
  index: number;
  success: boolean;
}

/**
 * How many rows of a finished batch have a failed item (each row counted once, whatever its sizes): what "Render the N
 * failed rows again" offers. The API makes the new batch of them (POST /templates/batch/{id}/retry), so every failed
 * row goes, however many. 0 when nothing failed.
 */
export function failedRowCount(results: readonly RetriedResult[]): number {
  return new Set(results.filter((r) => !r.success).map((r) => r.index)).size;
}
