import { context } from '@opentelemetry/api';
import { CATALOG, extensionOfFormat, type ImageFormat, type RenderImageCommand, type RenderSource } from '@pressroom/contracts';
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
} from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import { injectTraceHeaders } from '@pressroom/telemetry';
import type { ItemPage } from './item-page.js';

/** HTML larger than this travels through storage, as the gateway does (bus payloads stay small). */
const INLINE_HTML_LIMIT = 256 * 1024;

export interface ItemRenderDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  publicBaseUrl: string;
  now: () => Date;
}

async function sourceOf(storage: Storage, renderId: string, page: Extract<ItemPage, { ok: true }>): Promise<RenderSource> {
  if (Buffer.byteLength(page.html) <= INLINE_HTML_LIMIT) return { kind: 'html', html: page.html, jsEnabled: page.jsEnabled };
  const storageKey = `inputs/${renderId}.html`;
  await storage.put(storageKey, Buffer.from(page.html), 'text/html; charset=utf-8');
  return { kind: 'stored-html', storageKey, jsEnabled: page.jsEnabled };
}

/**
 * Hand one started item to the renderers as an ordinary `render.image`: a
 * `renders` row (origin `batch`), then the command with the item's render id
 * as message id. Safe to repeat for the same item (after a crash between
 * publishing and recording it): the row is reused and the bus drops the
 * duplicate message id; a render that already finished is never re-published.
 */
export async function publishItemRender(
  deps: ItemRenderDeps,
  batch: BatchRow,
  item: StartedBatchItem,
  page: Extract<ItemPage, { ok: true }>,
): Promise<void> {
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
        kind: 'image',
        origin: 'batch',
        templateId: batch.templateId,
        format,
        width: page.width,
        height: page.height,
      }));
  } catch (error) {
    if (!(error instanceof QuotaExceededError)) throw error;
    await failItemBeforeRender(deps, batch, item, { error: error.message, errorCode: 'QUOTA_EXCEEDED' });
    return;
  }
  const storageKey = `renders/${item.renderId}.${extensionOfFormat(format)}`;
  const command: RenderImageCommand = {
    renderId: item.renderId,
    accountId: batch.accountId,
    ownerId: batch.ownerId,
    origin: 'batch',
    templateId: batch.templateId,
    source: await sourceOf(deps.storage, item.renderId, page),
    width: page.width,
    height: page.height,
    selector: null,
    format,
    quality: batch.quality,
    output: { storageKey, url: `${deps.publicBaseUrl}/files/${storageKey}` },
    requestedAt: row.createdAt.toISOString(),
  };
  await deps.bus.publish(CATALOG.renderImage, command, {
    msgId: item.renderId,
    headers: injectTraceHeaders({ 'pressroom-render-id': item.renderId, 'pressroom-batch-id': batch.id }, context.active()),
  });
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
