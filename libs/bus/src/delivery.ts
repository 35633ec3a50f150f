import type { Logger } from '@pressroom/telemetry';
import type { Delivery, DeliveryHandler, Headers, StopOptions } from './bus.js';
import { withTraceContext } from './headers.js';

/**
 * How long stop()/close() wait for running handlers unless told otherwise: enough for the short
 * handlers of events and schedules. A renderer's stop passes its service's shutdown grace
 * (SHUTDOWN_GRACE_MS in libs/config), as long as its longest render.
 */
export const DEFAULT_GRACE_MS = 10_000;

/**
 * The wait before each redelivery of a message whose handler failed (threw): 1 s after the first
 * delivery, 4 s after the second, 15 s after the third, then 30 s. One schedule for every subject
 * (docs/adr/0068): a storage, database or bus blip of a few seconds is waited out instead of
 * burning every delivery within a second, and a render's three deliveries still end well within
 * the gateway's wait (PRESSROOM_RENDER_WAIT_MS, 45 s). A handler that knows better naks itself
 * (a full browser queue: 1 s).
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000, 15_000, 30_000];

/** The delay before the redelivery that follows delivery number `deliveryCount` (1-based). */
export function retryDelayMs(deliveryCount: number): number {
  const index = Math.min(Math.max(Math.floor(deliveryCount), 1), RETRY_DELAYS_MS.length) - 1;
  return RETRY_DELAYS_MS[index]!;
}

/** The transport's side of settlement. */
export interface Settler {
  ack(): void | Promise<void>;
  nak(delayMs?: number): void | Promise<void>;
  working(): void | Promise<void>;
  term(): void | Promise<void>;
}

export interface DeliveryInit<T> {
  subject: string;
  data: T;
  headers: Headers;
  deliveryCount: number;
  msgId: string | undefined;
}

/**
 * A delivery that settles at most once. Once abandoned (its subscription
 * stopped without waiting for it) every call is ignored, like the acks of a
 * process that died: the transport redelivers after the ack wait.
 */
export class TrackedDelivery<T> implements Delivery<T> {
  readonly subject: string;
  readonly data: T;
  readonly headers: Headers;
  readonly deliveryCount: number;
  readonly msgId: string | undefined;
  #state: 'open' | 'settled' | 'abandoned' = 'open';

  constructor(
    init: DeliveryInit<T>,
    private readonly settler: Settler,
  ) {
    this.subject = init.subject;
    this.data = init.data;
    this.headers = init.headers;
    this.deliveryCount = init.deliveryCount;
    this.msgId = init.msgId;
  }

  get open(): boolean {
    return this.#state === 'open';
  }

  abandon(): void {
    if (this.#state === 'open') this.#state = 'abandoned';
  }

  #take(): boolean {
    if (this.#state !== 'open') return false;
    this.#state = 'settled';
    return true;
  }

  async ack(): Promise<void> {
    if (this.#take()) await this.settler.ack();
  }

  async nak(delayMs?: number): Promise<void> {
    if (this.#take()) await this.settler.nak(delayMs);
  }

  async term(): Promise<void> {
    if (this.#take()) await this.settler.term();
  }

  async working(): Promise<void> {
    if (this.#state === 'open') await this.settler.working();
  }
}

/**
 * Run a handler inside the producer's trace context and settle what it left
 * open: resolved → ack, threw → nak after the back-off (retryDelayMs). Never rejects.
 */
export async function runDelivery<T>(delivery: TrackedDelivery<T>, handler: DeliveryHandler<T>, logger: Logger): Promise<void> {
  try {
    await withTraceContext(delivery.headers, () => handler(delivery));
    await delivery.ack();
  } catch (err) {
    const nakDelayMs = retryDelayMs(delivery.deliveryCount);
    logger.warn({ err, subject: delivery.subject, deliveryCount: delivery.deliveryCount, nakDelayMs }, 'bus handler failed');
    await delivery.nak(nakDelayMs).catch((nakErr: unknown) => logger.warn({ err: nakErr }, 'bus nak failed'));
  }
}

/** The handlers a subscription is running, so stop() can wait for them (up to a grace period). */
export class InFlight {
  readonly #running = new Map<Promise<void>, TrackedDelivery<unknown>>();

  track(delivery: TrackedDelivery<any>, run: Promise<void>): Promise<void> {
    this.#running.set(run, delivery);
    void run.finally(() => this.#running.delete(run));
    return run;
  }

  get size(): number {
    return this.#running.size;
  }

  /**
   * Wait for running handlers up to the grace, then hand the rest back (nak, no delay) or abandon
   * them (StopOptions.unfinished). Resolves with how many were left unfinished.
   */
  async drain(options: StopOptions = {}): Promise<number> {
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    if (this.#running.size > 0 && graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all(this.#running.keys()), grace]);
      clearTimeout(timer);
    }
    const unfinished = [...this.#running.values()];
    for (const delivery of unfinished) {
      if (options.unfinished === 'abandon') delivery.abandon();
      // A nak that cannot be sent (the connection is gone) leaves the message to the ack wait, as a crash would.
      else await delivery.nak().catch(() => undefined);
    }
    return unfinished.length;
  }
}

/** One line when a stop left handlers running: how many, and what became of their messages. */
export function logUnfinished(logger: Logger, subject: string, unfinished: number, options: StopOptions = {}): void {
  const handedBack = options.unfinished !== 'abandon';
  logger.warn(
    { subject, unfinished, graceMs: options.graceMs ?? DEFAULT_GRACE_MS },
    handedBack
      ? 'consumer stopped with handlers still running: their messages were handed back for redelivery'
      : 'consumer stopped with handlers still running: their messages are abandoned to the ack wait',
  );
}
