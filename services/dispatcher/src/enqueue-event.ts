import { createHash } from 'node:crypto';
import { WEBHOOK_DATA, newId, type WebhookEnvelope, type WebhookEvent } from '@pressroom/contracts';
import type { Delivery } from '@pressroom/bus';
import {
  enqueueWebhookDeliveries,
  getBatchById,
  listActiveWebhookRoutes,
  matchingSubscriptions,
  type Db,
  type EventRouting,
  type NewWebhookDelivery,
} from '@pressroom/db';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { Logger } from '@pressroom/telemetry';

/** Any event the dispatcher delivers: the contract's envelope plus our routing fields. */
export interface RoutedEvent {
  event: string;
  timestamp: string;
  ownerId: string;
  data: Record<string, unknown>;
  [routing: string]: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** What the subscription filters compare: routing fields first, then the event's data. */
export function routingOf(event: RoutedEvent): EventRouting {
  return {
    ownerId: event.ownerId,
    event: event.event,
    templateId: text(event.templateId) ?? text(event.data.templateId),
    bindingId: text(event.bindingId) ?? text(event.data.bindingId),
    type: text(event.data.type),
  };
}

/** The bytes a receiver gets: `{event, timestamp, data}` with only the contract's data fields. */
export function envelopeOf(event: RoutedEvent): string {
  const schema = WEBHOOK_DATA[event.event as WebhookEvent];
  const data = schema ? schema.parse(event.data) : event.data;
  const envelope: WebhookEnvelope = { event: event.event, timestamp: event.timestamp, data };
  return JSON.stringify(envelope);
}

/**
 * The events one bus event is delivered as: itself, and `batch.failed` beside
 * a `batch.completed` whose every item failed (one bus event, so the two can
 * never disagree).
 */
export function deliveredEventsOf(event: RoutedEvent): RoutedEvent[] {
  if (event.event === 'batch.completed' && event.data.status === 'failed') return [event, { ...event, event: 'batch.failed' }];
  return [event];
}

/**
 * Bus handler: turn one event into one pending delivery per matching
 * subscription (and the batch's own webhook for `batch.completed`). The rows
 * are committed before the event is acknowledged, and a redelivered event
 * adds nothing (dedupe key = receiver + event id). The owner's subscriptions
 * come from the process's owner cache (dropped on owner.changed `webhooks`,
 * docs/adr/0046): an owner with none costs no statement per event.
 */
export function enqueueEventHandler(deps: {
  db: Db;
  logger: Logger;
  now: () => Date;
  owners: Pick<OwnerCaches, 'webhooks'>;
  onEnqueued: () => void;
}) {
  return async (delivery: Delivery<RoutedEvent>): Promise<void> => {
    const event = delivery.data;
    const routes = await deps.owners.webhooks.get(event.ownerId, () => listActiveWebhookRoutes(deps.db, event.ownerId));
    const payload = envelopeOf(event);
    const eventKey = delivery.msgId ?? createHash('sha256').update(payload).digest('hex');
    const base = { ownerId: event.ownerId, event: event.event, payload, nextAttemptAt: deps.now() };
    const rows: NewWebhookDelivery[] = [];
    for (const delivered of deliveredEventsOf(event)) {
      const own = delivered === event ? base : { ...base, event: delivered.event, payload: envelopeOf(delivered) };
      const key = delivered === event ? eventKey : `${eventKey}:${delivered.event}`;
      for (const uid of matchingSubscriptions(routes, routingOf(delivered))) {
        rows.push({ ...own, id: newId('whd'), subscriptionUid: uid, batchId: null, targetUrl: null, dedupeKey: `${uid}:${key}` });
      }
    }
    if (event.event === 'batch.completed') {
      const batchId = String(event.data.batchId);
      const batch = await getBatchById(deps.db, batchId);
      if (batch?.webhookUrl && batch.webhookSecretCiphertext) {
        rows.push({
          ...base,
          id: newId('whd'),
          subscriptionUid: null,
          batchId,
          targetUrl: batch.webhookUrl,
          dedupeKey: `batch:${batchId}:${eventKey}`,
        });
      }
    }
    const inserted = await enqueueWebhookDeliveries(deps.db, rows);
    if (inserted.length > 0) {
      deps.logger.debug({ event: event.event, deliveries: inserted.length }, 'webhook deliveries enqueued');
      deps.onEnqueued();
    }
  };
}
