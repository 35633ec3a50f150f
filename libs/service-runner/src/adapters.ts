import { createBus, natsConnectProblem, type Bus, type StopOptions } from '@pressroom/bus';
import { createSecretBox, databaseOpenProblem, openDatabase, type Db, type MigrateMode } from '@pressroom/db';
import { createCustomStorageCopies } from './custom-storage.js';
import { createSsrfGuard, type HostLookup, type SsrfGuard } from '@pressroom/ssrf';
import { createStorage, type CreateStorageOptions, type CustomStorageCopies, type Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { healthTransitions } from './health-transitions.js';
import { createOwnerCaches, type OwnerCaches } from './owner-caches.js';
import { storedSubjects, type ServiceTopology } from './topology.js';

export interface AdapterOptions {
  /** Set → NATS JetStream; unset → the in-process bus. */
  natsUrl?: string | undefined;
  namespace: string;
  /** Replicas of the JetStream streams and of the nats storage bucket (PRESSROOM_NATS_REPLICAS; default 1). */
  natsReplicas?: number | undefined;
  /** Set → PostgreSQL; unset → PGlite in `pgliteDir` (in memory when that is unset too). */
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  /** PRESSROOM_MIGRATE: apply pending migrations at open (auto, the default), or refuse to start while some are pending (off). */
  migrate?: MigrateMode | undefined;
  storage: Omit<CreateStorageOptions, 'natsUrl' | 'namespace' | 'natsReplicas'>;
  allowPrivateHosts: string[];
  /** PRESSROOM_SECRET_KEY: opens owners' custom storage credentials (unset → their copies fail, reported). */
  secretKey?: string | undefined;
  /** Replaces DNS for the SSRF guard (tests). */
  hostLookup?: HostLookup;
  /** Streams and consumers created before any service starts. */
  topology: ServiceTopology;
  logger: Logger;
}

/** The outside world of a service: bus, database, storage and the SSRF guard, opened once and closed in reverse. */
export interface Adapters {
  bus: Bus;
  db: Db;
  storage: Storage;
  guard: SsrfGuard;
  /** Owners' own buckets: every render is also copied there (docs/storage.md). */
  customStorage: CustomStorageCopies;
  /** Owner settings every render reads (plan, fonts, custom storage), dropped on owner.changed (docs/adr/0046). */
  owners: OwnerCaches;
  /**
   * Bus, database and storage health, as the ops server and the gateway's /health report them (storage with the
   * reason when not ok); each change is logged once (health-transitions.ts).
   */
  health(): Promise<Record<string, ComponentHealth>>;
  /** Closes bus (its subscriptions given `graceMs`, see StopOptions), storage and database. */
  close(options?: StopOptions): Promise<void>;
}

/** A dependency (NATS, PostgreSQL) could not be reached at start: the message names it, `cause` is the client's error. */
export class DependencyUnavailableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DependencyUnavailableError';
  }
}

/** Rethrows `error` as a DependencyUnavailableError when `problem` reads it as an unreachable dependency. */
function unavailable(error: unknown, problem: string | null): unknown {
  return problem ? new DependencyUnavailableError(problem, { cause: error }) : error;
}

export async function openAdapters(options: AdapterOptions): Promise<Adapters> {
  const bus = await createBus({
    natsUrl: options.natsUrl,
    namespace: options.namespace,
    logger: options.logger,
    ...(options.natsReplicas !== undefined ? { replicas: options.natsReplicas } : {}),
  }).catch((error: unknown) => {
    throw unavailable(error, natsConnectProblem(error, options.natsUrl));
  });
  // What is already open is closed again when a later dependency fails, so the process can exit cleanly.
  let db: Db | undefined;
  try {
    await bus.ensure(storedSubjects(options.topology));
    db = await openDatabase({ url: options.databaseUrl, dataDir: options.pgliteDir, migrate: options.migrate ?? 'auto' }).catch(
      (error: unknown) => {
        throw unavailable(error, databaseOpenProblem(error, options.databaseUrl));
      },
    );
  } catch (error) {
    await bus.close().catch(() => {});
    throw error;
  }
  const opened = db;
  const storage = await createStorage({
    ...options.storage,
    natsUrl: options.natsUrl,
    namespace: options.namespace,
    natsReplicas: options.natsReplicas,
    // Files on disk are made as durable as the rows that point at them: PGlite never fsyncs its own
    // files (measured: no fsync in 200 commits), so syncing ours beside it would cost every render
    // ~2 ms without surviving a power loss any better (docs/adr/0048). PostgreSQL syncs: so do we.
    fsync: opened.kind === 'postgres',
  }).catch(async (error: unknown) => {
    await bus.close().catch(() => {});
    await opened.close().catch(() => {});
    throw unavailable(error, options.storage.kind === 'nats' ? natsConnectProblem(error, options.natsUrl, 'the NATS object store') : null);
  });
  const owners = createOwnerCaches({ bus, logger: options.logger });
  await owners.listen();
  const logTransitions = healthTransitions(options.logger);
  const guard = createSsrfGuard({ allowPrivateHosts: options.allowPrivateHosts }, options.hostLookup ? { lookup: options.hostLookup } : {});
  const customStorage = createCustomStorageCopies({
    db: opened,
    guard,
    logger: options.logger,
    secretBox: options.secretKey ? createSecretBox(options.secretKey) : null,
    owners,
  });
  return {
    bus,
    db: opened,
    storage,
    guard,
    customStorage,
    owners,
    async health() {
      const [dbOk, stored] = await Promise.all([opened.healthy(), storage.check()]);
      return logTransitions({
        bus: { ok: bus.healthy(), transport: bus.transport },
        db: { ok: dbOk, engine: opened.kind },
        storage: { ...stored, kind: storage.kind },
      });
    },
    async close(closeOptions) {
      await owners.stop();
      await bus.close(closeOptions);
      await storage.close();
      await opened.close();
    },
  };
}
