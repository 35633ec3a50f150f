// How the Webhooks page words a subscription's status, with its badge's tone (kit/status-badge.tsx). Without the API
// client, so the node tests load this file (test/webhook-delivery-words.test.ts).
import type { StatusTone } from '../../kit/status-tone.js';

const WORDS: Record<string, [string, StatusTone]> = {
  active: ['Active', 'good'],
  paused: ['Paused', 'idle'],
  // The API's `failed`: the dispatcher stopped sending after every attempt of a delivery failed (re-enable to resume).
  failed: ['Disabled', 'bad'],
};

export function subscriptionStatusWord(status: string): string {
  return WORDS[status]?.[0] ?? status;
}

export function subscriptionStatusTone(status: string): StatusTone {
  return WORDS[status]?.[1] ?? 'idle';
}
