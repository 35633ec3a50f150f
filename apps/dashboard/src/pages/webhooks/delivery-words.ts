// How the delivery log words a delivery: its status, its last attempt and what it redelivers. Without the API client,
// so the node tests load this file (test/webhook-delivery-words.test.ts): the shape is api/webhooks.ts Delivery's,
// spelled structurally.
import { formatDate } from '../../kit/format.js';
import type { StatusTone } from '../../kit/status-tone.js';
import { eventWords } from './event-words.js';

interface DeliveryFacts {
  id: string;
  event: string;
  /** Sent with Send test event (its body says `data.test: true`). */
  test: boolean;
  /** The API's: pending | sending | delivered | failed | cancelled. */
  status: string;
  /** Attempts claimed so far, the one in flight included. */
  attempt: number;
  lastAttemptAt: string | null;
  createdAt: string;
  redeliveryOf: string | null;
}

const SETTLED: Record<string, string> = { sending: 'Sending', delivered: 'Delivered', failed: 'Failed', cancelled: 'Cancelled' };

/**
 * The status as the log says it. The API's `pending` covers two cases a reader tells apart: a delivery that has not
 * been tried yet ("Waiting") and one whose attempt failed and that waits for its next retry ("Retrying").
 */
export function deliveryStatusWord(delivery: Pick<DeliveryFacts, 'status' | 'attempt'>): string {
  if (delivery.status === 'pending') return delivery.attempt > 0 ? 'Retrying' : 'Waiting';
  return SETTLED[delivery.status] ?? delivery.status;
}

/** The colour of the status's badge: delivered, failed, under way (sending, retrying), or waiting / cancelled. */
export function deliveryStatusTone(delivery: Pick<DeliveryFacts, 'status' | 'attempt'>): StatusTone {
  if (delivery.status === 'delivered') return 'good';
  if (delivery.status === 'failed') return 'bad';
  if (delivery.status === 'sending' || (delivery.status === 'pending' && delivery.attempt > 0)) return 'busy';
  return 'idle';
}

/**
 * The "Last attempt" column: when the latest attempt's outcome came. Without one, why: never tried, the first try
 * under way, or tried before the service kept attempt times (deliveries older than that release).
 */
export function lastAttemptWord(delivery: Pick<DeliveryFacts, 'status' | 'attempt' | 'lastAttemptAt'>): string {
  if (delivery.lastAttemptAt) return formatDate(delivery.lastAttemptAt);
  if (delivery.status === 'sending') return 'Sending now';
  if (delivery.attempt === 0 || delivery.status === 'cancelled') return 'Not tried yet';
  return 'Not recorded';
}

/** The creation time, kept beside the last attempt: when the event happened (or Send test event / Redeliver was clicked). */
export function createdWord(delivery: Pick<DeliveryFacts, 'createdAt'>): string {
  return `Created ${formatDate(delivery.createdAt)}`;
}

/** A delivery id short enough for a table cell ("whd_3f7k2m9q"): unique enough among one subscription's deliveries. */
export function shortDeliveryId(id: string): string {
  const at = id.indexOf('_');
  return id.slice(0, at + 1 + 8);
}

/** What a redelivery says of the delivery it sends again; null for any other delivery. */
export function redeliveryWord(delivery: Pick<DeliveryFacts, 'redeliveryOf'>): string | null {
  return delivery.redeliveryOf ? `Redelivery of ${shortDeliveryId(delivery.redeliveryOf)}` : null;
}

/**
 * The id of a delivery's row (`table`) or card (`cards`), which a redelivery's link points at. The log draws both
 * layouts (CSS shows one), so each has its own ids: an id is unique in the page.
 */
export function deliveryAnchor(id: string, layout: 'table' | 'cards'): string {
  return layout === 'table' ? `delivery-${id}` : `delivery-card-${id}`;
}

/**
 * The name of a delivery's Redeliver button: the event in the words the log shows (a screen reader says what the
 * page says), marked when it was a test, and when it was created, which tells one row from another.
 */
export function redeliverName(delivery: Pick<DeliveryFacts, 'event' | 'test' | 'createdAt'>): string {
  return `Redeliver ${delivery.test ? 'test ' : ''}“${eventWords(delivery.event)}” of ${formatDate(delivery.createdAt)}`;
}
