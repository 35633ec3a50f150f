import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { streamReplicasCaughtUp } from '@pressroom/contracts';
import type { Logger } from '@pressroom/telemetry';

export interface StreamSpec {
  name: string;
  subjects: string[];
  retention: 'workqueue' | 'limits';
}

export interface ConsumerSpec {
  stream: string;
  durable: string;
  filterSubject: string;
  ackWaitMs: number;
  maxDeliver: number;
  /** Commands: everything waiting in the queue. Event groups: what is emitted after the group first subscribed. */
  deliverPolicy: 'all' | 'new';
}

/** JetStream's default duplicate window; the memory bus uses the same. */
const DUPLICATE_WINDOW_MS = 120_000;
/** A command nobody processed for a day, or an event a day old, is history. */
const MAX_AGE_MS = 24 * 3_600_000;

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/**
 * Creates or extends streams and durable pull consumers, idempotently: safe
 * to run from every process at start-up, and concurrently. Existing streams
 * gain missing subjects and take the configured replica count (JetStream
 * moves the data itself; every process must be given the same count, or they
 * change it back and forth); existing consumers get the catalog's ack wait and
 * max deliveries. Only NATS 2.9 features (one filter subject per consumer).
 */
export class Topology {
  readonly #streams = new Map<string, Set<string>>();
  readonly #consumers = new Set<string>();
  readonly #locks = new Map<string, Promise<unknown>>();

  /** `replicas`: copies of each stream (PRESSROOM_NATS_REPLICAS; 1 to 5, at most the cluster's servers). */
  constructor(
    private readonly jsm: JetStreamManager,
    private readonly logger: Logger,
    private readonly replicas = 1,
  ) {}

  async stream(spec: StreamSpec): Promise<void> {
    const known = () => spec.subjects.every((subject) => this.#streams.get(spec.name)?.has(subject));
    if (known()) return;
    await this.#serialize(`stream:${spec.name}`, async () => {
      if (known()) return;
      const subjects = await this.#ensureStream(spec);
      this.#streams.set(spec.name, new Set(subjects));
    });
  }

  async consumer(spec: ConsumerSpec): Promise<void> {
    const key = `${spec.stream}/${spec.durable}`;
    if (this.#consumers.has(key)) return;
    await this.#serialize(`consumer:${key}`, async () => {
      if (this.#consumers.has(key)) return;
      await this.#ensureConsumer(spec);
      this.#consumers.add(key);
    });
  }

  async #ensureStream(spec: StreamSpec): Promise<string[]> {
    // Two attempts: another process may create the stream between our info and add.
    for (let attempt = 1; ; attempt++) {
      const info = await this.jsm.streams.info(spec.name).catch((err: unknown) => {
        if (isApiError(err, JetStreamApiCodes.StreamNotFound)) return null;
        throw err;
      });
      if (info) {
        const retention = spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits;
        if (info.config.retention !== retention) {
          this.logger.warn({ stream: spec.name, retention: info.config.retention }, 'bus stream exists with another retention');
        }
        const current = info.config.subjects ?? [];
        const missing = spec.subjects.filter((subject) => !current.includes(subject));
        const replicasDiffer = info.config.num_replicas !== this.replicas;
        if (missing.length === 0 && !replicasDiffer) return current;
        if (replicasDiffer) {
          this.logger.info({ stream: spec.name, from: info.config.num_replicas, to: this.replicas }, 'bus stream replicas changed');
        }
        const updated = await this.jsm.streams.update(spec.name, { subjects: [...current, ...missing], num_replicas: this.replicas });
        if (replicasDiffer) {
          // The process starts using the stream once every new copy is current (publishes meanwhile find no responder).
          await streamReplicasCaughtUp({ jsm: this.jsm, stream: spec.name, replicas: this.replicas }).catch((err: unknown) => {
            throw new Error(`bus stream ${spec.name}: ${(err as Error).message}`, { cause: err });
          });
        }
        return updated.config.subjects ?? [];
      }
      try {
        const created = await this.jsm.streams.add({
          name: spec.name,
          subjects: spec.subjects,
          retention: spec.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
          storage: StorageType.File,
          discard: DiscardPolicy.Old,
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
          max_age: nanos(MAX_AGE_MS),
          num_replicas: this.replicas,
        });
        return created.config.subjects ?? [];
      } catch (err) {
        if (attempt >= 2) throw err;
      }
    }
  }

  async #ensureConsumer(spec: ConsumerSpec): Promise<void> {
    const ackWait = nanos(spec.ackWaitMs);
    const info = await this.jsm.consumers.info(spec.stream, spec.durable).catch((err: unknown) => {
      if (isApiError(err, JetStreamApiCodes.ConsumerNotFound)) return null;
      throw err;
    });
    if (!info) {
      await this.jsm.consumers.add(spec.stream, {
        durable_name: spec.durable,
        ack_policy: AckPolicy.Explicit,
        ack_wait: ackWait,
        max_deliver: spec.maxDeliver,
        filter_subject: spec.filterSubject,
        deliver_policy: spec.deliverPolicy === 'all' ? DeliverPolicy.All : DeliverPolicy.New,
      });
      return;
    }
    if (info.config.filter_subject !== spec.filterSubject) {
      this.logger.warn(
        { stream: spec.stream, durable: spec.durable, filter: info.config.filter_subject },
        'bus consumer exists with another filter subject',
      );
    }
    if (info.config.ack_wait !== ackWait || info.config.max_deliver !== spec.maxDeliver) {
      await this.jsm.consumers.update(spec.stream, spec.durable, { ack_wait: ackWait, max_deliver: spec.maxDeliver });
    }
  }

  /** One ensure at a time per stream or consumer within this process. */
  async #serialize(key: string, fn: () => Promise<void>): Promise<void> {
    const previous = this.#locks.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(fn);
    this.#locks.set(key, next);
    try {
      await next;
    } finally {
      if (this.#locks.get(key) === next) this.#locks.delete(key);
    }
  }
}
