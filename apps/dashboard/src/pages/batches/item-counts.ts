import { batchStatusWord } from './batch-status-words.js';

/** A batch's item counts as one phrase, the same in the live progress and the list of recent batches. */
export interface ItemCounts {
  completed: number;
  failed: number;
  cancelled: number;
  total: number;
}

/** "2 of 2 done, 0 failed" — the cancelled count only once there is one, as most batches never have it. */
export function itemCountsText({ completed, failed, cancelled, total }: ItemCounts): string {
  return `${completed} of ${total} done, ${failed} failed${cancelled ? `, ${cancelled} cancelled` : ''}`;
}

/** The live progress line: "Completed: 2 of 2 done, 0 failed" (the status in words, as the Recent batches say it). */
export function progressText(progress: ItemCounts & { status: string }): string {
  return `${batchStatusWord(progress.status)}: ${itemCountsText(progress)}`;
}
