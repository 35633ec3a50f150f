import { createBus, type Bus } from '@pressroom/bus';
import { createSecretBox, openDatabase, type Db } from '@pressroom/db';
import { createCustomStorageCopies } from './custom-storage.js';
import { createSsrfGuard, type HostLookup, type SsrfGuard } from '@pressroom/ssrf';
import { createStorage, type CreateStorageOptions, type CustomStorageCopies, type Storage } from '@pressroom/storage';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { createOwnerCaches, type OwnerCaches } from './owner-caches.js';
import { storedSubjects, type ServiceTopology } from './topology.js';

export interface AdapterOptions {
  /** Set → NATS JetStream; unset → the in-process bus. */
  natsUrl?: string | undefined;
  namespace: string;
  /** Set → PostgreSQL; unset → PGlite in `pgliteDir` (in memory when that is unset too). */
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  storage: Omit<CreateStorageOptions, 'natsUrl' | 'namespace'>;
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
  /** Bus, database and storage health, as the ops server and the gateway's /health report them. */
  health(): Promise<Record<string, ComponentHealth>>;
  close(): Promise<void>;
}

export async function openAdapters(options: AdapterOptions): Promise<Adapters> {
  const bus = await createBus({ natsUrl: options.natsUrl, namespace: options.namespace, logger: options.logger });
  await bus.ensure(storedSubjects(options.topology));
  const db = await openDatabase({ url: options.databaseUrl, dataDir: options.pgliteDir });
  const storage = await createStorage({
    ...options.storage,
    natsUrl: options.natsUrl,
    namespace: options.namespace,
    // Files on disk are made as durable as the rows that point at them: PGlite never fsyncs its own
    // files (measured: no fsync in 200 commits), so syncing ours beside it would cost every render
    // ~2 ms without surviving a power loss any better (docs/adr/0048). PostgreSQL syncs: so do we.
    fsync: db.kind === 'postgres',
  });
  const owners = createOwnerCaches({ bus, logger: options.logger });
  await owners.listen();
  const guard = createSsrfGuard({ allowPrivateHosts: options.allowPrivateHosts }, options.hostLookup ? { lookup: options.hostLookup } : {});
  const customStorage = createCustomStorageCopies({
    db,
    guard,
    logger: options.logger,
    secretBox: options.secretKey ? createSecretBox(options.secretKey) : null,
    owners,
  });
  return {
    bus,
    db,
    storage,
    guard,
    customStorage,
    owners,
    async health() {
      return {
        bus: { ok: bus.healthy(), transport: bus.transport },
        db: { ok: await db.healthy(), engine: db.kind },
        storage: { ok: await storage.healthy(), kind: storage.kind },
      };
    },
    async close() {
      await owners.stop();
      await bus.close();
      await storage.close();
      await db.close();
    },
  };
}
