// How the dashboard words a render's status: the one place for it (the Renders list, its Status filter, the
// Overview's recent renders, a render's page). Without the API client or React, so the node tests load this file
// (test/render-status-words.test.ts).
import { statusWords } from '../../kit/status-words.js';

/** The API's statuses (GET /renders `status`) as the reader says them: "Done" for `done`. */
const words = statusWords({
  queued: { word: 'Queued', tone: 'idle' },
  rendering: { word: 'Rendering', tone: 'busy' },
  done: { word: 'Done', tone: 'good' },
  failed: { word: 'Failed', tone: 'bad' },
});

export const renderStatusWord = words.word;
export const renderStatusTone = words.tone;
