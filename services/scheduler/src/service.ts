import { auditRetentionMs } from '@pressroom/config';
import { CATALOG, assertHandlers } from '@pressroom/contracts';
import type { Bus, DeliveryHandler, Subscription } from '@pressroom/bus';
import type { Db, SecretBox } from '@pressroom/db';
import { IdlePoller, type OwnerCaches } from '@pressroom/service-runner';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { CustomStorageCopies, Storage } from '@pressroom/storage';
import { sweepExpiredRenders } from './render-retention.js';
import type { ComponentHealth, Logger } from '@pressroom/telemetry';
import { AuditRetention } from './audit-retention.js';
import { BatchPump } from './batch-pump.js';
import { renderCompletedHandler, renderFailedHandler } from './render-events.js';
import { sweep } from './sweeper.js';
import { BindingRefresher } from './bindings/binding-refresher.js';
import { bindingRenderCompleted, bindingRenderFailed } from './bindings/binding-render-events.js';

/** Binding refresh settings (docs/bindings.md); without them the scheduler runs batches only. */
export interface BindingSchedulerDeps {
  /** Every data source fetch goes through it. */
  guard: SsrfGuard;
  /** Opens sealed data source credentials (the gateway sealed them with the same key). */
  secretBox: SecretBox;
  /** How often due bindings are looked for (PRESSROOM_BINDING_POLL_MS). */
  pollMs: number;
  /** Largest data source response (PRESSROOM_BINDING_MAX_BYTES). */
  maxBytes: number;
  /** Time limit of one fetch (PRESSROOM_BINDING_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs: number;
  /** A refresh claim lapses after this (default fetch limit + 30 s). */
  leaseMs?: number;
  /** Bindings claimed (and refreshed at once) per claim round (default 8). */
  concurrency?: number;
  /** The clock of refreshes (default: the scheduler's; tests move it to make bindings due). */
  now?: () => Date;
}

export interface SchedulerDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** The process's owner caches (the adapters'): batch items and binding refreshes read font lists from them (docs/adr/0046). */
  owners: Pick<OwnerCaches, 'fonts'>;
  logger: Logger;
  /** Base of the public file URLs (the gateway's PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** How often the sweep runs (PRESSROOM_BATCH_POLL_MS). */
  pollMs: number;
  /** Finished batches are deleted after this (PRESSROOM_BATCH_RETENTION, 7 days). */
  retentionMs: number;
  /** Days audit events are kept; 0 keeps them (PRESSROOM_AUDIT_RETENTION_DAYS; its default, 365, is applied by the config). */
  auditRetentionDays: number;
  /** The clock (tests move it to expire results). */
  now?: () => Date;
  /** Set → the scheduler also refreshes bindings. */
  bindings?: BindingSchedulerDeps | undefined;
  /** Set (with at least one plan) → renders older than their plan's retention are deleted from every store. */
  renderRetention?: { byPlanMs: Record<string, number>; sweepMs: number; customStorage?: CustomStorageCopies | undefined } | undefined;
}

export interface Scheduler {
  health(): Record<string, ComponentHealth>;
  /** Run the periodic pass now (tests; the poll does it anyway). */
  sweep(): Promise<void>;
  /** Delete expired renders now (tests; the retention timer does it anyway); resolves with how many went. */
  sweepExpiredRenders(): Promise<number>;
  /** Refresh the due bindings now (tests; the poll does it anyway); resolves with how many it refreshed. */
  sweepBindings(): Promise<number>;
  stop(): Promise<void>;
}

/** The events that advance batches; the group must exist from start-up (a group only sees later events). */
export const SCHEDULER_SUBJECTS = [CATALOG.renderCompleted, CATALOG.renderFailed] as const;
export const SCHEDULER_GROUP = 'scheduler';

/**
 * The batch scheduler: starts batch items as ordinary `render.image`
 * commands, never more than a batch's concurrency at once, advances on
 * `render.completed` / `render.failed`, finishes batches and emits
 * `batch.completed`, and deletes results after the retention.
 */
export async function startScheduler(deps: SchedulerDeps): Promise<Scheduler> {
  const now = deps.now ?? (() => new Date());
  const itemDeps = {
    bus: deps.bus,
    db: deps.db,
    storage: deps.storage,
    owners: deps.owners,
    publicBaseUrl: deps.publicBaseUrl.replace(/\/+$/, ''),
    now,
  };
  const pump = new BatchPump({ ...itemDeps, logger: deps.logger });
  const refresher = deps.bindings
    ? new BindingRefresher({ ...itemDeps, ...deps.bindings, now: deps.bindings.now ?? now, logger: deps.logger })
    : null;
  const bindingHooks = deps.bindings
    ? {
        completed: (data: Parameters<typeof bindingRenderCompleted>[1]) => bindingRenderCompleted(itemDeps, data),
        failed: (data: Parameters<typeof bindingRenderFailed>[1]) => bindingRenderFailed(itemDeps, data),
      }
    : undefined;
  const handlers: Record<string, DeliveryHandler<any>> = {
    [CATALOG.renderCompleted.name]: renderCompletedHandler({ db: deps.db, pump, now, bindings: bindingHooks }),
    [CATALOG.renderFailed.name]: renderFailedHandler({ db: deps.db, pump, now, bindings: bindingHooks }),
  };
  assertHandlers('scheduler', SCHEDULER_SUBJECTS, handlers);
  const subscriptions: Subscription[] = [];
  for (const subject of SCHEDULER_SUBJECTS) {
    subscriptions.push(await deps.bus.subscribeEvents(subject, handlers[subject.name]!, { group: SCHEDULER_GROUP, concurrency: 4 }));
  }
  // Only where no other process can have published to this database's renders: PGlite's data directory has one holder.
  const inProcessBusSince = deps.db.kind === 'pglite' ? deps.bus.inProcessSince : undefined;
  const audit = new AuditRetention({
    db: deps.db,
    logger: deps.logger,
    retentionMs: auditRetentionMs(deps.auditRetentionDays),
  });
  let sweeping: Promise<boolean> | null = null;
  const runSweep = (): Promise<boolean> => {
    sweeping ??= sweep({
      ...itemDeps,
      logger: deps.logger,
      pump,
      retentionMs: deps.retentionMs,
      audit,
      inProcessBusSince,
    }).finally(() => (sweeping = null));
    return sweeping;
  };
  // The sweep is the safety net behind batch.wake and the render events: it slows down while it finds nothing (ADR 0053).
  const sweeps = new IdlePoller({
    pollMs: deps.pollMs,
    pass: runSweep,
    onError: (error) => deps.logger.error({ err: error }, 'batch sweep failed; retrying at the next poll'),
  });
  // A new (or cancelled) batch starts (or is announced) at once instead of at the next sweep, which returns to its quick pace.
  subscriptions.push(
    await deps.bus.listen(CATALOG.batchWake, '*', ({ batchId }) => {
      sweeps.quicken();
      pump.pump(batchId).catch((error: unknown) => deps.logger.error({ err: error, batchId }, 'batch pump failed; the sweep retries'));
    }),
  );
  sweeps.start();
  // A binding made due by the API (created, changed, resumed, triggered) is refreshed at once, not at the next poll.
  if (refresher) subscriptions.push(await deps.bus.listen(CATALOG.bindingWake, '*', () => refresher.wake()));
  const retention = deps.renderRetention;
  let expiring: Promise<number> | null = null;
  const runRetention = (): Promise<number> => {
    if (!retention || Object.keys(retention.byPlanMs).length === 0) return Promise.resolve(0);
    expiring ??= sweepExpiredRenders({
      db: deps.db,
      storage: deps.storage,
      customStorage: retention.customStorage,
      logger: deps.logger,
      byPlanMs: retention.byPlanMs,
      now,
    }).finally(() => (expiring = null));
    return expiring;
  };
  const retentionTimer = retention
    ? setInterval(() => {
        runRetention().catch((error: unknown) => deps.logger.error({ err: error }, 'render retention sweep failed; retrying later'));
      }, retention.sweepMs)
    : null;
  retentionTimer?.unref?.();
  refresher?.start();
  deps.logger.info({ pollMs: deps.pollMs, bindings: Boolean(refresher) }, 'batch scheduler running');

  return {
    health: () => ({ batches: { ok: true }, ...(refresher ? { bindings: { ok: true } } : {}) }),
    sweep: async () => {
      await runSweep();
    },
    sweepExpiredRenders: runRetention,
    sweepBindings: () => refresher?.sweep() ?? Promise.resolve(0),
    async stop() {
      await sweeps.stop();
      if (retentionTimer) clearInterval(retentionTimer);
      await expiring?.catch(() => {});
      await refresher?.stop();
      await Promise.all(subscriptions.map((s) => s.stop()));
      await sweeping?.catch(() => {});
      await pump.idle();
    },
  };
}
