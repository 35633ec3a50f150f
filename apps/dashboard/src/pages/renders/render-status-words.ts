// How the dashboard words a render's status: the one place for it (the Renders list, its Status filter, the
// Overview's recent renders, a render's page). Without the API client or React, so the node tests load this file
// (test/render-status-words.test.ts).
import type { StatusTone } from '../../kit/status-tone.js';

/** The API's statuses (GET /renders `status`) as the reader says them. */
const WORDS: Record<string, { word: string; tone: StatusTone }> = {
  queued: { word: 'Queued', tone: 'idle' },
  rendering: { word: 'Rendering', tone: 'busy' },
  done: { word: 'Done', tone: 'good' },
  failed: { word: 'Failed', tone: 'bad' },
};

/** "Done" for `done`. A status this dashboard does not know yet (a newer API) still reads as a word: capitalised. */
export function renderStatusWord(status: string): string {
  return WORDS[status]?.word ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** The colour of a status's badge; an unknown status is shown as waiting, claiming neither success nor failure. */
export function renderStatusTone(status: string): StatusTone {
  return WORDS[status]?.tone ?? 'idle';
}
