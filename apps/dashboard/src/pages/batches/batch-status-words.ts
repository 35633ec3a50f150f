// How the Batches pages word a batch's status, with its badge's tone, as the Renders list words a render's. Without
// React, so the node tests load this file (test/batch-item-counts.test.ts).
import { statusWords } from '../../kit/status-words.js';

/** The API's batch statuses (pending, processing, completed, partial, failed, cancelled) as the reader says them. */
const words = statusWords({
  pending: { word: 'Waiting', tone: 'idle' },
  processing: { word: 'Rendering', tone: 'busy' },
  completed: { word: 'Completed', tone: 'good' },
  // Some rows rendered, some failed: the results say which.
  partial: { word: 'Partly failed', tone: 'bad' },
  failed: { word: 'Failed', tone: 'bad' },
  cancelled: { word: 'Cancelled', tone: 'idle' },
});

export const batchStatusWord = words.word;
export const batchStatusTone = words.tone;
