import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, DeliveryHandler, Subscription } from '@pressroom/bus';
import type { Db, SecretBox } from '@pressroom/db';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { DeliverySender } from './delivery-sender.js';
import { enqueueEventHandler, type RoutedEvent } from './enqueue-event.js';

export interface DispatcherDeps {
  bus: Bus;
  db: Db;
  guard: SsrfGuard;
  /** Opens the sealed signing secrets (the same server key the gateway sealed them with). */
  secretBox: SecretBox;
  logger: Logger;
  /**
   * The process's owner caches (the adapters'): each owner's subscriptions are matched from memory, dropped
   * when a route announces owner.changed `webhooks`; a subscription this dispatcher disables is announced here.
   */
  owners: Pick<OwnerCaches, 'webhooks' | 'changed'>;
  /** Delays before each retry, in ms (PRESSROOM_WEBHOOK_RETRY_SCHEDULE). */
  retryScheduleMs: number[];
  /** A receiver must answer 2xx within this (PRESSROOM_WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** How often due retries are looked for (PRESSROOM_WEBHOOK_POLL_MS). */
  pollMs: number;
  /** Attempts in flight at once (default 16). */
  concurrency?: number;
  /** Finished deliveries are deleted after this (default 7 days). */
  historyMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export interface Dispatcher {
  health(): Record<string, ComponentHealth>;
  /** Look for due deliveries now (tests; the poll does it anyway). */
  wake(): void;
  stop(): Promise<void>;
}

/** Every event a subscription can name (routing honours `filters.templateId`, `filters.bindingId`, `filters.type`). */
export const DISPATCHER_SUBJECTS = [
  CATALOG.renderCompleted,
  CATALOG.renderFailed,
  CATALOG.batchCompleted,
  CATALOG.bindingUpdated,
  CATALOG.bindingFailed,
] as const;

/** The group whose durable consumers feed the dispatcher; every replica joins it and shares the events. */
export const DISPATCHER_GROUP = 'dispatcher';

/**
 * The webhook dispatcher: consumes events (group `dispatcher`), stores one
 * delivery per matching receiver, and sends them signed, retrying on the
 * schedule. Must start with the system: an event group only sees events
 * emitted after its first subscription.
 */
export async function startDispatcher(deps: DispatcherDeps): Promise<Dispatcher> {
  const now = deps.now ?? (() => new Date());
  const sender = new DeliverySender({
    db: deps.db,
    guard: deps.guard,
    secretBox: deps.secretBox,
    logger: deps.logger,
    owners: deps.owners,
    now,
    retryScheduleMs: deps.retryScheduleMs,
    timeoutMs: deps.timeoutMs,
    pollMs: deps.pollMs,
    concurrency: deps.concurrency ?? 16,
    historyMs: deps.historyMs ?? 7 * 86_400_000,
  });
  const enqueue = enqueueEventHandler({
    db: deps.db,
    logger: deps.logger,
    now,
    owners: deps.owners,
    onEnqueued: () => sender.wake(),
  }) as DeliveryHandler<unknown>;
  const handlers = Object.fromEntries(DISPATCHER_SUBJECTS.map((s) => [s.name, enqueue]));
  assertHandlers('dispatcher', DISPATCHER_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [];
  for (const subject of DISPATCHER_SUBJECTS) {
    subscriptions.push(await deps.bus.subscribeEvents(subject, handlers[subject.name]!, { group: DISPATCHER_GROUP, concurrency: 4 }));
  }
  sender.start();
  deps.logger.info({ retryScheduleMs: deps.retryScheduleMs, timeoutMs: deps.timeoutMs }, 'webhook dispatcher consuming events');
  return {
    health: () => ({ webhooks: { ok: true, inFlight: sender.inFlight } }),
    wake: () => sender.wake(),
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      await sender.stop();
    },
  };
}

export type { RoutedEvent };
