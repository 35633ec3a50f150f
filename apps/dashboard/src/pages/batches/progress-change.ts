/** The parts of a batch's live progress that the Recent batches table shows too. */
export interface ProgressCounts {
  status: string;
  completed: number;
  failed: number;
  cancelled: number;
}

/**
 * Whether a progress event says something the Recent batches table does not know yet: a new status or new counts.
 * The table is then read again, so it never lags the progress panel (a repeated event, as a reconnect sends, is not
 * a change).
 */
export function progressChanged(before: ProgressCounts | null, after: ProgressCounts): boolean {
  return (
    before === null ||
    before.status !== after.status ||
    before.completed !== after.completed ||
    before.failed !== after.failed ||
    before.cancelled !== after.cancelled
  );
}
