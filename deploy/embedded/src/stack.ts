import { createServer, type Server } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bus } from '@pressroom/bus';
import { BrowserPool } from '@pressroom/browser';
import { shutdownGraceMs, type GracefulService } from '@pressroom/config';
import { createSecretBox, localSecretKey, type Db } from '@pressroom/db';
import { dispatcherTopology, startDispatcher, type Dispatcher } from '@pressroom/dispatcher';
import { schedulerTopology, startScheduler, type Scheduler } from '@pressroom/scheduler';
import { applyKeepAlive, createGatewayApp, gatewaySettings, gatewayTopology, type GatewaySettings } from '@pressroom/gateway';
import { imageTopology, startImageService, type ImageService } from '@pressroom/image';
import { gifTopology, startGifRenderer, type GifService } from '@pressroom/gif';
import { pdfTopology, startPdfService, type PdfService } from '@pressroom/pdf';
import { createVideoRenderer, type VideoRenderer } from '@pressroom/video';
import { startVideoService, videoTopology, type VideoService } from '@pressroom/video-service';
import {
  createCustomStorageCopies,
  drainableServer,
  drainRequests,
  mergeTopologies,
  openAdapters,
  shutdownReadiness,
  type OwnerCaches,
  type ServiceTopology,
} from '@pressroom/service-runner';
import type { HostLookup } from '@pressroom/ssrf';
import type { PublicUrlOptions, S3StorageOptions, Storage, StorageBackend } from '@pressroom/storage';
import { createLogger, startOpsServer, type Logger } from '@pressroom/telemetry';
import { EMBEDDED_DEFAULTS as D } from './config.js';
import { hostPortOf, localUrlOf } from './listen-address.js';

export interface StackOptions {
  /** 0 picks a free port. */
  port: number;
  /** The ops port (/metrics, /livez, /readyz), off the API port; 0 picks a free one, undefined runs none. */
  opsPort?: number | undefined;
  /** The API's interface (HOST, default every interface). */
  host?: string;
  /** The ops port's interface (PRESSROOM_OPS_HOST, default loopback; the container image sets 0.0.0.0). */
  opsHost?: string | undefined;
  /** Idle keep-alive connections stay open this long (PRESSROOM_HTTP_KEEPALIVE_MS, default 65 s). */
  keepAliveMs?: number;
  /**
   * The drain grace of every part on close (PRESSROOM_SHUTDOWN_GRACE_MS); unset: each part its own kind's
   * (SHUTDOWN_GRACE_MS in libs/config: the API 320 s, image 50 s, ...), as when it runs as its own process.
   */
  shutdownGraceMs?: number | undefined;
  /** Set → NATS JetStream; unset → the in-process bus. */
  natsUrl?: string | undefined;
  busNamespace?: string;
  /** Replicas of the JetStream streams and the nats storage bucket (PRESSROOM_NATS_REPLICAS, default 1). */
  natsReplicas?: number | undefined;
  /** Set → PostgreSQL; unset → PGlite (on disk under dataDir, or in memory when dataDir is unset). */
  databaseUrl?: string | undefined;
  /** PRESSROOM_MIGRATE (default auto): off refuses to start on a database with pending migrations. */
  migrate?: 'auto' | 'off' | undefined;
  dataDir?: string | undefined;
  /** Where disk storage keeps files; defaults to `<dataDir>/files`. */
  filesDir: string;
  storage: StorageBackend;
  storageBucket?: string;
  /** PRESSROOM_STORAGE=s3: the bucket and how to reach it. */
  s3?: S3StorageOptions | undefined;
  /** Days the audit log keeps an event; 0 keeps them (PRESSROOM_AUDIT_RETENTION_DAYS, default 365; docs/audit-log.md). */
  auditRetentionDays?: number | undefined;
  /** Renders older than their plan's retention are deleted (PRESSROOM_RENDER_RETENTION; docs/storage.md). */
  renderRetention?: { byPlanMs: Record<string, number>; sweepMs: number } | undefined;
  /** Result URLs on a CDN base URL or presigned (see @pressroom/storage). */
  publicUrls?: PublicUrlOptions | undefined;
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
      | 'corsOrigins'
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
  /** Documents of one multi-page PDF printed at once (never more than the browser's pages). */
  pdf?: { parallelDocuments?: number };
  /** Run the video renderer (Remotion; default false here, `make run` turns it on). */
  withVideoService?: boolean;
  /** Video watchdog (default 300 s) and scratch directory (default `<dataDir>/video`, or a temporary one). */
  video?: { timeoutMs?: number; workDir?: string; bundleCacheDir?: string; mediaMaxBytes?: number; mediaCacheBytes?: number };
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
  /** The address Pressroom puts in the links it hands out (mailed invitations, the OIDC callback). */
  publicBaseUrl: string;
  port: number;
  /** Where /metrics, /livez and /readyz answer from this machine (null when no ops port was asked for). */
  opsUrl: string | null;
  /** The address each server is bound to (`0.0.0.0:8080`, `127.0.0.1:9464`), as the startup log reports it. */
  listening: { api: string; ops: string | null };
  db: Db;
  bus: Bus;
  storage: Storage;
  /** Per-owner caches of plan, fonts and custom storage; `changed` drops them everywhere (docs/adr/0046). */
  owners: OwnerCaches;
  pool: BrowserPool | null;
  dispatcher: Dispatcher | null;
  scheduler: Scheduler | null;
  /** The longest drain grace of the parts this process runs: how long `close()` may take, at most, before closing the adapters. */
  graceMs: number;
  /**
   * Stops as the services do on SIGTERM in their own processes (docs/operations.md#shutdown): not ready at
   * once; then the API drains its requests in flight (new connections refused) while each renderer finishes
   * its renders within its kind's grace, all at once; then the scheduler and dispatcher take the events of
   * what finished; then ops port, browsers and adapters close. Calling it again returns the same stop.
   */
  close(): Promise<void>;
}

/**
 * Every service of Pressroom in one process: the gateway's HTTP API and the
 * image renderer's handlers, on one bus, database and storage. `make run`
 * and the system tests both start it; only the adapters differ.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const logger = options.logger ?? createLogger({ service: 'pressroom', level: 'silent' });
  const withImage = options.withImageService ?? true;
  const withPdf = withImage && (options.withPdfService ?? true);
  const withGif = options.withGifService ?? withImage;
  const withVideo = options.withVideoService ?? false;
  const withDispatcher = options.withDispatcher ?? true;
  const withScheduler = options.withScheduler ?? true;
  const topologies: ServiceTopology[] = [
    gatewayTopology,
    ...(withImage ? [imageTopology] : []),
    ...(withPdf ? [pdfTopology] : []),
    ...(withGif ? [gifTopology] : []),
    ...(withVideo ? [videoTopology] : []),
    ...(withDispatcher ? [dispatcherTopology] : []),
    ...(withScheduler ? [schedulerTopology] : []),
  ];
  const adapters = await openAdapters({
    natsUrl: options.natsUrl,
    namespace: options.busNamespace ?? D.PRESSROOM_BUS_NAMESPACE,
    natsReplicas: options.natsReplicas ?? D.PRESSROOM_NATS_REPLICAS,
    databaseUrl: options.databaseUrl,
    pgliteDir: options.dataDir === undefined ? undefined : `${options.dataDir}/pglite`,
    migrate: options.migrate ?? D.PRESSROOM_MIGRATE,
    storage: {
      kind: options.storage,
      dir: options.filesDir,
      bucket: options.storageBucket ?? D.PRESSROOM_STORAGE_BUCKET,
      s3: options.s3,
      publicUrls: options.publicUrls,
    },
    allowPrivateHosts: options.allowPrivateHosts,
    ...(options.hostLookup ? { hostLookup: options.hostLookup } : {}),
    topology: mergeTopologies(...topologies),
    logger,
  });
  const { bus, db, storage, guard, owners } = adapters;
  const secretBox = createSecretBox(
    options.secretKey ?? (await localSecretKey(options.dataDir === undefined ? undefined : `${options.dataDir}/secret.key`)),
  );

  // The adapters' copies cannot open credentials without the key; the embedded key exists only now.
  const customStorage = createCustomStorageCopies({ db, guard, logger, secretBox, owners });

  let pool: BrowserPool | null = null;
  let image: ImageService | null = null;
  if (withImage) {
    const { pngCompression = D.PRESSROOM_PNG_COMPRESSION, ...browser } = options.browser;
    pool = await BrowserPool.start({ ...browser, egressGuard: guard, logger });
    image = await startImageService({ bus, db, storage, customStorage, pool, guard, logger, concurrency: browser.pages, pngCompression });
  }
  // PDFs print on the image pool's pages (same kind of short job, no special flags; see docs/pdf.md).
  let pdf: PdfService | null = null;
  if (pool && withPdf) {
    pdf = await startPdfService({
      bus,
      db,
      storage,
      customStorage,
      pool,
      guard,
      logger,
      concurrency: options.browser.pages,
      parallelDocuments: Math.min(options.pdf?.parallelDocuments ?? D.PRESSROOM_PDF_PARALLEL_DOCUMENTS, options.browser.pages),
    });
  }
  // GIFs hold a page for seconds and need --disable-threaded-animation: their own small browser (see docs/gif.md).
  let gif: GifService | null = null;
  if (withGif) {
    gif = await startGifRenderer(
      { bus, db, storage, customStorage, guard, logger },
      {
        browser: options.browser,
        pages: options.gif?.pages ?? D.PRESSROOM_GIF_PAGES,
        stepTimeoutMs: options.browser.renderTimeoutMs,
        gifTimeoutMs: options.gif?.timeoutMs ?? D.PRESSROOM_GIF_TIMEOUT_MS,
      },
    );
  }

  // Videos: Remotion launches its own headless shell per render, behind the same SSRF guard (docs/video.md).
  let videoRenderer: VideoRenderer | null = null;
  let video: VideoService | null = null;
  if (withVideo) {
    const workDir =
      options.video?.workDir ?? (options.dataDir ? `${options.dataDir}/video` : await mkdtemp(join(tmpdir(), 'pressroom-video-')));
    videoRenderer = await createVideoRenderer({
      browserExecutable: options.browser.executablePath,
      workDir,
      ...(options.video?.bundleCacheDir ? { bundleCacheDir: options.video.bundleCacheDir } : {}),
      timeoutMs: options.video?.timeoutMs ?? D.PRESSROOM_VIDEO_TIMEOUT_MS,
      mediaMaxBytes: options.video?.mediaMaxBytes ?? D.PRESSROOM_VIDEO_MEDIA_MAX_BYTES,
      mediaCacheBytes: options.video?.mediaCacheBytes ?? D.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES,
      guard,
      logger,
    });
    video = await startVideoService({ bus, db, storage, customStorage, renderer: videoRenderer, logger });
  }

  // Event groups only see events emitted after they first subscribe: start before the API accepts renders.
  const dispatcher = withDispatcher
    ? await startDispatcher({
        bus,
        db,
        guard,
        owners,
        secretBox,
        logger,
        retryScheduleMs: options.webhooks?.retryScheduleMs ?? D.PRESSROOM_WEBHOOK_RETRY_SCHEDULE,
        timeoutMs: options.webhooks?.timeoutMs ?? D.PRESSROOM_WEBHOOK_TIMEOUT_MS,
        pollMs: options.webhooks?.pollMs ?? D.PRESSROOM_WEBHOOK_POLL_MS,
      })
    : null;

  const server: Server = createServer();
  applyKeepAlive(server, options.keepAliveMs ?? D.PRESSROOM_HTTP_KEEPALIVE_MS);
  const api = drainableServer(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const publicBaseUrl = (options.publicBaseUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const retentionMs = options.batches?.retentionMs ?? D.PRESSROOM_BATCH_RETENTION;
  const scheduler = withScheduler
    ? await startScheduler({
        bus,
        db,
        storage,
        owners,
        logger,
        publicBaseUrl,
        pollMs: options.batches?.pollMs ?? D.PRESSROOM_BATCH_POLL_MS,
        retentionMs,
        auditRetentionDays: options.auditRetentionDays ?? D.PRESSROOM_AUDIT_RETENTION_DAYS,
        ...(options.batches?.now ? { now: options.batches.now } : {}),
        renderRetention: options.renderRetention ? { ...options.renderRetention, customStorage } : undefined,
        bindings: {
          guard,
          secretBox,
          pollMs: options.bindings?.pollMs ?? D.PRESSROOM_BINDING_POLL_MS,
          maxBytes: options.bindings?.maxBytes ?? D.PRESSROOM_BINDING_MAX_BYTES,
          fetchTimeoutMs: options.bindings?.fetchTimeoutMs ?? D.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
          ...(options.bindings?.leaseMs ? { leaseMs: options.bindings.leaseMs } : {}),
          ...(options.bindings?.now ? { now: options.bindings.now } : {}),
        },
      })
    : null;
  const readiness = shutdownReadiness();
  const health = async () => ({
    ...(image?.health() ?? {}),
    ...(gif?.health() ?? {}),
    ...(video?.health() ?? {}),
    ...(dispatcher?.health() ?? {}),
    ...(scheduler?.health() ?? {}),
    ...(await adapters.health()),
    ...readiness.health(),
  });
  const app = createGatewayApp({
    db,
    bus,
    storage,
    customStorage,
    owners,
    guard,
    logger,
    secretBox,
    settings: {
      ...gatewaySettings({ ...D, PUBLIC_BASE_URL: publicBaseUrl, PRESSROOM_ERRORS_BASE_URL: options.errorsBaseUrl }),
      // Without an explicit wait, a request outwaits its render's own time limit by 15 s.
      renderWaitMs: options.browser.renderTimeoutMs + 15_000,
      csvMaxBytes: options.batches?.csvMaxBytes ?? D.PRESSROOM_BATCH_CSV_MAX_BYTES,
      batchRetentionMs: retentionMs,
      bindingMaxBytes: options.bindings?.maxBytes ?? D.PRESSROOM_BINDING_MAX_BYTES,
      bindingFetchTimeoutMs: options.bindings?.fetchTimeoutMs ?? D.PRESSROOM_BINDING_FETCH_TIMEOUT_MS,
      ...options.gateway,
    },
    health,
  });
  server.on('request', app);
  const ops =
    options.opsPort === undefined
      ? null
      : await startOpsServer({ port: options.opsPort, host: options.opsHost ?? D.PRESSROOM_OPS_HOST, health });
  // One process, one override for every part; without it each part drains as long as it would in its own process.
  const graceOf = (kind: GracefulService) => options.shutdownGraceMs ?? shutdownGraceMs(kind);
  const running: GracefulService[] = [
    'gateway',
    ...(image ? (['image'] as const) : []),
    ...(pdf ? (['pdf'] as const) : []),
    ...(gif ? (['gif'] as const) : []),
    ...(video ? (['video'] as const) : []),
    ...(scheduler ? (['scheduler'] as const) : []),
    ...(dispatcher ? (['dispatcher'] as const) : []),
  ];
  const graceMs = Math.max(...running.map(graceOf));
  const stop = async () => {
    readiness.begin();
    const deadline = Date.now() + graceMs;
    // Each part with its own grace, at the same time: the wait is the longest grace, not their sum. A client
    // waiting for its render gets it: its renderer finishes it while the API holds the request.
    await Promise.all([
      drainRequests(api, { graceMs: graceOf('gateway'), logger }),
      Promise.all([image?.stop({ graceMs: graceOf('image') }), pdf?.stop({ graceMs: graceOf('pdf') })]).then(() => pool?.close()),
      gif?.stop({ graceMs: graceOf('gif') }),
      video?.stop({ graceMs: graceOf('video') }).then(() => videoRenderer?.close()),
    ]);
    // After the renderers: they record the render events of what finished during the drain (batches, webhooks).
    await Promise.all([scheduler?.stop(), dispatcher?.stop()]);
    // The probes read 503 until here.
    await new Promise<void>((resolve) => (ops ? ops.close(() => resolve()) : resolve()));
    // What is left of the grace for subscriptions the parts did not stop themselves.
    await adapters.close({ graceMs: Math.max(0, deadline - Date.now()) });
  };
  let stopping: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    publicBaseUrl,
    port,
    opsUrl: ops ? localUrlOf(ops.address() as AddressInfo) : null,
    listening: { api: hostPortOf(server.address() as AddressInfo), ops: ops ? hostPortOf(ops.address() as AddressInfo) : null },
    db,
    bus,
    storage,
    owners,
    pool,
    dispatcher,
    scheduler,
    graceMs,
    // Once: a second call (a second signal, a test's teardown after its own close) waits for the first.
    close: () => (stopping ??= stop()),
  };
}
