import { jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { connect, Empty, NoRespondersError, RequestError, TimeoutError, type NatsConnection } from '@nats-io/transport-node';
import { ALL_SUBJECTS, type CommandSubject, type EventSubject, type NotificationSubject, type RpcSubject } from '@pressroom/contracts';
import { createLogger, watchConsumerLag, type Logger } from '@pressroom/telemetry';
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
import { REMOTE_ERROR_HEADER, outgoingHeaders, withTraceContext } from '../headers.js';
import { checkKey, createNames, eventDurable, type Names } from '../names.js';
import { decodeText, encodeJson, fromJson, toJson } from '../payload.js';
import { fromNatsHeaders, toNatsHeaders } from './nats-headers.js';
import { startPullSubscription } from './pull-subscription.js';
import { Topology, type ConsumerSpec, type StreamSpec } from './topology.js';

export interface NatsBusOptions {
  url: string;
  /** Prefix for subjects (`<ns>.`) and streams (`<ns>_`); empty for none. */
  namespace?: string;
  logger?: Logger;
  /** Connection name, shown by the NATS server. */
  name?: string;
  /** Replicas of every stream this bus creates or finds (PRESSROOM_NATS_REPLICAS; default 1). */
  replicas?: number;
}

/** Event streams capture `events.>`; event subjects must live below it. */
const EVENTS_WILDCARD = 'events.>';
/** Responders of one RPC subject share the work: one answers each request. */
const RESPONDER_QUEUE = 'responders';

/**
 * The distributed transport: commands and events are JetStream streams with
 * durable pull consumers; notifications and RPC are core NATS on subjects no
 * stream captures (a request on a captured subject would be answered by the
 * stream's publish ack instead of the responder).
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const connection = await connect({ servers: options.url, name: options.name ?? 'pressroom', maxReconnectAttempts: -1 });
  try {
    const jsm = await jetstreamManager(connection);
    const logger = options.logger ?? defaultLogger();
    return new NatsBus(connection, jsm.jetstream(), new Topology(jsm, logger, options.replicas), options);
  } catch (err) {
    await connection.close();
    throw err;
  }
}

function defaultLogger(): Logger {
  return createLogger({ service: 'bus' });
}

/** The catalog's command subjects kept on `stream`. */
function catalogCommandsOn(stream: string): string[] {
  return ALL_SUBJECTS.flatMap((s) => (s.kind === 'command' && s.stream === stream ? [s.subject] : []));
}

function isTimeout(err: unknown): boolean {
  if (err instanceof TimeoutError || err instanceof NoRespondersError) return true;
  return err instanceof RequestError && (err.isNoResponders() || err.cause instanceof TimeoutError);
}

class NatsBus implements Bus {
  readonly transport = 'nats' as const;
  readonly #names: Names;
  readonly #logger: Logger;
  readonly #subscriptions = new Set<Subscription>();
  #connected = true;
  #closed = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly topology: Topology,
    options: NatsBusOptions,
  ) {
    this.#names = createNames(options.namespace);
    this.#logger = options.logger ?? defaultLogger();
    void this.#watchStatus();
  }

  /**
   * Tracks the connection for `healthy()`, and says so in the log once per change: a NATS outage was
   * otherwise visible only as the errors of whatever tried to use the bus meanwhile.
   */
  async #watchStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect' && this.#connected) {
        this.#connected = false;
        this.#logger.warn({ server: status.server }, 'bus connection to NATS lost; reconnecting');
      }
      if (status.type === 'reconnect' && !this.#connected) {
        this.#connected = true;
        this.#logger.info({ server: status.server }, 'bus connection to NATS restored');
      }
    }
  }

  async ensure(subjects: ReadonlyArray<CommandSubject<any> | EventSubject<any>>): Promise<void> {
    for (const subject of subjects) {
      await this.topology.stream(this.#streamSpec(subject));
      if (subject.kind === 'command') await this.topology.consumer(this.#commandConsumer(subject));
    }
  }

  async publish<T>(subject: CommandSubject<T>, data: T, options: PublishOptions = {}): Promise<PublishAck> {
    return this.#store(subject, data, options);
  }

  async consume<T>(subject: CommandSubject<T>, handler: DeliveryHandler<T>, options: ConsumeOptions = {}): Promise<Subscription> {
    const spec = this.#commandConsumer(subject);
    return this.#pull(subject, spec, handler, options.concurrency ?? 1);
  }

  async emit<T>(subject: EventSubject<T>, data: T, options: PublishOptions = {}): Promise<PublishAck> {
    return this.#store(subject, data, options);
  }

  async subscribeEvents<T>(subject: EventSubject<T>, handler: DeliveryHandler<T>, options: EventConsumeOptions): Promise<Subscription> {
    const spec: ConsumerSpec = {
      stream: this.#names.stream(subject.stream),
      durable: eventDurable(options.group, subject.subject),
      filterSubject: this.#names.subject(subject.subject),
      ackWaitMs: subject.ackWaitMs,
      maxDeliver: subject.maxDeliver,
      deliverPolicy: 'new',
    };
    return this.#pull(subject, spec, handler, options.concurrency ?? 1);
  }

  async notify<T>(subject: NotificationSubject<T>, key: string, data: T, headers?: Headers): Promise<void> {
    this.#assertOpen();
    checkKey(key, false);
    const json = toJson(`${subject.prefix}.${key}`, subject.schema, data);
    this.nc.publish(this.#names.subject(`${subject.prefix}.${key}`), encodeJson(json), {
      headers: toNatsHeaders(outgoingHeaders(headers)),
    });
  }

  async listen<T>(subject: NotificationSubject<T>, key: string, handler: (data: T, headers: Headers) => void): Promise<Subscription> {
    this.#assertOpen();
    checkKey(key, true);
    const sub = this.nc.subscribe(this.#names.subject(`${subject.prefix}.${key}`), {
      callback: (err, msg) => {
        if (err) {
          this.#logger.warn({ err, subject: subject.prefix }, 'bus notification subscription failed');
          return;
        }
        try {
          const headers = fromNatsHeaders(msg.headers);
          const data = fromJson(this.#names.strip(msg.subject), subject.schema, decodeText(msg.data));
          withTraceContext(headers, () => handler(data, headers));
        } catch (err) {
          this.#logger.warn({ err, subject: msg.subject }, 'bus notification listener failed');
        }
      },
    });
    // Registered at the server before we return: a notification sent next, from any process, is seen.
    await this.nc.flush();
    return this.#track({ stop: async () => sub.unsubscribe() });
  }

  async request<Req, Res>(subject: RpcSubject<Req, Res>, data: Req, options: RequestOptions): Promise<Res> {
    this.#assertOpen();
    const json = toJson(subject.subject, subject.request, data);
    let reply;
    try {
      reply = await this.nc.request(this.#names.subject(subject.subject), encodeJson(json), {
        timeout: options.timeoutMs,
        headers: toNatsHeaders(outgoingHeaders(options.headers)),
      });
    } catch (err) {
      if (isTimeout(err)) throw new BusTimeoutError(subject.subject, options.timeoutMs);
      throw err;
    }
    const remoteError = reply.headers?.get(REMOTE_ERROR_HEADER);
    if (remoteError) throw new BusRemoteError(subject.subject, remoteError);
    return fromJson(subject.subject, subject.response, decodeText(reply.data));
  }

  async respond<Req, Res>(subject: RpcSubject<Req, Res>, handler: (data: Req, headers: Headers) => Promise<Res>): Promise<Subscription> {
    this.#assertOpen();
    const sub = this.nc.subscribe(this.#names.subject(subject.subject), {
      queue: RESPONDER_QUEUE,
      callback: (err, msg) => {
        if (err) {
          this.#logger.warn({ err, subject: subject.subject }, 'bus responder subscription failed');
          return;
        }
        void (async () => {
          try {
            const headers = fromNatsHeaders(msg.headers);
            const data = fromJson(subject.subject, subject.request, decodeText(msg.data));
            const result = await withTraceContext(headers, () => handler(data, headers));
            msg.respond(encodeJson(toJson(subject.subject, subject.response, result)));
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            // Header values are one line.
            msg.respond(Empty, { headers: toNatsHeaders({ [REMOTE_ERROR_HEADER]: message.replace(/[\r\n]+/g, ' ') || 'error' }) });
          }
        })();
      },
    });
    await this.nc.flush();
    return this.#track({ stop: async () => sub.unsubscribe() });
  }

  healthy(): boolean {
    return !this.#closed && this.#connected && !this.nc.isClosed();
  }

  async close(options?: StopOptions): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([...this.#subscriptions].map((subscription) => subscription.stop(options)));
    if (!this.nc.isClosed()) await this.nc.drain().catch((err: unknown) => this.#logger.warn({ err }, 'bus drain failed'));
  }

  #assertOpen(): void {
    if (this.#closed) throw new Error('bus is closed');
  }

  #streamSpec(subject: CommandSubject<any> | EventSubject<any>): StreamSpec {
    const name = this.#names.stream(subject.stream);
    if (subject.kind === 'command') {
      // Every catalog command of the stream, not only this one: services starting together each ensure their own command,
      // and a stream update writes the whole subject list, so each adding only its own would drop the others' (the last
      // write wins, and a consumer of a dropped subject is then refused).
      const commands = [subject.subject, ...catalogCommandsOn(subject.stream)];
      return { name, subjects: [...new Set(commands)].map((s) => this.#names.subject(s)), retention: 'workqueue' };
    }
    if (!subject.subject.startsWith('events.')) throw new Error(`event subject ${subject.subject} must start with "events."`);
    return { name, subjects: [this.#names.subject(EVENTS_WILDCARD)], retention: 'limits' };
  }

  #commandConsumer(subject: CommandSubject<any>): ConsumerSpec {
    return {
      stream: this.#names.stream(subject.stream),
      durable: subject.durable,
      filterSubject: this.#names.subject(subject.subject),
      ackWaitMs: subject.ackWaitMs,
      maxDeliver: subject.maxDeliver,
      deliverPolicy: 'all',
    };
  }

  async #store<T>(subject: CommandSubject<T> | EventSubject<T>, data: T, options: PublishOptions): Promise<PublishAck> {
    this.#assertOpen();
    const json = toJson(subject.subject, subject.schema, data);
    await this.topology.stream(this.#streamSpec(subject));
    const ack = await this.js.publish(this.#names.subject(subject.subject), encodeJson(json), {
      headers: toNatsHeaders(outgoingHeaders(options.headers)),
      ...(options.msgId !== undefined ? { msgID: options.msgId } : {}),
    });
    return { duplicate: ack.duplicate };
  }

  async #pull<T>(
    subject: CommandSubject<T> | EventSubject<T>,
    spec: ConsumerSpec,
    handler: DeliveryHandler<T>,
    concurrency: number,
  ): Promise<Subscription> {
    this.#assertOpen();
    await this.topology.stream(this.#streamSpec(subject));
    await this.topology.consumer(spec);
    const consumer = await this.js.consumers.get(spec.stream, spec.durable);
    const unwatch = watchConsumerLag(spec.stream, spec.durable, async () => {
      const info = await consumer.info();
      return { pending: info.num_pending, ackPending: info.num_ack_pending };
    });
    const pulling = startPullSubscription({
      consumer,
      subject: subject.subject,
      schema: subject.schema,
      handler,
      concurrency,
      logger: this.#logger,
    });
    return this.#track({
      stop: async (options?: StopOptions) => {
        unwatch();
        await pulling.stop(options);
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
