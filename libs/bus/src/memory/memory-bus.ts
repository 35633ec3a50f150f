import type { CommandSubject, EventSubject, NotificationSubject, RpcSubject } from '@pressroom/contracts';
import { createLogger, type Logger } from '@pressroom/telemetry';
import {
  BusRemoteError,
  BusTimeoutError,
  type Bus,
  type ConsumeOptions,
  type DeliveryHandler,
  type EventConsumeOptions,
  type Headers,
  type PublishAck,
  type PublishOptions,
  type RequestOptions,
  type StopOptions,
  type Subscription,
} from '../bus.js';
import { InFlight, TrackedDelivery, logUnfinished, runDelivery } from '../delivery.js';
import { MSG_ID_HEADER, outgoingHeaders, withTraceContext } from '../headers.js';
import { checkKey, createNames, eventDurable } from '../names.js';
import { fromJson, toJson, validate } from '../payload.js';
import { Deduper } from './dedupe.js';
import { WorkQueue, type QueueConsumer, type StoredMessage } from './work-queue.js';

export interface MemoryBusOptions {
  namespace?: string;
  /** msgId de-duplication window (default 2 minutes, JetStream's default). */
  dedupeWindowMs?: number;
  logger?: Logger;
}

interface Listener {
  subject: string;
  key: string;
  deliver(json: string, headers: Headers): void;
}

type Responder = (json: string, headers: Headers) => Promise<string>;

const TWO_MINUTES = 120_000;

/**
 * The in-process transport: the same semantics as NATS JetStream for one
 * process (the embedded mode, and tests of services). Payloads are stored as
 * JSON text, so producers and consumers never share objects.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  return new MemoryBus(options);
}

class MemoryBus implements Bus {
  readonly transport = 'memory' as const;
  readonly inProcessSince = new Date();
  readonly #logger: Logger;
  readonly #dedupeWindowMs: number;
  readonly #dedupers = new Map<string, Deduper>();
  /** Command queues by subject; event queues by durable name. */
  readonly #queues = new Map<string, WorkQueue>();
  /** Event subject → its groups' queues. */
  readonly #groups = new Map<string, Map<string, WorkQueue>>();
  readonly #listeners = new Set<Listener>();
  readonly #responders = new Map<string, Responder[]>();
  readonly #subscriptions = new Set<Subscription>();
  #closed = false;

  constructor(options: MemoryBusOptions) {
    // In-process queues need no prefix; the namespace is still checked so both transports reject the same ones.
    createNames(options.namespace);
    this.#logger = options.logger ?? createLogger({ service: 'bus' });
    this.#dedupeWindowMs = options.dedupeWindowMs ?? TWO_MINUTES;
  }

  async ensure(subjects: ReadonlyArray<CommandSubject<any> | EventSubject<any>>): Promise<void> {
    this.#assertOpen();
    for (const subject of subjects) if (subject.kind === 'command') this.#commandQueue(subject);
  }

  async publish<T>(subject: CommandSubject<T>, data: T, options: PublishOptions = {}): Promise<PublishAck> {
    this.#assertOpen();
    const json = toJson(subject.subject, subject.schema, data);
    const queue = this.#commandQueue(subject);
    if (this.#isDuplicate(subject.stream, options.msgId)) return { duplicate: true };
    queue.enqueue(this.#message(json, options));
    return { duplicate: false };
  }

  async consume<T>(subject: CommandSubject<T>, handler: DeliveryHandler<T>, options: ConsumeOptions = {}): Promise<Subscription> {
    this.#assertOpen();
    return this.#attach(this.#commandQueue(subject), subject, handler, options.concurrency ?? 1);
  }

  async emit<T>(subject: EventSubject<T>, data: T, options: PublishOptions = {}): Promise<PublishAck> {
    this.#assertOpen();
    const json = toJson(subject.subject, subject.schema, data);
    if (this.#isDuplicate(subject.stream, options.msgId)) return { duplicate: true };
    // Like a consumer with deliver policy "new": a group gets the events emitted after it first subscribed.
    for (const queue of this.#groups.get(subject.subject)?.values() ?? []) queue.enqueue(this.#message(json, options));
    return { duplicate: false };
  }

  async subscribeEvents<T>(subject: EventSubject<T>, handler: DeliveryHandler<T>, options: EventConsumeOptions): Promise<Subscription> {
    this.#assertOpen();
    const durable = eventDurable(options.group, subject.subject);
    let groups = this.#groups.get(subject.subject);
    if (!groups) this.#groups.set(subject.subject, (groups = new Map()));
    let queue = groups.get(options.group);
    if (!queue) {
      queue = new WorkQueue({ name: durable, ackWaitMs: subject.ackWaitMs, maxDeliver: subject.maxDeliver, logger: this.#logger });
      groups.set(options.group, queue);
      this.#queues.set(`event:${durable}`, queue);
    }
    return this.#attach(queue, subject, handler, options.concurrency ?? 1);
  }

  async notify<T>(subject: NotificationSubject<T>, key: string, data: T, headers?: Headers): Promise<void> {
    this.#assertOpen();
    checkKey(key, false);
    const json = toJson(`${subject.prefix}.${key}`, subject.schema, data);
    const sent = outgoingHeaders(headers);
    for (const listener of this.#listeners) {
      if (listener.subject === subject.prefix && (listener.key === '*' || listener.key === key)) {
        // Core NATS delivers asynchronously; so do we (a listener never runs inside notify()).
        setImmediate(() => listener.deliver(json, { ...sent }));
      }
    }
  }

  async listen<T>(subject: NotificationSubject<T>, key: string, handler: (data: T, headers: Headers) => void): Promise<Subscription> {
    this.#assertOpen();
    checkKey(key, true);
    const listener: Listener = {
      subject: subject.prefix,
      key,
      deliver: (json, headers) => {
        if (!this.#listeners.has(listener)) return;
        try {
          const data = fromJson(subject.prefix, subject.schema, json);
          withTraceContext(headers, () => handler(data, headers));
        } catch (err) {
          this.#logger.warn({ err, subject: subject.prefix }, 'bus notification listener failed');
        }
      },
    };
    this.#listeners.add(listener);
    return this.#track({
      stop: async () => {
        this.#listeners.delete(listener);
      },
    });
  }

  async request<Req, Res>(subject: RpcSubject<Req, Res>, data: Req, options: RequestOptions): Promise<Res> {
    this.#assertOpen();
    const json = toJson(subject.subject, subject.request, data);
    const responders = this.#responders.get(subject.subject) ?? [];
    // Core NATS answers "no responders" at once; the caller sees the same error as a time-out.
    const responder = responders.shift();
    if (!responder) throw new BusTimeoutError(subject.subject, options.timeoutMs);
    responders.push(responder);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusTimeoutError(subject.subject, options.timeoutMs)), options.timeoutMs);
    });
    try {
      const reply = await Promise.race([responder(json, outgoingHeaders(options.headers)), timeout]);
      return fromJson(subject.subject, subject.response, reply);
    } finally {
      clearTimeout(timer);
    }
  }

  async respond<Req, Res>(subject: RpcSubject<Req, Res>, handler: (data: Req, headers: Headers) => Promise<Res>): Promise<Subscription> {
    this.#assertOpen();
    const responder: Responder = async (json, headers) => {
      await new Promise((resolve) => setImmediate(resolve));
      try {
        const data = fromJson(subject.subject, subject.request, json);
        const result = await withTraceContext(headers, () => handler(data, headers));
        return toJson(subject.subject, subject.response, result);
      } catch (err) {
        throw new BusRemoteError(subject.subject, err instanceof Error ? err.message : String(err));
      }
    };
    let responders = this.#responders.get(subject.subject);
    if (!responders) this.#responders.set(subject.subject, (responders = []));
    responders.push(responder);
    return this.#track({
      stop: async () => {
        const list = this.#responders.get(subject.subject) ?? [];
        const index = list.indexOf(responder);
        if (index >= 0) list.splice(index, 1);
      },
    });
  }

  healthy(): boolean {
    return !this.#closed;
  }

  async close(options?: StopOptions): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop(options)));
    for (const queue of this.#queues.values()) queue.close();
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('bus is closed');
  }

  #commandQueue(subject: CommandSubject<any>): WorkQueue {
    const key = `command:${subject.subject}`;
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = new WorkQueue({ name: subject.durable, ackWaitMs: subject.ackWaitMs, maxDeliver: subject.maxDeliver, logger: this.#logger });
      this.#queues.set(key, queue);
    }
    return queue;
  }

  #isDuplicate(stream: string, msgId: string | undefined): boolean {
    if (msgId === undefined) return false;
    let deduper = this.#dedupers.get(stream);
    if (!deduper) this.#dedupers.set(stream, (deduper = new Deduper(this.#dedupeWindowMs)));
    return deduper.isDuplicate(msgId);
  }

  #message(json: string, options: PublishOptions): { json: string; headers: Headers; msgId: string | undefined } {
    const headers = outgoingHeaders(options.headers);
    if (options.msgId !== undefined) headers[MSG_ID_HEADER] = options.msgId;
    return { json, headers, msgId: options.msgId };
  }

  #attach<T>(
    queue: WorkQueue,
    subject: CommandSubject<T> | EventSubject<T>,
    handler: DeliveryHandler<T>,
    concurrency: number,
  ): Subscription {
    const inFlight = new InFlight();
    const consumer: QueueConsumer = {
      concurrency: Math.max(1, concurrency),
      running: 0,
      deliver: async (message: StoredMessage, settler) => {
        let data: T;
        try {
          data = validate(subject.subject, subject.schema, JSON.parse(message.json));
        } catch (err) {
          this.#logger.error({ err, subject: subject.subject }, 'bus message fails its schema; terminated');
          settler.term();
          return;
        }
        const delivery = new TrackedDelivery<T>(
          { subject: subject.subject, data, headers: { ...message.headers }, deliveryCount: message.deliveries, msgId: message.msgId },
          settler,
        );
        await inFlight.track(delivery, runDelivery(delivery, handler, this.#logger));
      },
    };
    queue.addConsumer(consumer);
    return this.#track({
      stop: async (options?: StopOptions) => {
        queue.removeConsumer(consumer);
        const unfinished = await inFlight.drain(options);
        if (unfinished > 0) logUnfinished(this.#logger, subject.subject, unfinished, options);
      },
    });
  }

  #track(subscription: Subscription): Subscription {
    this.#subscriptions.add(subscription);
    return {
      stop: async (options?: StopOptions) => {
        this.#subscriptions.delete(subscription);
        await subscription.stop(options);
      },
    };
  }
}
