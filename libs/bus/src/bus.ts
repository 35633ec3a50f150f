import type { CommandSubject, EventSubject, NotificationSubject, RpcSubject } from '@pressroom/contracts';

/** Message headers. `traceparent` (W3C) travels here; see headers.ts. */
export type Headers = Record<string, string>;

/** A delivered command or event. The handler must settle it exactly once. */
export interface Delivery<T> {
  readonly subject: string;
  readonly data: T;
  readonly headers: Headers;
  /** 1 on first delivery, 2 on the first redelivery, ... */
  readonly deliveryCount: number;
  /** The producer's de-duplication id (`Nats-Msg-Id`), when one was given. */
  readonly msgId: string | undefined;
  ack(): Promise<void>;
  /** Ask for redelivery, after `delayMs` when given. */
  nak(delayMs?: number): Promise<void>;
  /** Extend the ack wait: a heartbeat for long work. */
  working(): Promise<void>;
  /** Give up on the message for good (no redelivery). */
  term(): Promise<void>;
}

/**
 * What a handler returns decides settlement when it did not settle itself:
 * resolve → ack; throw → nak after a back-off (`retryDelayMs`: 1 s, 4 s, 15 s,
 * then 30 s), redelivered until maxDeliver.
 */
export type DeliveryHandler<T> = (delivery: Delivery<T>) => Promise<void>;

export interface PublishOptions {
  /** De-duplication id: a second publish with the same id within the window is dropped. */
  msgId?: string;
  headers?: Headers;
}

export interface PublishAck {
  /** True when the bus recognised msgId as a duplicate and dropped the message. */
  duplicate: boolean;
}

export interface ConsumeOptions {
  /** How many deliveries this process handles at once (default 1). */
  concurrency?: number;
}

export interface EventConsumeOptions extends ConsumeOptions {
  /** Durable subscriber group: each group gets every event once; members of a group share them. */
  group: string;
}

export interface StopOptions {
  /**
   * How long to wait for in-flight handlers (default DEFAULT_GRACE_MS, 10 s; a
   * service passes its own shutdown grace). What becomes of the handlers still
   * running then is `unfinished`'s.
   */
  graceMs?: number;
  /**
   * Handlers still running when the grace runs out:
   * - 'hand-back' (default): their messages are nak'd at once (no delay), so
   *   another consumer takes them now rather than after the ack wait. The
   *   delivery counts, as every JetStream delivery does.
   * - 'abandon': nothing is sent, as if the process had died; the messages
   *   are redelivered once the ack wait runs out. Tests simulate a crash with
   *   `{ graceMs: 0, unfinished: 'abandon' }`.
   * Either way their later ack/nak/working/term are ignored.
   */
  unfinished?: 'hand-back' | 'abandon';
}

export interface Subscription {
  /** Stop receiving; in-flight handlers finish within the grace, the rest are handed back (see StopOptions). */
  stop(options?: StopOptions): Promise<void>;
}

export interface RequestOptions {
  timeoutMs: number;
  headers?: Headers;
}

/**
 * The one bus interface. Two transports implement it: NATS JetStream
 * (distributed) and in-process (the embedded default). Both validate
 * payloads with the catalog's zod schema on publish and on receipt.
 */
export interface Bus {
  readonly transport: 'nats' | 'memory';
  /**
   * The in-process transport keeps its messages in this process's memory: this is when it was created, so a
   * command published before then is not on it (gone with the process that held it). Undefined for NATS.
   */
  readonly inProcessSince?: Date | undefined;

  /** Make sure streams and durable consumers for these subjects exist. Idempotent. */
  ensure(subjects: ReadonlyArray<CommandSubject<any> | EventSubject<any>>): Promise<void>;

  /** Durable work queue: publish a command. */
  publish<T>(subject: CommandSubject<T>, data: T, options?: PublishOptions): Promise<PublishAck>;
  /** Durable work queue: consume commands in the subject's shared durable consumer. */
  consume<T>(subject: CommandSubject<T>, handler: DeliveryHandler<T>, options?: ConsumeOptions): Promise<Subscription>;

  /** Durable fan-out: emit an event. */
  emit<T>(subject: EventSubject<T>, data: T, options?: PublishOptions): Promise<PublishAck>;
  /** Durable fan-out: receive every event once per group. */
  subscribeEvents<T>(subject: EventSubject<T>, handler: DeliveryHandler<T>, options: EventConsumeOptions): Promise<Subscription>;

  /** Core publish, never stored: `<prefix>.<key>`. */
  notify<T>(subject: NotificationSubject<T>, key: string, data: T, headers?: Headers): Promise<void>;
  /** Core subscribe to `<prefix>.<key>` (key may be `*`). */
  listen<T>(subject: NotificationSubject<T>, key: string, handler: (data: T, headers: Headers) => void): Promise<Subscription>;

  /** Core request/reply. Rejects with BusTimeoutError. */
  request<Req, Res>(subject: RpcSubject<Req, Res>, data: Req, options: RequestOptions): Promise<Res>;
  /** Answer requests (queue group: one responder per request). */
  respond<Req, Res>(subject: RpcSubject<Req, Res>, handler: (data: Req, headers: Headers) => Promise<Res>): Promise<Subscription>;

  /** True while the transport is connected and usable. */
  healthy(): boolean;
  /** Stop every subscription (see StopOptions) and disconnect. */
  close(options?: StopOptions): Promise<void>;
}

export class BusTimeoutError extends Error {
  constructor(subject: string, timeoutMs: number) {
    super(`no reply on ${subject} within ${timeoutMs} ms`);
    this.name = 'BusTimeoutError';
  }
}

/** The responder's handler threw: its message travels back to the requester. */
export class BusRemoteError extends Error {
  constructor(subject: string, message: string) {
    super(`responder on ${subject} failed: ${message}`);
    this.name = 'BusRemoteError';
  }
}

/** A payload failed its catalog schema. Producers get it on publish; consumers term() such messages. */
export class BusValidationError extends Error {
  constructor(subject: string, issues: string) {
    super(`payload for ${subject} does not match its schema: ${issues}`);
    this.name = 'BusValidationError';
  }
}
