// How the Webhooks page words a subscription: its status, with its badge's tone, and the name its card goes by. Without
// the API client, so the node tests load this file (test/webhook-delivery-words.test.ts).
import { statusWords } from '../../kit/status-words.js';
import { eventWords } from './event-words.js';

const words = statusWords({
  active: { word: 'Active', tone: 'good' },
  paused: { word: 'Paused', tone: 'idle' },
  // The API's `failed`: the dispatcher stopped sending after every attempt of a delivery failed (re-enable to resume).
  failed: { word: 'Disabled', tone: 'bad' },
});

export const subscriptionStatusWord = words.word;
export const subscriptionStatusTone = words.tone;

/**
 * The name a subscription goes by: its card's label, and the end of each of its buttons' names ("Pause A render
 * finished to …"). The event's plain words, which the card shows and a screen reader should say too; the API name
 * beside them on the card adds nothing to tell cards apart, since each event has words of its own.
 */
export const subscriptionName = (subscription: { event: string; targetUrl: string }): string =>
  `${eventWords(subscription.event)} to ${subscription.targetUrl}`;
