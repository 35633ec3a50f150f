// How the Batches pages word a batch's status and a row's outcome, with their badges' tones (kit/status-badge.tsx),
// as the Renders list words a render's. Without React, so the node tests load this file (test/batch-item-counts.test.ts).
import type { StatusTone } from '../../kit/status-tone.js';

/** The API's batch statuses (pending, processing, completed, partial, failed, cancelled) as the reader says them. */
const WORDS: Record<string, { word: string; tone: StatusTone }> = {
  pending: { word: 'Waiting', tone: 'idle' },
  processing: { word: 'Rendering', tone: 'busy' },
  completed: { word: 'Completed', tone: 'good' },
  // Some rows rendered, some failed: the results say which.
  partial: { word: 'Partly failed', tone: 'bad' },
  failed: { word: 'Failed', tone: 'bad' },
  cancelled: { word: 'Cancelled', tone: 'idle' },
};

/** A status this dashboard does not know yet (a newer API) still reads as a word: capitalised. */
export function batchStatusWord(status: string): string {
  return WORDS[status]?.word ?? status.charAt(0).toUpperCase() + status.slice(1);
}

export function batchStatusTone(status: string): StatusTone {
  return WORDS[status]?.tone ?? 'idle';
}
