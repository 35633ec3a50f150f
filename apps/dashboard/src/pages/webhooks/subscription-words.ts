// How the Webhooks page words a subscription's status, with its badge's tone. Without the API client, so the node
// tests load this file (test/webhook-delivery-words.test.ts).
import { statusWords } from '../../kit/status-words.js';

const words = statusWords({
  active: { word: 'Active', tone: 'good' },
  paused: { word: 'Paused', tone: 'idle' },
  // The API's `failed`: the dispatcher stopped sending after every attempt of a delivery failed (re-enable to resume).
  failed: { word: 'Disabled', tone: 'bad' },
});

export const subscriptionStatusWord = words.word;
export const subscriptionStatusTone = words.tone;
