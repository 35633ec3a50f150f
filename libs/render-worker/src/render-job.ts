import { rm, stat } from 'node:fs/promises';
import { context, SpanKind, trace } from '@opentelemetry/api';
import type { CommandSubject, RenderOutcome } from '@pressroom/contracts';
import { keepWorking, type Bus, type Delivery } from '@pressroom/bus';
import { QueueFullError } from '@pressroom/browser';
import { claimRender, completeRender, markTemplateRendered, type Db } from '@pressroom/db';
import type { CustomCopyOutcome, CustomStorageCopies, Storage } from '@pressroom/storage';
import { DURATION_BUCKETS_SECONDS, getMeter, getTracer, inSpan, type Logger } from '@pressroom/telemetry';
import { inputProblemOf, unfinishedProblem } from './render-problem.js';
import { keepLease, renderLeaseMs } from './render-lease.js';
import { announceOutcome, announceRow, failRenderOnce, type RenderFacts, type RenderKind } from './settle-render.js';

export { eventSource } from './settle-render.js';
export type { RenderKind } from './settle-render.js';

/** The fields every render command shares (see libs/contracts/src/bus). */
export interface RenderCommandBase {
  renderId: string;
  accountId: string;
  ownerId: string;
  origin: string;
  templateId: string | null;
  output: { storageKey: string; url: string };
}

export interface RenderJobDeps {
  bus: Bus;
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Owners' own buckets: a finished file is copied there too (absent → no copies). */
  customStorage?: CustomStorageCopies | undefined;
}

/**
 * What a renderer produced: the file and the facts the API reports about it. Small files
 * (images, PDFs) come as `bytes`; GIFs and videos as a temporary file at `path`, which is
 * streamed to storage (never read whole into memory) and deleted once the render has ended.
 */
export type RenderedFile = RenderedFileFacts & ({ bytes: Buffer; path?: never } | { path: string; bytes?: never });

export interface RenderedFileFacts {
  contentType: string;
  width: number;
  height: number;
  /** Stored on the render row (`details`). */
  details: Record<string, unknown>;
}

export interface RenderJobSpec<C extends RenderCommandBase> {
  kind: RenderKind;
  subject: CommandSubject<C>;
  render(command: C, log: Logger): Promise<RenderedFile>;
  /** Storage keys of spilled inputs to delete once the render has ended. */
  inputs(command: C): string[];
  /** The finished file becomes its template's thumbnail (images only: a GIF or PDF is no preview). */
  thumbnail?: boolean;
  /**
   * Start rendering while the claim's statement runs, for renders that take about as long as the
   * statement (images, PDFs; docs/adr/0048-render-starts-beside-its-claim.md). A delivery that does not
   * claim the render (a duplicate of a finished one) then renders once for nothing and drops the file:
   * nothing is stored, charged or announced before the claim either way. Off: a duplicate never renders.
   */
  startBeforeClaim?: boolean;
}

/**
 * The consumer of one render command kind, with the lifecycle every renderer
 * shares (docs/adr/0003, 0008): the render id guards every step; a finished
 * render is only re-announced (notice and event, with the same message ids);
 * input failures end the render with a problem, ours are retried by
 * redelivery until the last delivery; a heartbeat keeps long renders from
 * being redelivered mid-way, and a lease in the row tells the scheduler the
 * worker of a last delivery is still alive (docs/adr/0064); every render ends
 * with `render.done.<id>` and `render.completed` / `render.failed`, once,
 * whoever settles it (settle-render.ts).
 */
export function renderJobHandler<C extends RenderCommandBase>(deps: RenderJobDeps, spec: RenderJobSpec<C>) {
  const tracer = getTracer(`pressroom-${spec.kind}`);
  // One instrument per name for every kind (the embedded process runs them all): `kind` is a label.
  const meter = getMeter();
  const renderDuration = meter.createHistogram('render_duration_seconds', {
    description: 'Render time (capture + encode + store) by kind',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS_SECONDS },
  });
  const renderCount = meter.createCounter('renders_total', { description: 'Renders by kind and outcome' });

  return async (delivery: Delivery<C>): Promise<void> => {
    const command = delivery.data;
    const log = deps.logger.child({ renderId: command.renderId, accountId: command.accountId, delivery: delivery.deliveryCount });
    const span = tracer.startSpan(spec.subject.name, {
      kind: SpanKind.CONSUMER,
      attributes: { 'pressroom.render_id': command.renderId, 'pressroom.render_kind': spec.kind },
    });
    const started = performance.now();
    const startRendering = () =>
      context.with(trace.setSpan(context.active(), span), () => inSpan('render', () => spec.render(command, log)));
    // See `startBeforeClaim`: the page work may overlap the claim (a 1-page PDF waited ~1 ms for it, issue 18).
    let rendering: Promise<RenderedFile> | null = spec.startBeforeClaim ? startRendering() : null;
    rendering?.catch(() => undefined);
    const discard = () => {
      span.end();
      void rendering?.then((file) => (file.path !== undefined ? rm(file.path, { force: true }) : undefined)).catch(() => undefined);
    };
    const attempt = { attempt: delivery.deliveryCount, maxAttempts: spec.subject.maxDeliver, leaseMs: renderLeaseMs(spec.subject) };
    const claim = await inSpan('db.claim_render', () => claimRender(deps.db, command.renderId, attempt)).catch((error: unknown) => {
      discard();
      throw error;
    });
    if (claim !== 'claimed') discard();
    if (claim === 'missing') {
      // A render withdrawn before its command was confirmed (docs/adr/0065), or deleted: nothing to do.
      log.warn('render row missing; dropping command');
      await delivery.term();
      return;
    }
    if (claim !== 'claimed') {
      // Finished earlier: this delivery may be the retry of one whose announcement failed half-way (the row
      // done, the event not out), so the event goes again with it; its message id keeps it from counting twice.
      await announceRow(deps, command.renderId);
      return;
    }

    // The ack wait is short so a dead renderer's work moves on in seconds (docs/adr/0008); a live one heartbeats,
    // to the bus and (every half ack wait) to the row's lease, which the scheduler reads once no delivery is left.
    const stopHeartbeat = keepWorking(delivery, spec.subject.ackWaitMs);
    const stopLease = keepLease(deps.db, command.renderId, spec.subject, log);
    let finished = false;
    let tempFile: string | null = null;
    try {
      await context.with(trace.setSpan(context.active(), span), async () => {
        const file = await (rendering ??= startRendering());
        if (file.path !== undefined) tempFile = file.path;
        await tracer.startActiveSpan('storage.put', { attributes: { 'pressroom.storage_key': command.output.storageKey } }, (put) =>
          deps.storage.put(command.output.storageKey, bodyOf(file), file.contentType).finally(() => put.end()),
        );
        // A CDN or presigned URL when configured; otherwise the gateway's /files URL the command carries.
        const url = (await deps.storage.publicUrl(command.output.storageKey)) ?? command.output.url;
        // The owner's own bucket: a failure there is reported with the render, never fails it (docs/storage.md).
        const copy = isPreview(command) ? null : await copyToCustomStorage(deps, command, file, log);
        const completedAt = new Date();
        const first = await inSpan('db.complete_render', () =>
          completeRender(deps.db, {
            id: command.renderId,
            url,
            storageKey: command.output.storageKey,
            contentType: file.contentType,
            width: file.width,
            height: file.height,
            completedAt,
            details: file.details,
            userStorageUrl: copy && 'url' in copy ? copy.url : null,
            userStorageError: copy && 'error' in copy ? copy.error : null,
          }),
        );
        if (!first) {
          // Settled meanwhile (by the scheduler's sweep after this worker stalled past its lease, or a duplicate):
          // the row's outcome stands, and only it is announced. A failed render keeps no file.
          log.warn('render already settled by someone else; announcing its outcome');
          const settled = await announceRow(deps, command.renderId);
          if (settled?.state === 'failed') await deps.storage.delete(command.output.storageKey).catch(() => undefined);
          return;
        }
        if (spec.thumbnail && command.templateId && !isPreview(command)) {
          await markTemplateRendered(deps.db, { uid: command.templateId, thumbnail: url, renderedAt: completedAt });
        }
        await inSpan('bus.announce_done', () =>
          announceDone(deps, factsOf(spec.kind, command), { url, storageKey: command.output.storageKey }, file, completedAt, copy),
        );
        renderCount.add(1, { kind: spec.kind, outcome: 'done' });
        log.info({ ms: Math.round(performance.now() - started), bytes: await sizeOf(file) }, 'render done');
      });
      finished = true;
    } catch (error) {
      if (error instanceof QueueFullError) {
        renderCount.add(1, { kind: spec.kind, outcome: 'deferred' });
        await delivery.nak(1_000);
        return;
      }
      const problem = inputProblemOf(error);
      const lastAttempt = delivery.deliveryCount >= spec.subject.maxDeliver;
      if (!problem && !lastAttempt) {
        log.error({ err: error }, 'render failed; will be redelivered');
        throw error;
      }
      if (!problem) log.error({ err: error }, 'render failed on its last delivery');
      else log.info({ slug: problem.slug, detail: problem.detail }, 'render failed on its input');
      await failRenderOnce(deps, factsOf(spec.kind, command), problem ?? unfinishedProblem(error));
      renderCount.add(1, { kind: spec.kind, outcome: 'failed' });
      finished = true;
    } finally {
      stopHeartbeat();
      stopLease();
      renderDuration.record((performance.now() - started) / 1000, { kind: spec.kind });
      span.end();
      // A redelivery renders again from scratch, so the temporary file goes whatever the outcome.
      if (tempFile) await rm(tempFile, { force: true }).catch(() => {});
      if (finished) await Promise.all(spec.inputs(command).map((key) => deps.storage.delete(key).catch(() => {})));
    }
  };
}

function factsOf(kind: RenderKind, command: RenderCommandBase): RenderFacts {
  const { renderId, ownerId, accountId, origin, templateId } = command;
  return { renderId, ownerId, accountId, kind, origin, templateId };
}

async function announceDone(
  deps: RenderJobDeps,
  facts: RenderFacts,
  stored: { url: string; storageKey: string },
  file: RenderedFile,
  completedAt: Date,
  copy: CustomCopyOutcome | null,
): Promise<void> {
  const outcome: RenderOutcome = {
    renderId: facts.renderId,
    status: 'done',
    ...stored,
    contentType: file.contentType,
    width: file.width,
    height: file.height,
    completedAt: completedAt.toISOString(),
    ...(copy && 'url' in copy ? { userStorageUrl: copy.url } : copy ? { userStorageError: copy.error } : {}),
    details: file.details,
  };
  await announceOutcome(deps, facts, outcome);
}

async function copyToCustomStorage(
  deps: RenderJobDeps,
  command: RenderCommandBase,
  file: RenderedFile,
  log: Logger,
): Promise<CustomCopyOutcome | null> {
  if (!deps.customStorage) return null;
  const outcome = await deps.customStorage.copy({
    ownerId: command.ownerId,
    key: command.output.storageKey,
    body: bodyOf(file),
    contentType: file.contentType,
  });
  if (outcome && 'error' in outcome) log.warn({ reason: outcome.error }, 'render stored, but its copy to custom storage failed');
  return outcome;
}

/** What storage is handed: the bytes, or the temporary file to stream from. */
function bodyOf(file: RenderedFile): Buffer | { path: string } {
  return file.path !== undefined ? { path: file.path } : file.bytes;
}

async function sizeOf(file: RenderedFile): Promise<number | null> {
  if (file.path === undefined) return file.bytes.length;
  return (await stat(file.path).catch(() => null))?.size ?? null;
}

/** A dashboard preview (POST /templates/preview) is nobody's render: no webhook event, no thumbnail. */
function isPreview(command: RenderCommandBase): boolean {
  return command.origin === 'preview';
}
