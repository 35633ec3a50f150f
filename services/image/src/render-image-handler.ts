import { context, trace } from '@opentelemetry/api';
import { CATALOG, StoredCanvas, type RenderImageCommand, type RenderOutcome } from '@pressroom/contracts';
import type { Bus, Delivery } from '@pressroom/bus';
import {
  QueueFullError,
  captureCanvas,
  captureImage,
  type BrowserPool,
  type CanvasCaptureRequest,
  type CaptureRequest,
} from '@pressroom/browser';
import { claimRender, completeRender, failRender, getRenderById, markTemplateRendered, type Db, type RenderRow } from '@pressroom/db';
import type { SerializedProblem } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { Storage } from '@pressroom/storage';
import { getMeter, getTracer, type Logger } from '@pressroom/telemetry';
import { inputProblemOf, internalProblem } from './render-problem.js';

export interface ImageHandlerDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  pool: BrowserPool;
  guard: SsrfGuard;
  logger: Logger;
  pngCompression: 'fast' | 'small';
}

const tracer = getTracer('pressroom-image');
const meter = getMeter('pressroom-image');
const renderDuration = meter.createHistogram('render_duration_ms', {
  description: 'Image render time (capture + encode + store)',
  unit: 'ms',
});
const renderCount = meter.createCounter('renders_total', { description: 'Image renders by outcome' });

type RenderRequest = { kind: 'page'; request: CaptureRequest } | { kind: 'canvas'; request: CanvasCaptureRequest };

async function captureRequestOf(storage: Storage, command: RenderImageCommand): Promise<RenderRequest> {
  const output = { width: command.width, height: command.height, format: command.format, quality: command.quality };
  if (command.source.kind === 'canvas' || command.source.kind === 'stored-canvas') {
    const { canvas, fonts } =
      command.source.kind === 'canvas' ? command.source : await readStoredCanvas(storage, command.source.storageKey);
    return { kind: 'canvas', request: { canvas, fonts, ...output } };
  }
  let source: CaptureRequest['source'];
  if (command.source.kind === 'stored-html') {
    const stored = await storage.get(command.source.storageKey);
    if (!stored) throw new Error(`spilled input ${command.source.storageKey} is missing`);
    source = { kind: 'html', html: stored.bytes.toString('utf8'), jsEnabled: command.source.jsEnabled };
  } else {
    source = command.source;
  }
  return { kind: 'page', request: { source, selector: command.selector, ...output } };
}

async function readStoredCanvas(storage: Storage, storageKey: string): Promise<StoredCanvas> {
  const stored = await storage.get(storageKey);
  if (!stored) throw new Error(`spilled input ${storageKey} is missing`);
  return StoredCanvas.parse(JSON.parse(stored.bytes.toString('utf8')));
}

/** Tell the waiting gateway (and anyone else) how a render that already finished ended. */
function outcomeOfRow(row: RenderRow): RenderOutcome {
  const completedAt = (row.completedAt ?? new Date()).toISOString();
  if (row.state === 'done') {
    return {
      renderId: row.id,
      status: 'done',
      url: row.url!,
      storageKey: row.storageKey!,
      contentType: row.contentType!,
      width: row.width,
      height: row.height,
      completedAt,
    };
  }
  return { renderId: row.id, status: 'failed', problem: row.error ?? internalProblem(), completedAt };
}

/**
 * Consumer of `render.image`. The render id guards every step: a claimed
 * row that is already finished is only re-announced, never rendered or
 * stored again; the storage key is derived from the id, so a retry after a
 * crash overwrites instead of duplicating.
 */
export function renderImageHandler(deps: ImageHandlerDeps) {
  return async (delivery: Delivery<RenderImageCommand>): Promise<void> => {
    const command = delivery.data;
    const log = deps.logger.child({ renderId: command.renderId, accountId: command.accountId, delivery: delivery.deliveryCount });
    const claim = await claimRender(deps.db, command.renderId);
    if (claim === 'missing') {
      log.warn('render row missing; dropping command');
      await delivery.term();
      return;
    }
    if (claim !== 'claimed') {
      const row = await getRenderById(deps.db, command.renderId);
      if (row) await deps.bus.notify(CATALOG.renderDone, command.renderId, outcomeOfRow(row));
      return;
    }

    const span = tracer.startSpan('render.image', { attributes: { 'pressroom.render_id': command.renderId } });
    const started = performance.now();
    // Heartbeat so a long (but bounded) render is not redelivered mid-way.
    const heartbeat = setInterval(() => void delivery.working().catch(() => {}), 10_000);
    try {
      await context.with(trace.setSpan(context.active(), span), async () => {
        const render = await captureRequestOf(deps.storage, command);
        const captureOptions = { guard: deps.guard, ...(deps.pngCompression === 'fast' ? { pngReencodeBytesPerPixel: Infinity } : {}) };
        const image =
          render.kind === 'canvas'
            ? await captureCanvas(deps.pool, render.request, captureOptions)
            : await captureImage(deps.pool, render.request, captureOptions);
        await deps.storage.put(command.output.storageKey, image.bytes, image.contentType);
        const completedAt = new Date();
        const finished = await completeRender(deps.db, {
          id: command.renderId,
          url: command.output.url,
          storageKey: command.output.storageKey,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          completedAt,
        });
        if (finished && command.templateId) {
          await markTemplateRendered(deps.db, { uid: command.templateId, thumbnail: command.output.url, renderedAt: completedAt });
        }
        await announceDone(deps, command, {
          url: command.output.url,
          contentType: image.contentType,
          width: image.width,
          height: image.height,
          completedAt,
        });
        renderCount.add(1, { outcome: 'done' });
        log.info({ ms: Math.round(performance.now() - started) }, 'render done');
      });
    } catch (error) {
      if (error instanceof QueueFullError) {
        renderCount.add(1, { outcome: 'deferred' });
        await delivery.nak(1_000);
        return;
      }
      const problem = inputProblemOf(error);
      const lastAttempt = delivery.deliveryCount >= CATALOG.renderImage.maxDeliver;
      if (!problem && !lastAttempt) {
        log.error({ err: error }, 'render failed; will be redelivered');
        throw error;
      }
      if (!problem) log.error({ err: error }, 'render failed on its last delivery');
      await announceFailed(deps, command, problem ?? internalProblem());
      renderCount.add(1, { outcome: 'failed' });
    } finally {
      clearInterval(heartbeat);
      renderDuration.record(performance.now() - started);
      span.end();
    }
    if (command.source.kind === 'stored-html' || command.source.kind === 'stored-canvas')
      await deps.storage.delete(command.source.storageKey).catch(() => {});
  };
}

async function announceDone(
  deps: ImageHandlerDeps,
  command: RenderImageCommand,
  result: { url: string; contentType: string; width: number; height: number; completedAt: Date },
): Promise<void> {
  const completedAt = result.completedAt.toISOString();
  await deps.bus.notify(CATALOG.renderDone, command.renderId, {
    renderId: command.renderId,
    status: 'done',
    url: result.url,
    storageKey: command.output.storageKey,
    contentType: result.contentType,
    width: result.width,
    height: result.height,
    completedAt,
  });
  // A dashboard preview is nobody's render: no webhook event.
  if (command.origin === 'preview') return;
  await deps.bus.emit(
    CATALOG.renderCompleted,
    {
      event: 'render.completed',
      timestamp: completedAt,
      ownerId: command.ownerId,
      data: {
        type: 'image',
        source: command.origin,
        imageId: command.renderId,
        url: result.url,
        width: result.width,
        height: result.height,
        templateId: command.templateId,
        userId: command.accountId,
        renderedAt: completedAt,
      },
    },
    { msgId: `${command.renderId}:completed` },
  );
}

async function announceFailed(deps: ImageHandlerDeps, command: RenderImageCommand, problem: SerializedProblem): Promise<void> {
  const completedAt = new Date();
  await failRender(deps.db, { id: command.renderId, error: problem, completedAt });
  await deps.bus.notify(CATALOG.renderDone, command.renderId, {
    renderId: command.renderId,
    status: 'failed',
    problem,
    completedAt: completedAt.toISOString(),
  });
  if (command.origin === 'preview') return;
  await deps.bus.emit(
    CATALOG.renderFailed,
    {
      event: 'render.failed',
      timestamp: completedAt.toISOString(),
      ownerId: command.ownerId,
      data: {
        type: 'image',
        templateId: command.templateId,
        error: problem.detail,
        errorCode: problem.slug.toUpperCase().replace(/-/g, '_'),
        renderId: command.renderId,
        userId: command.accountId,
      },
    },
    { msgId: `${command.renderId}:failed` },
  );
}
