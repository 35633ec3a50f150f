import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBus, type Bus } from '@pressroom/bus';
import { ANIMATION_CAPTURE_FLAGS, BrowserPool } from '@pressroom/browser';
import { CATALOG } from '@pressroom/contracts';
import { createSecretBox, localSecretKey, openDatabase, type Db } from '@pressroom/db';
import { startDispatcher, type Dispatcher } from '@pressroom/dispatcher';
import { startScheduler, type Scheduler } from '@pressroom/scheduler';
import { createGatewayApp, type GatewaySettings } from '@pressroom/gateway';
import { startImageService, type ImageService } from '@pressroom/image';
import { startGifService, type GifService } from '@pressroom/gif';
import { startPdfService, type PdfService } from '@pressroom/pdf';
import { createVideoRenderer, type VideoRenderer } from '@pressroom/video';
import { startVideoService, type VideoService } from '@pressroom/video-service';
import { createSsrfGuard, type HostLookup } from '@pressroom/ssrf';
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
  browser: {
    executablePath: string;
    pages: number;
    restartAfter: number;
    queueLimit: number;
    renderTimeoutMs: number;
    pngCompression?: 'fast' | 'small';
  };
  gateway?: Partial<
    Pick<
      GatewaySettings,
      | 'maxBodyBytes'
      | 'renderWaitMs'
      | 'authCacheMs'
      | 'urlRenderPerMinute'
      | 'videoWaitMs'
      | 'videoPreviewPerMinute'
      | 'previewPerMinute'
      | 'ai'
      | 'dashboard'
    >
  >;
  logger?: Logger;
  /** Run the image renderer in this process (default true). */
  withImageService?: boolean;
  /** Run the GIF renderer (default: with the image renderer). It has its own browser, launched with `--disable-threaded-animation`. */
  withGifService?: boolean;
  /** GIF browser pages (default 2) and whole-GIF time limit (default 120 s); loading and each frame are bounded by `browser.renderTimeoutMs`. */
  gif?: { pages?: number; timeoutMs?: number };
  /** Run the PDF renderer (default: with the image renderer, whose browser pool it shares). */
  withPdfService?: boolean;
  /** Run the video renderer (Remotion; default false here, `make run` turns it on). */
  withVideoService?: boolean;
  /** Video watchdog (default 300 s) and scratch directory (default `<dataDir>/video`, or a temporary one). */
  video?: { timeoutMs?: number; workDir?: string; bundleCacheDir?: string };
  /** Seals signing secrets; unset: a key kept in `<dataDir>/secret.key` (generated once), or per process without dataDir. */
  secretKey?: string | undefined;
  /** Webhook delivery settings (defaults: the contract's 1m,5m,30m,2h,24h retries, 30 s time-out, 1 s poll). */
  webhooks?: { retryScheduleMs?: number[]; timeoutMs?: number; pollMs?: number };
  /** Run the webhook dispatcher in this process (default true). */
  withDispatcher?: boolean;
  /** Batch settings (defaults: 1 s poll, 7-day retention, 5 MiB CSVs); `now` is the scheduler's clock (tests move it). */
  batches?: { pollMs?: number; retentionMs?: number; csvMaxBytes?: number; now?: () => Date };
  /** Run the batch scheduler in this process (default true). */
  withScheduler?: boolean;
  /** Replaces DNS for the SSRF guard (tests: a name whose address changes). */
  hostLookup?: HostLookup;
  /** Binding refreshes (defaults: 1 s poll, 5 MiB and 10 s per fetch); `now` is their clock (tests move it). */
  bindings?: { pollMs?: number; maxBytes?: number; fetchTimeoutMs?: number; leaseMs?: number; now?: () => Date };
}

export interface Stack {
  baseUrl: string;
  port: number;
  db: Db;
  bus: Bus;
  storage: Storage;
  pool: BrowserPool | null;
  dispatcher: Dispatcher | null;
  scheduler: Scheduler | null;
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
  await bus.ensure([CATALOG.renderImage, CATALOG.renderGif, CATALOG.renderPdf, CATALOG.renderCompleted, CATALOG.renderFailed]);
  const db = await openDatabase({
    url: options.databaseUrl,
    dataDir: options.dataDir === undefined ? undefined : `${options.dataDir}/pglite`,
  });
  const storage = await createStorage({
    kind: options.storage,
    dir: options.filesDir,
    natsUrl: options.natsUrl,
    bucket: options.storageBucket ?? 'pressroom-renders',
    namespace,
  });
  const guard = createSsrfGuard({ allowPrivateHosts: options.allowPrivateHosts }, options.hostLookup ? { lookup: options.hostLookup } : {});
  const secretBox = createSecretBox(
    options.secretKey ?? (await localSecretKey(options.dataDir === undefined ? undefined : `${options.dataDir}/secret.key`)),
  );

  let pool: BrowserPool | null = null;
  let image: ImageService | null = null;
  if (options.withImageService ?? true) {
    const { pngCompression = 'fast', ...browser } = options.browser;
    pool = await BrowserPool.start({ ...browser, egressGuard: guard, logger });
    image = await startImageService({ bus, db, storage, pool, guard, logger, concurrency: browser.pages, pngCompression });
  }
  // PDFs print on the image pool's pages (same kind of short job, no special flags; see docs/pdf.md).
  let pdf: PdfService | null = null;
  if (pool && (options.withPdfService ?? true)) {
    pdf = await startPdfService({
      bus,
      db,
      storage,
      pool,
      guard,
      logger,
      concurrency: options.browser.pages,
      parallelDocuments: Math.max(1, Math.min(2, options.browser.pages)),
    });
  }
  // GIFs hold a page for seconds and need --disable-threaded-animation: their own small browser (see docs/gif.md).
  let gifPool: BrowserPool | null = null;
  let gif: GifService | null = null;
  if (options.withGifService ?? options.withImageService ?? true) {
    const { pngCompression: _unused, ...browser } = options.browser;
    const gifPages = options.gif?.pages ?? 2;
    const gifTimeoutMs = options.gif?.timeoutMs ?? 120_000;
    gifPool = await BrowserPool.start({
      ...browser,
      pages: gifPages,
      renderTimeoutMs: gifTimeoutMs,
      extraArgs: ANIMATION_CAPTURE_FLAGS,
      egressGuard: guard,
      logger,
    });
    gif = await startGifService({
      bus,
      db,
      storage,
      pool: gifPool,
      guard,
      logger,
      concurrency: gifPages,
      stepTimeoutMs: browser.renderTimeoutMs,
      gifTimeoutMs,
    });
  }

  // Videos: Remotion launches its own headless shell per render, behind the same SSRF guard (docs/video.md).
  let videoRenderer: VideoRenderer | null = null;
  let video: VideoService | null = null;
  if (options.withVideoService ?? false) {
    const workDir =
      options.video?.workDir ?? (options.dataDir ? `${options.dataDir}/video` : await mkdtemp(join(tmpdir(), 'pressroom-video-')));
    videoRenderer = await createVideoRenderer({
      browserExecutable: options.browser.executablePath,
      workDir,
      ...(options.video?.bundleCacheDir ? { bundleCacheDir: options.video.bundleCacheDir } : {}),
      timeoutMs: options.video?.timeoutMs ?? 300_000,
      guard,
      logger,
    });
    video = await startVideoService({ bus, db, storage, renderer: videoRenderer, logger });
  }

  // Event groups only see events emitted after they first subscribe: start before the API accepts renders.
  const dispatcher =
    (options.withDispatcher ?? true)
      ? await startDispatcher({
          bus,
          db,
          guard,
          secretBox,
          logger,
          retryScheduleMs: options.webhooks?.retryScheduleMs ?? [60_000, 300_000, 1_800_000, 7_200_000, 86_400_000],
          timeoutMs: options.webhooks?.timeoutMs ?? 30_000,
          pollMs: options.webhooks?.pollMs ?? 1_000,
        })
      : null;

  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicBaseUrl = (options.publicBaseUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const retentionMs = options.batches?.retentionMs ?? 7 * 86_400_000;
  const scheduler =
    (options.withScheduler ?? true)
      ? await startScheduler({
          bus,
          db,
          storage,
          logger,
          publicBaseUrl,
          pollMs: options.batches?.pollMs ?? 1_000,
          retentionMs,
          ...(options.batches?.now ? { now: options.batches.now } : {}),
          bindings: {
            guard,
            secretBox,
            pollMs: options.bindings?.pollMs ?? 1_000,
            maxBytes: options.bindings?.maxBytes ?? 5 * 1024 * 1024,
            fetchTimeoutMs: options.bindings?.fetchTimeoutMs ?? 10_000,
            ...(options.bindings?.leaseMs ? { leaseMs: options.bindings.leaseMs } : {}),
            ...(options.bindings?.now ? { now: options.bindings.now } : {}),
          },
        })
      : null;
  const app = createGatewayApp({
    db,
    bus,
    storage,
    guard,
    logger,
    secretBox,
    settings: {
      publicBaseUrl,
      errorsBaseUrl: options.errorsBaseUrl ?? `${publicBaseUrl}/errors`,
      maxBodyBytes: options.gateway?.maxBodyBytes ?? 5 * 1024 * 1024,
      renderWaitMs: options.gateway?.renderWaitMs ?? options.browser.renderTimeoutMs + 15_000,
      authCacheMs: options.gateway?.authCacheMs ?? 5_000,
      urlRenderPerMinute: options.gateway?.urlRenderPerMinute ?? 120,
      csvMaxBytes: options.batches?.csvMaxBytes ?? 5 * 1024 * 1024,
      batchRetentionMs: retentionMs,
      bindingMaxBytes: options.bindings?.maxBytes ?? 5 * 1024 * 1024,
      bindingFetchTimeoutMs: options.bindings?.fetchTimeoutMs ?? 10_000,
      videoWaitMs: options.gateway?.videoWaitMs ?? 300_000,
      videoPreviewPerMinute: options.gateway?.videoPreviewPerMinute ?? 60,
      ai: options.gateway?.ai ?? null,
      ...(options.gateway?.previewPerMinute !== undefined ? { previewPerMinute: options.gateway.previewPerMinute } : {}),
      ...(options.gateway?.dashboard ? { dashboard: options.gateway.dashboard } : {}),
    },
    health: async () => ({
      ...(image?.health() ?? {}),
      ...(gif?.health() ?? {}),
      ...(video?.health() ?? {}),
      ...(dispatcher?.health() ?? {}),
      ...(scheduler?.health() ?? {}),
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
    dispatcher,
    scheduler,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await image?.stop();
      await gif?.stop();
      await pdf?.stop();
      await video?.stop();
      await videoRenderer?.close();
      await gifPool?.close();
      await scheduler?.stop();
      await dispatcher?.stop();
      await pool?.close();
      await bus.close();
      await storage.close();
      await db.close();
    },
  };
}
