import type { Logger } from '@pressroom/telemetry';
import type { Delivery, DeliveryHandler, Headers } from './bus.js';
import { withTraceContext } from './headers.js';

/** How long stop()/close() wait for running handlers unless told otherwise. */
export const DEFAULT_GRACE_MS = 10_000;

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
 * open: resolved → ack, threw → nak. Never rejects.
 */
export async function runDelivery<T>(delivery: TrackedDelivery<T>, handler: DeliveryHandler<T>, logger: Logger): Promise<void> {
  try {
    await withTraceContext(delivery.headers, () => handler(delivery));
    await delivery.ack();
  } catch (err) {
    logger.warn({ err, subject: delivery.subject, deliveryCount: delivery.deliveryCount }, 'bus handler failed');
    await delivery.nak().catch((nakErr: unknown) => logger.warn({ err: nakErr }, 'bus nak failed'));
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

  /** Wait for running handlers up to `graceMs`, then abandon the rest. */
  async drain(graceMs: number = DEFAULT_GRACE_MS): Promise<void> {
    if (this.#running.size > 0 && graceMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.all(this.#running.keys()), grace]);
      clearTimeout(timer);
    }
    for (const delivery of this.#running.values()) delivery.abandon();
  }
}
