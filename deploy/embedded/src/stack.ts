import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBus, type Bus } from '@pressroom/bus';
import { BrowserPool } from '@pressroom/browser';
import { CATALOG } from '@pressroom/contracts';
import { openDatabase, type Db } from '@pressroom/db';
import { createGatewayApp, type GatewaySettings } from '@pressroom/gateway';
import { startImageService, type ImageService } from '@pressroom/image';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createStorage, type Storage } from '@pressroom/storage';
import { createLogger, type Logger } from '@pressroom/telemetry';

export interface StackOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Set → NATS JetStream; unset → the in-process bus. */
  natsUrl?: string | undefined;
  busNamespace?: string;
  /** Set → PostgreSQL; unset → PGlite (on disk under dataDir, or in memory when dataDir is unset). */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Where disk storage keeps files; defaults to `<dataDir>/files`. */
  filesDir: string;
  storage: 'disk' | 'nats';
  storageBucket?: string;
  allowPrivateHosts: string[];
  publicBaseUrl?: string | undefined;
  errorsBaseUrl?: string | undefined;
  browser: { executablePath: string; pages: number; restartAfter: number; queueLimit: number; renderTimeoutMs: number; pngCompression?: 'fast' | 'small' };
  gateway?: Partial<Pick<GatewaySettings, 'maxBodyBytes' | 'renderWaitMs' | 'authCacheMs'>>;
  logger?: Logger;
  /** Run the image renderer in this process (default true). */
  withImageService?: boolean;
}

export interface Stack {
  baseUrl: string;
  port: number;
  db: Db;
  bus: Bus;
  storage: Storage;
  pool: BrowserPool | null;
  close(): Promise<void>;
}

/**
 * Every service of Pressroom in one process: the gateway's HTTP API and the
 * image renderer's handlers, on one bus, database and storage. `make run`
 * and the system tests both start it; only the adapters differ.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const logger = options.logger ?? createLogger({ service: 'pressroom', level: 'silent' });
  const namespace = options.busNamespace ?? '';
  const bus = await createBus({ natsUrl: options.natsUrl, namespace, logger });
  await bus.ensure([CATALOG.renderImage, CATALOG.renderCompleted, CATALOG.renderFailed]);
  const db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir === undefined ? undefined : `${options.dataDir}/pglite` });
  const storage = await createStorage({
    kind: options.storage,
    dir: options.filesDir,
    natsUrl: options.natsUrl,
    bucket: options.storageBucket ?? 'pressroom-renders',
    namespace,
  });
  const guard = createSsrfGuard({ allowPrivateHosts: options.allowPrivateHosts });

  let pool: BrowserPool | null = null;
  let image: ImageService | null = null;
  if (options.withImageService ?? true) {
    const { pngCompression = 'fast', ...browser } = options.browser;
    pool = await BrowserPool.start({ ...browser, egressGuard: guard, logger });
    image = await startImageService({ bus, db, storage, pool, guard, logger, concurrency: browser.pages, pngCompression });
  }

  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicBaseUrl = (options.publicBaseUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const app = createGatewayApp({
    db,
    bus,
    storage,
    guard,
    logger,
    settings: {
      publicBaseUrl,
      errorsBaseUrl: options.errorsBaseUrl ?? `${publicBaseUrl}/errors`,
      maxBodyBytes: options.gateway?.maxBodyBytes ?? 5 * 1024 * 1024,
      renderWaitMs: options.gateway?.renderWaitMs ?? options.browser.renderTimeoutMs + 15_000,
      authCacheMs: options.gateway?.authCacheMs ?? 5_000,
    },
    health: async () => ({
      ...(image?.health() ?? {}),
      bus: { ok: bus.healthy(), transport: bus.transport },
      db: { ok: await db.healthy(), engine: db.kind },
      storage: { ok: await storage.healthy(), kind: storage.kind },
    }),
  });
  server.on('request', app);

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    db,
    bus,
    storage,
    pool,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await image?.stop();
      await pool?.close();
      await bus.close();
      await storage.close();
      await db.close();
    },
  };
}
