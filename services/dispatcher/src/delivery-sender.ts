import {
  cancelWebhookDelivery,
  claimDueWebhookDeliveries,
  purgeFinishedWebhookDeliveries,
  recordWebhookAttempt,
  type ClaimedWebhookDelivery,
  type Db,
  type SecretBox,
} from '@pressroom/db';
import { IdlePoller, type OwnerCaches } from '@pressroom/service-runner';
import type { SsrfGuard } from '@pressroom/ssrf';
import { getMeter, type Logger } from '@pressroom/telemetry';
import { sendWebhook } from './send-webhook.js';

export interface SenderOptions {
  db: Db;
  guard: SsrfGuard;
  secretBox: SecretBox;
  logger: Logger;
  /** A subscription disabled here is announced (owner.changed `webhooks`): every dispatcher stops matching it. */
  owners: Pick<OwnerCaches, 'changed'>;
  now: () => Date;
  /** Delay before each retry (ms); a delivery gets 1 + retrySchedule.length attempts. */
  retryScheduleMs: number[];
  timeoutMs: number;
  pollMs: number;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Finished deliveries are kept this long, then deleted. */
  historyMs: number;
}

const meter = getMeter();
const attempts = meter.createCounter('webhook_attempts_total', { description: 'Webhook delivery attempts by outcome' });
const PURGE_EVERY_MS = 3_600_000;

/**
 * Sends due deliveries: claims them from the database (one attempt each,
 * never the same attempt twice across dispatchers), POSTs, and records the
 * outcome with the next retry time. New events wake it at once; retries are
 * found by polling, so they survive restarts. The poll slows down while it
 * finds nothing (ADR 0053); a retry this process scheduled wakes it on time.
 */
export class DeliverySender {
  readonly #options: SenderOptions;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #poller: IdlePoller;
  #pumping: Promise<number> | null = null;
  #again = false;
  #stopped = false;
  #lastPurge = 0;

  constructor(options: SenderOptions) {
    this.#options = options;
    // A pass finds work when it claimed a delivery, or while attempts are in flight (their ends pump anyway).
    this.#poller = new IdlePoller({
      pollMs: options.pollMs,
      pass: async () => (await this.#pumpNow()) > 0 || this.#inFlight.size > 0,
      onError: () => undefined, // #pump logs its own failures
    });
  }

  start(): void {
    this.#poller.start();
    this.wake();
  }

  /** Look for due deliveries now. */
  wake(): void {
    if (this.#stopped) return;
    void this.#pumpNow();
  }

  /** Pumps now, or once more after the pump running; resolves with how many deliveries that pump claimed. */
  #pumpNow(): Promise<number> {
    if (this.#pumping) {
      this.#again = true;
      return this.#pumping;
    }
    return (this.#pumping = this.#pump().finally(() => (this.#pumping = null)));
  }

  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Stop claiming; attempts in flight finish and are recorded. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#poller.stop();
    await Promise.allSettled([...this.#inFlight]);
  }

  async #pump(): Promise<number> {
    let total = 0;
    try {
      do {
        this.#again = false;
        const room = this.#options.concurrency - this.#inFlight.size;
        if (room <= 0 || this.#stopped) break;
        const claimed = await claimDueWebhookDeliveries(this.#options.db, {
          now: this.#options.now(),
          limit: room,
          leaseMs: this.#options.timeoutMs + 30_000,
        });
        total += claimed.length;
        for (const delivery of claimed) this.#track(this.#attempt(delivery));
        if (claimed.length === room) this.#again = true;
      } while (this.#again && !this.#stopped);
      await this.#purgeHistory();
    } catch (error) {
      this.#options.logger.error({ err: error }, 'webhook sender: claiming deliveries failed; retrying at the next poll');
    }
    return total;
  }

  #track(attempt: Promise<void>): void {
    this.#inFlight.add(attempt);
    void attempt.finally(() => {
      this.#inFlight.delete(attempt);
      this.wake();
    });
  }

  async #attempt(delivery: ClaimedWebhookDelivery): Promise<void> {
    const { db, logger, now } = this.#options;
    const log = logger.child({
      deliveryId: delivery.id,
      event: delivery.event,
      attempt: delivery.attempt,
      subscription: delivery.subscriptionUid,
      batchId: delivery.batchId,
    });
    try {
      if (!delivery.target) {
        await cancelWebhookDelivery(db, {
          id: delivery.id,
          attempt: delivery.attempt,
          at: now(),
          reason: 'The receiver no longer exists.',
        });
        return;
      }
      let secret: string | null = null;
      try {
        secret = this.#options.secretBox.open(delivery.target.secretCiphertext);
      } catch (error) {
        log.error({ err: error }, 'cannot open the signing secret (PRESSROOM_SECRET_KEY changed?)');
      }
      const outcome =
        secret === null
          ? {
              ok: false,
              responseCode: null,
              error: 'The delivery could not be signed: the server key changed since the subscription was created.',
            }
          : await sendWebhook({
              guard: this.#options.guard,
              url: delivery.target.url,
              event: delivery.event,
              deliveryId: delivery.id,
              payload: delivery.payload,
              secret,
              timeoutMs: this.#options.timeoutMs,
              now: now(),
            });
      const at = now();
      const delay = outcome.ok ? undefined : this.#options.retryScheduleMs[delivery.attempt - 1];
      const nextAttemptAt = delay === undefined ? null : new Date(at.getTime() + delay);
      const recorded = await recordWebhookAttempt(db, {
        id: delivery.id,
        attempt: delivery.attempt,
        at,
        ok: outcome.ok,
        responseCode: outcome.responseCode,
        error: outcome.error,
        nextAttemptAt,
      });
      attempts.add(1, { outcome: outcome.ok ? 'delivered' : nextAttemptAt ? 'retry' : 'failed' });
      if (nextAttemptAt) this.#poller.wakeAt(nextAttemptAt);
      if (outcome.ok) log.info({ status: outcome.responseCode }, 'webhook delivered');
      else
        log.warn(
          { status: outcome.responseCode, error: outcome.error, nextAttemptAt },
          nextAttemptAt ? 'webhook attempt failed; will retry' : 'webhook delivery failed for good',
        );
      if (recorded.disabled) {
        log.warn('subscription disabled after its delivery failed every attempt');
        await this.#options.owners.changed(delivery.ownerId, ['webhooks']);
      }
    } catch (error) {
      // The claim lapses and another attempt follows; nothing is lost.
      log.error({ err: error }, 'webhook attempt could not be completed');
    }
  }

  async #purgeHistory(): Promise<void> {
    const at = this.#options.now().getTime();
    if (at - this.#lastPurge < PURGE_EVERY_MS) return;
    this.#lastPurge = at;
    const purged = await purgeFinishedWebhookDeliveries(this.#options.db, { before: new Date(at - this.#options.historyMs) });
    if (purged > 0) this.#options.logger.info({ purged }, 'old webhook deliveries deleted');
  }
}
