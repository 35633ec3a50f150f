import type { Bus } from '@pressroom/bus';
import { listAbandonedRenders, listUnpublishedRenders, withdrawQueuedRender, type Db } from '@pressroom/db';
import { factsOfRow, failRenderOnce, renderCrashedProblem } from '@pressroom/render-worker/settle';
import type { Logger } from '@pressroom/telemetry';

export interface RenderSweepDeps {
  bus: Bus;
  db: Db;
  logger: Logger;
  now: () => Date;
}

/**
 * A gateway's queued row whose publish nobody confirmed for this long: the gateway stopped between
 * its insert and its publish (a live one confirms within a second or so of publishing, or withdraws
 * the row itself when the publish fails). Long enough for a large input's upload and a slow publish.
 */
export const UNPUBLISHED_RENDER_GRACE_MS = 60_000;

/**
 * Renders the bus has given up on while their last worker was gone (docs/adr/0064): claimed by their
 * command's last delivery, lease lapsed. Each ends failed as `render-crashed` through the lifecycle's
 * own `failRenderOnce` (credits back, `render.done.<id>` and `render.failed` once): a worker that
 * comes back late finds the render settled and only announces what the row says. Resolves with how
 * many it failed.
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
