import type { Logger } from '@pressroom/telemetry';
import type { Headers } from '../bus.js';

/** A stored message: the JSON text, so every delivery parses its own copy. */
export interface StoredMessage {
  readonly seq: number;
  readonly json: string;
  readonly headers: Headers;
  readonly msgId: string | undefined;
  /** Deliveries so far. */
  deliveries: number;
  state: 'ready' | 'delayed' | 'inflight' | 'done';
  /** The token of the delivery that currently owns the message. */
  token: number;
  timer: NodeJS.Timeout | undefined;
}

/** The queue's side of one delivery: what the transport-neutral Settler calls. */
export interface QueueSettler {
  ack(): void;
  nak(delayMs?: number): void;
  working(): void;
  term(): void;
}

export interface QueueConsumer {
  readonly concurrency: number;
  running: number;
  /** Start handling; the promise settles when the handler has finished (slot is free again). */
  deliver(message: StoredMessage, settler: QueueSettler): Promise<void>;
}

export interface WorkQueueOptions {
  name: string;
  ackWaitMs: number;
  maxDeliver: number;
  logger: Logger;
}

/**
 * One durable consumer, in process: the JetStream pull-consumer semantics we
 * rely on. Messages wait until a consumer has a free slot; a delivery that is
 * not acked within the ack wait (or is nak'ed) goes back to the front of the
 * queue until maxDeliver deliveries have been made. Competing consumers share
 * the queue round-robin.
 */
export class WorkQueue {
  readonly #ready: StoredMessage[] = [];
  readonly #consumers: QueueConsumer[] = [];
  readonly #live = new Set<StoredMessage>();
  #nextSeq = 1;
  #nextToken = 1;
  #turn = 0;
  #closed = false;
  #scheduled = false;

  constructor(private readonly options: WorkQueueOptions) {}

  enqueue(message: { json: string; headers: Headers; msgId: string | undefined }): void {
    if (this.#closed) return;
    const stored: StoredMessage = { ...message, seq: this.#nextSeq++, deliveries: 0, state: 'ready', token: 0, timer: undefined };
    this.#live.add(stored);
    this.#ready.push(stored);
    this.#schedule();
  }

  addConsumer(consumer: QueueConsumer): void {
    this.#consumers.push(consumer);
    this.#schedule();
  }

  removeConsumer(consumer: QueueConsumer): void {
    const index = this.#consumers.indexOf(consumer);
    if (index >= 0) this.#consumers.splice(index, 1);
  }

  /** Messages not yet acked or dropped (for tests and diagnostics). */
  get pending(): number {
    return this.#live.size;
  }

  close(): void {
    this.#closed = true;
    for (const message of this.#live) clearTimeout(message.timer);
    this.#live.clear();
    this.#ready.length = 0;
    this.#consumers.length = 0;
  }

  #freeConsumer(): QueueConsumer | undefined {
    const count = this.#consumers.length;
    for (let i = 0; i < count; i++) {
      const consumer = this.#consumers[(this.#turn + i) % count]!;
      if (consumer.running < consumer.concurrency) {
        this.#turn = (this.#turn + i + 1) % count;
        return consumer;
      }
    }
    return undefined;
  }

  /** Dispatch on a later turn: a handler never runs inside publish() or inside another handler's settlement. */
  #schedule(): void {
    if (this.#scheduled || this.#closed) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (!this.#closed && this.#ready.length > 0) {
      const consumer = this.#freeConsumer();
      if (!consumer) return;
      const message = this.#ready.shift()!;
      message.deliveries += 1;
      message.state = 'inflight';
      const token = this.#nextToken++;
      message.token = token;
      this.#armAckWait(message, token);
      consumer.running += 1;
      void consumer.deliver(message, this.#settlerFor(message, token)).finally(() => {
        consumer.running -= 1;
        this.#schedule();
      });
    }
  }

  #armAckWait(message: StoredMessage, token: number): void {
    clearTimeout(message.timer);
    message.timer = setTimeout(() => {
      if (message.state === 'inflight' && message.token === token) this.#redeliver(message, 0);
    }, this.options.ackWaitMs);
    message.timer.unref();
  }

  #redeliver(message: StoredMessage, delayMs: number): void {
    clearTimeout(message.timer);
    message.timer = undefined;
    if (message.deliveries >= this.options.maxDeliver) {
      this.options.logger.warn(
        { queue: this.options.name, seq: message.seq, deliveries: message.deliveries },
        'bus message reached max deliveries; dropped',
      );
      this.#finish(message);
      return;
    }
    if (delayMs > 0) {
      message.state = 'delayed';
      message.timer = setTimeout(() => this.#requeue(message), delayMs);
      message.timer.unref();
    } else {
      this.#requeue(message);
    }
  }

  #requeue(message: StoredMessage): void {
    if (this.#closed || message.state === 'done') return;
    message.timer = undefined;
    message.state = 'ready';
    // Redeliveries go first, as in JetStream.
    this.#ready.unshift(message);
    this.#schedule();
  }

  #finish(message: StoredMessage): void {
    clearTimeout(message.timer);
    message.timer = undefined;
    if (message.state === 'ready') this.#ready.splice(this.#ready.indexOf(message), 1);
    message.state = 'done';
    this.#live.delete(message);
  }

  /**
   * As in JetStream, ack and term count for the message even from a delivery
   * the ack wait already gave up on; nak and working only for the current one.
   */
  #settlerFor(message: StoredMessage, token: number): QueueSettler {
    const current = () => message.state === 'inflight' && message.token === token;
    return {
      ack: () => {
        if (message.state !== 'done') this.#finish(message);
      },
      term: () => {
        if (message.state !== 'done') this.#finish(message);
      },
      nak: (delayMs) => {
        if (current()) this.#redeliver(message, delayMs ?? 0);
      },
      working: () => {
        if (current()) this.#armAckWait(message, token);
      },
    };
  }
}
