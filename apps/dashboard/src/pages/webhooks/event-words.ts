// Each webhook event in plain words, shown beside its API name (which receivers match on). Without the API client,
// so the node tests load this file (test/webhook-event-words.test.ts).
import type { WEBHOOK_EVENTS } from '@pressroom/contracts/constants';

type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

// A Record over the event union: a new event in the contract fails the typecheck here until it has words.
const WORDS: Record<WebhookEventName, string> = {
  'render.completed': 'A render finished',
  'render.failed': 'A render failed',
  'binding.updated': 'A binding rendered a new image',
  'binding.failed': 'A binding refresh failed',
  'batch.completed': 'A batch finished',
  'batch.failed': 'Every item of a batch failed',
};

/** The event's plain words; an event this dashboard does not know (a newer server) is shown by its API name. */
export const eventWords = (event: string): string => (WORDS as Record<string, string>)[event] ?? event;

/** One line for a native select's option, which holds text only: the words, then the API name. */
export const eventChoiceLabel = (event: string): string => (event in WORDS ? `${eventWords(event)} — ${event}` : event);
