// An API's statuses as the dashboard says them, each with its badge's tone (kit/status-badge.tsx). One rule for every
// list (renders, batches, webhooks): a status this dashboard does not know yet (a newer API) still reads as a word,
// capitalised, and as waiting, claiming neither success nor failure. Without React, so node tests load the modules
// built on it.
import type { StatusTone } from './status-tone.js';

export interface StatusWords {
  word(status: string): string;
  tone(status: string): StatusTone;
}

export function statusWords(table: Readonly<Record<string, { word: string; tone: StatusTone }>>): StatusWords {
  return {
    word: (status) => table[status]?.word ?? status.charAt(0).toUpperCase() + status.slice(1),
    tone: (status) => table[status]?.tone ?? 'idle',
  };
}
