import { BATCH_GIF, CATALOG, extensionOfFormat, type ImageFormat } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import {
  getRenderById,
  insertRenderWithinCredits,
  markBatchItemPublished,
  QuotaExceededError,
  settleBatchItem,
  type BatchRow,
  type Db,
  type StartedBatchItem,
  type TemplateRow,
} from '@pressroom/db';
import {
  GIF_REFUSAL_REMEDY,
  gifCommand,
  gifRefusalOf,
  imageCommand,
  planTemplateItem,
  renderOutput,
  withOwnerAssets,
  type TemplateItemPlan,
} from '@pressroom/render-requests';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { Storage } from '@pressroom/storage';
import { producerHeaders } from '@pressroom/telemetry';
import { scheduledRenders } from './scheduler-metrics.js';

export interface ItemRenderDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  /** The process's font lists, as single renders read them: one read per owner, not per item (docs/adr/0046). */
  owners: Pick<OwnerCaches, 'fonts'>;
  publicBaseUrl: string;
  now: () => Date;
}

/**
 * Start one item: plan its image (@pressroom/render-requests, HTML or canvas,
 * exactly as `POST /templates/{uid}/render` would) and publish it, or fail it
 * at once when it cannot be planned. False when it failed (its slot is free).
 */
export async function startItem(
  deps: ItemRenderDeps,
  batch: BatchRow,
  item: StartedBatchItem,
  template: TemplateRow | null,
): Promise<boolean> {
  const plan = planTemplateItem(template, { templateId: batch.templateId, layout: item.layout, variables: item.variables });
  if (!plan.ok) {
    await failItemBeforeRender(deps, batch, item, plan);
    return false;
  }
  // POST /templates/{uid}/batch-render refused this already; asked again because the template may have been edited since.
  const gifRefusal = batch.format === BATCH_GIF && template ? gifRefusalOf(template, plan.layout) : null;
  if (gifRefusal) {
    await failItemBeforeRender(deps, batch, item, {
      errorCode: 'UNSUPPORTED_FORMAT',
      error: `${gifRefusal.message} ${GIF_REFUSAL_REMEDY}`,
    });
    return false;
  }
  await publishItemRender(deps, batch, item, plan);
  return true;
}

/**
 * Hand one started item to the renderers as an ordinary `render.image`: a
 * `renders` row (origin `batch`), then the command with the item's render id
 * as message id. Safe to repeat for the same item (after a crash between
 * publishing and recording it): the row is reused and the bus drops the
 * duplicate message id; a render that already finished is never re-published.
 */
async function publishItemRender(
  deps: ItemRenderDeps,
  batch: BatchRow,
  item: StartedBatchItem,
  page: Extract<TemplateItemPlan, { ok: true }>,
): Promise<void> {
  const gif = batch.format === BATCH_GIF;
  const format = batch.format as ImageFormat;
  const existing = await getRenderById(deps.db, item.renderId);
  if (existing && existing.state !== 'queued') {
    await markBatchItemPublished(deps.db, { renderId: item.renderId, at: deps.now() });
    return;
  }
  // Each item is one render credit, checked again here (the batch was checked as a whole at
  // start, but other renders may have used the credits since): out of credits fails the item.
  let row;
  try {
    row =
      existing ??
      (await insertRenderWithinCredits(deps.db, {
        id: item.renderId,
        ownerId: batch.ownerId,
        accountId: batch.accountId,
        kind: gif ? 'gif' : 'image',
        origin: 'batch',
        templateId: batch.templateId,
        format: batch.format,
        width: page.width,
        height: page.height,
      }));
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    await failItemBeforeRender(deps, batch, item, { error: error.message, errorCode: 'QUOTA_EXCEEDED' });
    return;
  }
  const source = await withOwnerAssets(deps, batch.ownerId, page.source);
  const envelope = {
    renderId: item.renderId,
    accountId: batch.accountId,
    ownerId: batch.ownerId,
    output: renderOutput({
      publicBaseUrl: deps.publicBaseUrl,
      renderId: item.renderId,
      extension: gif ? 'gif' : extensionOfFormat(format),
    }),
    requestedAt: row.createdAt.toISOString(),
  };
  const subject = gif && source.kind === 'html' ? CATALOG.renderGif : CATALOG.renderImage;
  const options = {
    msgId: item.renderId,
    headers: producerHeaders(subject.name, { 'pressroom-render-id': item.renderId, 'pressroom-batch-id': batch.id }),
  };
  if (gif && source.kind === 'html') {
    // The animation stepped at the default preset, as POST /gif with a template would.
    const command = await gifCommand(
      deps.storage,
      {
        origin: 'batch',
        mode: 'animation',
        templateId: batch.templateId,
        source,
        width: page.width,
        height: page.height,
        quality: 'medium',
        durationSeconds: null,
        selector: null,
        waitForSelector: null,
      },
      envelope,
    );
    await deps.bus.publish(CATALOG.renderGif, command, options);
  } else {
    const command = await imageCommand(
      deps.storage,
      {
        origin: 'batch',
        templateId: batch.templateId,
        source,
        width: page.width,
        height: page.height,
        selector: null,
        format,
        quality: batch.quality,
      },
      envelope,
    );
    await deps.bus.publish(CATALOG.renderImage, command, options);
  }
  scheduledRenders.add(1, { origin: 'batch' });
  await markBatchItemPublished(deps.db, { renderId: item.renderId, at: deps.now() });
}

/**
 * An item that fails before reaching a renderer (template gone, invalid
 * variables): it ends `failed` and, like every failed render, announces
 * `render.failed` with its errorCode.
 */
export async function failItemBeforeRender(
  deps: ItemRenderDeps,
  batch: BatchRow,
  item: StartedBatchItem,
  failure: { error: string; errorCode: string },
): Promise<void> {
  const at = deps.now();
  const settled = await settleBatchItem(deps.db, { renderId: item.renderId, outcome: { ok: false, ...failure }, at });
  if (!settled) return;
  await deps.bus.emit(
    CATALOG.renderFailed,
    {
      event: 'render.failed',
      timestamp: at.toISOString(),
      ownerId: batch.ownerId,
      data: {
        type: 'image',
        templateId: batch.templateId,
        error: failure.error,
        errorCode: failure.errorCode,
        renderId: item.renderId,
        userId: batch.accountId,
      },
    },
    { msgId: `${item.renderId}:failed` },
  );
}
