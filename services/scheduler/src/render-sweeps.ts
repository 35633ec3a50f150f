import { RETRY_DELAYS_MS, type Bus } from '@pressroom/bus';
import { SHUTDOWN_GRACE_MS } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import {
  listAbandonedRenders,
  listLongQueuedRenders,
  listStrandedRenders,
  listUnpublishedRenders,
  withdrawQueuedRender,
  type Db,
} from '@pressroom/db';
import { factsOfRow, failRenderOnce, renderCrashedProblem, renderLeaseMs, renderNeverTakenProblem } from '@pressroom/render-worker/settle';
import type { Logger } from '@pressroom/telemetry';

export interface RenderSweepDeps {
  bus: Bus;
  db: Db;
  logger: Logger;
  now: () => Date;
  /**
   * Set when the bus lives in this process and the database is this process's alone (the embedded default: the
   * in-process bus and PGlite, whose data directory one process holds): the time that bus started. A command
   * published before it was lost with the process that held it (docs/adr/0070).
   */
  inProcessBusSince?: Date | undefined;
}

/**
 * A gateway's queued row whose publish nobody confirmed for this long: the gateway stopped between
 * its insert and its publish (a live one confirms within a second or so of publishing, or withdraws
 * the row itself when the publish fails). Long enough for a large input's upload and a slow publish.
 */
export const UNPUBLISHED_RENDER_GRACE_MS = 60_000;

/** Each render command with the service that renders it (whose drain grace outlasts its longest render). */
const RENDER_COMMANDS = [
  { subject: CATALOG.renderImage, service: 'image' },
  { subject: CATALOG.renderGif, service: 'gif' },
  { subject: CATALOG.renderPdf, service: 'pdf' },
  { subject: CATALOG.renderVideo, service: 'video' },
] as const;

/**
 * How long a `rendering` row may go without a sign of life (a claim, its lease, a renewal) before no delivery of
 * its command can still come or still be running (docs/adr/0064, addendum), from the settings already in force:
 * for the command that takes longest, every one of its deliveries waiting out a whole lease and the longest retry
 * back-off, plus its longest render (its service's drain grace, longer than the render time limit and the write)
 * for a worker from before the lease, which renews nothing while it renders. About 7 minutes at the defaults.
 */
export const STRANDED_RENDER_SILENCE_MS = Math.max(
  ...RENDER_COMMANDS.map(
    ({ subject, service }) => SHUTDOWN_GRACE_MS[service] + subject.maxDeliver * (renderLeaseMs(subject) + Math.max(...RETRY_DELAYS_MS)),
  ),
);

/**
 * Renders no delivery can finish any more (docs/adr/0064), each ended failed as `render-crashed` through the
 * lifecycle's own `failRenderOnce` (credits back, `render.done.<id>` and `render.failed` once): a worker that
 * comes back late finds the render settled and only announces what the row says. Two kinds:
 * - abandoned: claimed by their command's last delivery, whose lease lapsed (the bus has given up on them);
 * - stranded (the addendum): still `rendering` from an earlier delivery, or from a worker older than the lease,
 *   with no sign of life for STRANDED_RENDER_SILENCE_MS, by which time every delivery left has come and gone
 *   without recording a claim. A `queued` render is neither.
 * Resolves with how many it failed.
 */
export async function failAbandonedRenders(deps: RenderSweepDeps, limit: number): Promise<number> {
  let failed = 0;
  for (const row of await listAbandonedRenders(deps.db, { limit })) {
    if (await failRenderOnce(deps, factsOfRow(row), renderCrashedProblem())) {
      failed += 1;
      deps.logger.warn(
        { renderId: row.id, accountId: row.accountId, kind: row.kind },
        'render failed: its renderer died on every delivery',
      );
    }
  }
  const silentSince = new Date(deps.now().getTime() - STRANDED_RENDER_SILENCE_MS);
  for (const row of await listStrandedRenders(deps.db, { silentSince, limit })) {
    if (await failRenderOnce(deps, factsOfRow(row), renderCrashedProblem())) {
      failed += 1;
      deps.logger.warn(
        { renderId: row.id, accountId: row.accountId, kind: row.kind, silentMs: STRANDED_RENDER_SILENCE_MS },
        'render failed: still rendering with no delivery left and no sign of its renderer',
      );
    }
  }
  return failed;
}

/**
 * Rows whose command may never have reached the bus (docs/adr/0065): withdrawn, credits back, as the
 * gateway itself does when its publish fails. Nobody was told of such a render but the gateway that
 * died (its client's connection went with it); a retry with the same Idempotency-Key starts it again
 * under the same id. Resolves with how many it withdrew.
 */
export async function withdrawUnpublishedRenders(deps: RenderSweepDeps, limit: number): Promise<number> {
  const unpublishedBefore = new Date(deps.now().getTime() - UNPUBLISHED_RENDER_GRACE_MS);
  let withdrawn = 0;
  for (const { id } of await listUnpublishedRenders(deps.db, { createdBefore: unpublishedBefore, limit })) {
    if (await withdrawQueuedRender(deps.db, { id, unpublishedBefore })) {
      withdrawn += 1;
      deps.logger.warn({ renderId: id }, 'render withdrawn: its gateway stopped before its command was confirmed on the bus');
    }
  }
  return withdrawn;
}

/**
 * How long a render may wait `queued` after its command was on the bus before the scheduler gives it up (docs/adr/0070).
 * Far beyond any backlog a deployment works through (batches start items a few at a time; a day of single renders
 * queued ahead of one is not a working service); what it catches is a command whose every delivery ended before
 * one could record its claim (the database unreachable from the renderers throughout), which nothing else settles.
 */
export const QUEUED_RENDER_MAX_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Queued renders no delivery will ever take, failed as `service-unavailable` through the lifecycle's own
 * `failRenderOnce` (credits back, `render.done.<id>` and `render.failed` once; a delivery that comes after all finds
 * the render failed and only announces it): those queued longer than QUEUED_RENDER_MAX_WAIT_MS, and, with an
 * in-process bus, those whose command went out before this process's bus started. Resolves with how many it failed.
 */
export async function failNeverTakenRenders(deps: RenderSweepDeps, limit: number): Promise<number> {
  let failed = 0;
  const giveUp = async (rows: Awaited<ReturnType<typeof listLongQueuedRenders>>, reason: string, log: string) => {
    for (const row of rows) {
      if (await failRenderOnce(deps, factsOfRow(row), renderNeverTakenProblem(reason))) {
        failed += 1;
        deps.logger.warn({ renderId: row.id, accountId: row.accountId, kind: row.kind }, log);
      }
    }
  };
  if (deps.inProcessBusSince) {
    await giveUp(
      await listLongQueuedRenders(deps.db, { publishedBefore: deps.inProcessBusSince, limit }),
      'the server stopped before a renderer took it, and its render queue, kept in memory, went with it',
      'render failed: queued on the in-process bus of an earlier run',
    );
  }
  await giveUp(
    await listLongQueuedRenders(deps.db, { publishedBefore: new Date(deps.now().getTime() - QUEUED_RENDER_MAX_WAIT_MS), limit }),
    'it waited in the render queue for more than a day (its renderers could not record it, for example with the database unreachable)',
    'render failed: queued for more than a day with no delivery claiming it',
  );
  return failed;
}
