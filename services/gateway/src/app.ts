import express, { type Express } from 'express';
import type { Bus } from '@pressroom/bus';
import type { Db, SecretBox } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import { createOwnerCaches, type OwnerCaches } from '@pressroom/service-runner';
import type { Logger } from '@pressroom/telemetry';
import { defaultDashboardSettings } from '@pressroom/config';
import type { GatewaySettings } from './config.js';
import { authenticate } from './http/auth.js';
import { compress } from './http/compress.js';
import { cors } from './http/cors.js';
import { jsonEtag } from './http/json-etag.js';
import { linkPagination } from './http/link-pagination.js';
import { jsonBody } from './http/json-body.js';
import { idempotency } from './http/idempotency.js';
import { rateLimit } from './http/rate-limit.js';
import { LocalPlanCounter } from './http/local-plan-counter.js';
import { problemMiddleware, routeNotFound } from './http/problem-middleware.js';
import { auditContext } from './http/audit.js';
import { refusalRecorder } from './http/refusal-log.js';
import { requestContext } from './http/request-context.js';
import { urlInputRule } from './http/url-input.js';
import { versionPrefix } from './http/version-prefix.js';
import { dashboardRoutes } from './routes/dashboard-routes.js';
import { errorPageRoutes } from './routes/error-pages.js';
import { retiredRoutes } from './routes/retired-routes.js';
import { fileRoutes } from './routes/file-routes.js';
import { canvasRoutes } from './routes/canvas-routes.js';
import { agentScreenshotRoutes } from './routes/agent-screenshot-routes.js';
import { imageRoutes } from './routes/image-routes.js';
import { gifRoutes } from './routes/gif-routes.js';
import { pdfRoutes } from './routes/pdf-routes.js';
import { planRoutes } from './routes/plan-routes.js';
import { callerRoutes } from './routes/caller-routes.js';
import { urlRenderRoutes } from './routes/url-render-routes.js';
import { urlSigningRoutes } from './routes/url-signing-routes.js';
import { signingSecretCache } from './http/signing-secrets.js';
import { opsRoutes, type HealthProbe } from './routes/ops-routes.js';
import { templateLanguageRoutes } from './routes/template-language-routes.js';
import { templateRoutes } from './routes/template-routes.js';
import { templateVersionRoutes } from './routes/template-version-routes.js';
import { webhookRoutes } from './routes/webhook-routes.js';
import { batchRoutes } from './routes/batch-routes.js';
import { bindingPublicRoutes } from './routes/binding-public-routes.js';
import { bindingRoutes } from './routes/binding-routes.js';
import { videoCaptionRoutes } from './routes/video-caption-routes.js';
import { videoGenerateRoutes } from './routes/video-generate-routes.js';
import { videoRoutes } from './routes/video-routes.js';
import { customStorageRoutes } from './routes/custom-storage-routes.js';
import { renderHistoryRoutes } from './routes/render-history-routes.js';
import { templatePreviewRoutes } from './routes/template-preview-routes.js';
import { batchDownloadRoutes } from './routes/batch-download-routes.js';
import { authPublicRoutes, authSessionRoutes } from './routes/auth-routes.js';
import { accountKeyRoutes } from './routes/account-key-routes.js';
import { auditLogRoutes } from './routes/audit-log-routes.js';
import { refusedRequestRoutes } from './routes/refused-request-routes.js';
import { instanceRoutes } from './routes/instance-routes.js';
import { invitePublicRoutes, teamRoutes } from './routes/team-routes.js';
import { createInviteMailer } from './dashboard/invite-mailer.js';
import { createMailTransport } from './dashboard/mail-transport.js';
import { createPasswordResetMailer } from './dashboard/reset-mailer.js';
import { webhookControlRoutes } from './routes/webhook-control-routes.js';
import { usageRoutes } from './routes/usage-routes.js';
import { oidcRoutes } from './routes/oidc-routes.js';
import { referenceRoutes } from './routes/reference-routes.js';
import { mcpRoutes } from './mcp/mcp-routes.js';
import { assetRoutes } from './routes/asset-routes.js';
import { starterRoutes } from './routes/starter-routes.js';

export interface GatewayDeps {
  db: Db;
  bus: Bus;
  storage: Storage;
  /** Owners' own buckets: deleting a render deletes its copy there too. */
  customStorage?: CustomStorageCopies | undefined;
  guard: SsrfGuard;
  logger: Logger;
  settings: GatewaySettings;
  /** Components whose state /health reports (the embedded process adds the browser). */
  health: HealthProbe;
  /** Seals webhook signing secrets at rest (PRESSROOM_SECRET_KEY; the dispatcher opens them). */
  secretBox: SecretBox;
  /** The process's owner caches (the adapters'); without them the app keeps its own, dropped by its own routes only. */
  owners?: OwnerCaches | undefined;
}

/** The HTTP API: public routes first, then authentication, then the API proper. */
export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // Off unless the operator names the proxies in front (PRESSROOM_TRUST_PROXY): a forwarded address is believed only from them.
  app.set('trust proxy', deps.settings.trustProxy ?? false);

  const owners = deps.owners ?? createOwnerCaches({ bus: deps.bus, logger: deps.logger });
  const renderDeps = {
    owners,
    db: deps.db,
    bus: deps.bus,
    storage: deps.storage,
    publicBaseUrl: deps.settings.publicBaseUrl,
    renderWaitMs: deps.settings.renderWaitMs,
  };
  const batchDeps = {
    db: deps.db,
    bus: deps.bus,
    guard: deps.guard,
    secretBox: deps.secretBox,
    csvMaxBytes: deps.settings.csvMaxBytes,
    retentionMs: deps.settings.batchRetentionMs,
  };

  app.use(versionPrefix);
  app.use(requestContext({ logger: deps.logger }));
  app.use(auditContext({ db: deps.db, logger: deps.logger }));
  // HTTP conventions (docs/api.md): before every route, so each answer follows them.
  app.use(cors({ origins: deps.settings.corsOrigins }));
  app.use(compress());
  app.use(linkPagination);
  app.use(jsonEtag);
  app.use(urlInputRule);
  app.use(opsRoutes({ health: deps.health }));
  app.use(errorPageRoutes());
  app.use(referenceRoutes({ publicBaseUrl: deps.settings.publicBaseUrl }));
  app.use(dashboardRoutes());
  app.use(retiredRoutes());
  app.use(fileRoutes({ storage: deps.storage }));
  app.use(bindingPublicRoutes({ db: deps.db, storage: deps.storage, secretBox: deps.secretBox, bus: deps.bus }));
  const signingSecrets = signingSecretCache({ db: deps.db, secretBox: deps.secretBox, cacheMs: deps.settings.authCacheMs });
  // Made here so GET /r/ (mounted before it: its key may be in the query) shares its key cache.
  const auth = authenticate({ db: deps.db, cacheMs: deps.settings.authCacheMs, publicBaseUrl: deps.settings.publicBaseUrl });
  app.use(
    urlRenderRoutes({
      ...renderDeps,
      perMinute: deps.settings.urlRenderPerMinute,
      secrets: signingSecrets,
      verifyKey: auth.verifyKey,
      logger: deps.logger,
    }),
  );
  const dashboard = deps.settings.dashboard ?? defaultDashboardSettings();
  // One SMTP transport for every mail the gateway sends (null without PRESSROOM_SMTP_URL).
  const mail = createMailTransport(dashboard.smtp);
  const authDeps = {
    db: deps.db,
    settings: dashboard,
    publicBaseUrl: deps.settings.publicBaseUrl,
    maxBodyBytes: deps.settings.maxBodyBytes,
    passwordResetMailer: createPasswordResetMailer(mail),
  };
  app.use(authPublicRoutes(authDeps));
  app.use(invitePublicRoutes({ db: deps.db }));
  app.use(oidcRoutes({ db: deps.db, settings: dashboard, publicBaseUrl: deps.settings.publicBaseUrl, secretBox: deps.secretBox }));
  app.use(auth);
  app.use(
    rateLimit({
      db: deps.db,
      cacheMs: deps.settings.authCacheMs,
      plans: owners.plans,
      // PGlite: this process is the database's only client, so it counts in memory (LocalPlanCounter).
      ...(deps.db.kind === 'pglite'
        ? {
            count: new LocalPlanCounter({
              db: deps.db,
              onFlushError: (error) => deps.logger.warn({ err: error }, 'request counts not added to rate_counters; retried'),
            }).take,
          }
        : {}),
    }),
  );
  // Uploads are raw file bodies: before the JSON-only body parser.
  app.use(assetRoutes({ db: deps.db, storage: deps.storage, publicBaseUrl: deps.settings.publicBaseUrl, owners }));
  // MCP reads its own body, so a non-JSON body is a JSON-RPC parse error rather than a problem (mcp-routes.ts).
  app.use(mcpRoutes({ ...renderDeps, ...batchDeps, errorsBaseUrl: deps.settings.errorsBaseUrl, maxBodyBytes: deps.settings.maxBodyBytes }));
  app.use(jsonBody({ maxBodyBytes: deps.settings.maxBodyBytes }));
  app.use(idempotency({ db: deps.db, waitMs: deps.settings.renderWaitMs + 5_000 }));
  app.use(authSessionRoutes(authDeps));
  app.use(accountKeyRoutes({ db: deps.db, forgetKeys: auth.forget }));
  app.use(
    urlSigningRoutes({ db: deps.db, secretBox: deps.secretBox, secrets: signingSecrets, publicBaseUrl: deps.settings.publicBaseUrl }),
  );
  app.use(instanceRoutes({ db: deps.db, settings: dashboard, owners }));
  app.use(
    teamRoutes({
      db: deps.db,
      publicBaseUrl: deps.settings.publicBaseUrl,
      inviteTtlMs: dashboard.inviteTtlMs,
      mailer: createInviteMailer(mail),
    }),
  );
  app.use(canvasRoutes(renderDeps));
  app.use(agentScreenshotRoutes({ ...renderDeps, guard: deps.guard, ai: deps.settings.ai }));
  app.use(imageRoutes({ ...renderDeps, guard: deps.guard }));
  app.use(gifRoutes({ ...renderDeps, guard: deps.guard }));
  app.use(pdfRoutes({ ...renderDeps, guard: deps.guard }));
  app.use(planRoutes({ db: deps.db }));
  app.use(callerRoutes());
  app.use(usageRoutes({ db: deps.db, owners }));
  app.use(refusedRequestRoutes({ db: deps.db }));
  app.use(auditLogRoutes({ db: deps.db }));
  app.use(templateLanguageRoutes({ db: deps.db }));
  app.use(
    renderHistoryRoutes({
      db: deps.db,
      errorsBaseUrl: deps.settings.errorsBaseUrl,
      storage: deps.storage,
      customStorage: deps.customStorage,
    }),
  );
  app.use(
    customStorageRoutes({
      db: deps.db,
      guard: deps.guard,
      secretBox: deps.secretBox,
      timeoutMs: deps.settings.customStorageTimeoutMs,
      owners,
    }),
  );
  app.use(templatePreviewRoutes({ ...renderDeps, perMinute: deps.settings.previewPerMinute }));
  app.use(starterRoutes({ db: deps.db }));
  app.use(templateRoutes(renderDeps));
  app.use(templateVersionRoutes({ db: deps.db, storage: deps.storage, publicBaseUrl: deps.settings.publicBaseUrl, owners }));
  app.use(webhookControlRoutes({ db: deps.db, owners }));
  app.use(webhookRoutes({ db: deps.db, guard: deps.guard, secretBox: deps.secretBox, owners }));
  app.use(batchRoutes(batchDeps));
  app.use(batchDownloadRoutes({ db: deps.db, storage: deps.storage, retentionMs: deps.settings.batchRetentionMs }));
  app.use(
    bindingRoutes({
      db: deps.db,
      bus: deps.bus,
      guard: deps.guard,
      secretBox: deps.secretBox,
      publicBaseUrl: deps.settings.publicBaseUrl,
      maxBytes: deps.settings.bindingMaxBytes,
      fetchTimeoutMs: deps.settings.bindingFetchTimeoutMs,
    }),
  );
  const videoDeps = { ...renderDeps, videoWaitMs: deps.settings.videoWaitMs };
  app.use(videoGenerateRoutes({ ...videoDeps, ai: deps.settings.ai }));
  app.use(videoCaptionRoutes({ db: deps.db, guard: deps.guard, ai: deps.settings.ai }));
  app.use(videoRoutes({ ...videoDeps, guard: deps.guard, ai: deps.settings.ai, previewPerMinute: deps.settings.videoPreviewPerMinute }));
  app.use(routeNotFound);
  app.use(
    problemMiddleware({
      errorsBaseUrl: deps.settings.errorsBaseUrl,
      maxBodyBytes: deps.settings.maxBodyBytes,
      logger: deps.logger,
      onAnswered: refusalRecorder({ db: deps.db, logger: deps.logger }),
    }),
  );
  return app;
}
