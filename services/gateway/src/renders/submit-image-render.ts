import { context } from '@opentelemetry/api';
import {
  CATALOG,
  newId,
  type ImageFormat,
  type ImageResult,
  type RenderImageCommand,
  type RenderOutcome,
  type RenderSource,
} from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { getRenderById, insertRender, type Db, type RenderRow } from '@pressroom/db';
import { deserializeProblem } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import { injectTraceHeaders } from '@pressroom/telemetry';
import type { AuthContext } from '../http/auth.js';

/** HTML larger than this travels through storage instead of inside the command (bus payloads stay small). */
const INLINE_HTML_LIMIT = 256 * 1024;

export interface RenderGatewayDeps {
  db: Db;
  bus: Bus;
  storage: Storage;
  publicBaseUrl: string;
  renderWaitMs: number;
}

export interface ImageRenderInput {
  auth: AuthContext;
  origin: RenderImageCommand['origin'];
  templateId: string | null;
  source: { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string };
  width: number;
  height: number;
  selector: string | null;
  format: ImageFormat;
  quality: number;
}

export type SubmitOutcome =
  | { state: 'done'; result: ImageResult }
  /** The wait ran out; the render goes on and shows up in GET /image/{id}. */
  | { state: 'pending'; id: string; createdAt: string };

export function fileUrl(publicBaseUrl: string, storageKey: string): string {
  return `${publicBaseUrl}/files/${storageKey}`;
}

async function commandSource(storage: Storage, renderId: string, source: ImageRenderInput['source']): Promise<RenderSource> {
  if (source.kind === 'url' || Buffer.byteLength(source.html) <= INLINE_HTML_LIMIT) return source;
  const storageKey = `inputs/${renderId}.html`;
  await storage.put(storageKey, Buffer.from(source.html), 'text/html; charset=utf-8');
  return { kind: 'stored-html', storageKey, jsEnabled: source.jsEnabled };
}

function resultOfRow(row: RenderRow): SubmitOutcome {
  if (row.state === 'done' && row.url) {
    return { state: 'done', result: { url: row.url, id: row.id, createdAt: row.createdAt.toISOString() } };
  }
  if (row.state === 'failed' && row.error) throw deserializeProblem(row.error);
  return { state: 'pending', id: row.id, createdAt: row.createdAt.toISOString() };
}

/**
 * Accept an image render: persist it as `queued`, publish `render.image`
 * (the render id is the message id, so a retried publish never renders
 * twice), and wait for `render.done.<id>`. When the wait runs out the
 * render still completes; the caller gets its id to look it up.
 */
export async function submitImageRender(deps: RenderGatewayDeps, input: ImageRenderInput): Promise<SubmitOutcome> {
  const id = newId('img');
  const storageKey = `renders/${id}.${input.format === 'jpeg' ? 'jpg' : input.format}`;
  const row = await insertRender(deps.db, {
    id,
    ownerId: input.auth.ownerId,
    accountId: input.auth.account.id,
    kind: 'image',
    origin: input.origin,
    templateId: input.templateId,
    format: input.format,
    width: input.width,
    height: input.height,
  });
  const createdAt = row.createdAt.toISOString();

  let settle: (outcome: RenderOutcome) => void = () => {};
  const arrived = new Promise<RenderOutcome>((resolve) => (settle = resolve));
  const listening = await deps.bus.listen(CATALOG.renderDone, id, (outcome) => settle(outcome));
  let timer: NodeJS.Timeout | undefined;
  try {
    const command: RenderImageCommand = {
      renderId: id,
      accountId: input.auth.account.id,
      ownerId: input.auth.ownerId,
      origin: input.origin,
      templateId: input.templateId,
      source: await commandSource(deps.storage, id, input.source),
      width: input.width,
      height: input.height,
      selector: input.selector,
      format: input.format,
      quality: input.quality,
      output: { storageKey, url: fileUrl(deps.publicBaseUrl, storageKey) },
      requestedAt: createdAt,
    };
    await deps.bus.publish(CATALOG.renderImage, command, {
      msgId: id,
      headers: injectTraceHeaders({ 'pressroom-render-id': id, 'pressroom-account-id': input.auth.account.id }, context.active()),
    });
    const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.renderWaitMs)));
    const outcome = await Promise.race([arrived, timedOut]);
    if (outcome === null) {
      // The notification may have raced the time-out: the row is the truth.
      const current = await getRenderById(deps.db, id);
      return current ? resultOfRow(current) : { state: 'pending', id, createdAt };
    }
    if (outcome.status === 'failed') throw deserializeProblem(outcome.problem);
    return { state: 'done', result: { url: outcome.url, id, createdAt } };
  } finally {
    if (timer) clearTimeout(timer);
    await listening.stop();
  }
}

