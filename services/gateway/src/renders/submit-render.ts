import { CATALOG, newId, type CommandSubject, type IdPrefix, type RenderOrigin, type RenderOutcome } from '@pressroom/contracts';
import { renderOutput, type CommandEnvelope } from '@pressroom/render-requests';
import { BusValidationError, type Bus, type Subscription } from '@pressroom/bus';
import {
  deleteRender,
  getRenderById,
  insertRenderWithinCredits,
  markRenderPublished,
  withdrawQueuedRender,
  type Db,
  type RenderRow,
  type RenderVia,
} from '@pressroom/db';
import { withQuotaProblem } from '../http/quota-problem.js';
import { ProblemError, deserializeProblem } from '@pressroom/problem';
import type { OwnerCaches } from '@pressroom/service-runner';
import type { Storage } from '@pressroom/storage';
import { userStorageOf } from '../views/user-storage-view.js';
import { inSpan, producerHeaders } from '@pressroom/telemetry';
import type { AuthContext } from '../http/auth.js';
import { idempotentRender } from '../http/idempotent-render.js';
import { noteRenderId } from '../http/request-context.js';

export interface RenderGatewayDeps {
  db: Db;
  bus: Bus;
  storage: Storage;
  publicBaseUrl: string;
  renderWaitMs: number;
  /** The process's owner caches (fonts for every render; template edits drop URL renders kept in memory). */
  owners?: OwnerCaches | undefined;
}

/** One render of any kind, as the gateway accepts it. */
export interface RenderSubmission<C> {
  auth: AuthContext;
  kind: 'image' | 'gif' | 'pdf' | 'video';
  idPrefix: IdPrefix;
  /** File extension of the output (`renders/<id>.<ext>`). */
  extension: string;
  origin: RenderOrigin;
  /** How a `GET /r/` template render was asked for: the row's `via`, written by the same INSERT. */
  via?: RenderVia | undefined;
  templateId: string | null;
  format: string;
  width: number;
  height: number;
  /** Render credits (default 1). */
  cost?: number;
  /** What the row keeps of the request from the start (asked-details.ts), so a failed render still says it. */
  details?: Record<string, unknown> | undefined;
  /** HTTP status when the monthly credits are used up (QUOTA_STATUS.renders, 429, by default; video passes QUOTA_STATUS.video). */
  quotaStatus?: number;
  /**
   * The row only carries a render that is nobody's (the dashboard preview): when the render fails, or
   * its command cannot even be built or published, the row is deleted here, so no failed row stays
   * behind; on success the caller reads it and deletes it.
   */
  discardFailedRow?: boolean;
  subject: CommandSubject<C>;
  /** The command to publish (built by @pressroom/render-requests), once the id, the output location and the creation time exist. */
  command(envelope: CommandEnvelope): Promise<C>;
}

export type RenderWait =
  | {
      state: 'done';
      id: string;
      url: string;
      createdAt: string;
      userStorageUrl?: string;
      userStorageError?: string;
      /** What the renderer reported (size, `details`), so the answer needs no read of the row. */
      width: number;
      height: number;
      details: Record<string, unknown> | null;
    }
  /** The wait ran out; the render goes on and shows up under its id. */
  | { state: 'pending'; id: string; createdAt: string };

function waitOfRow(row: RenderRow): RenderWait {
  if (row.state === 'done' && row.url) {
    return {
      state: 'done',
      id: row.id,
      url: row.url,
      createdAt: row.createdAt.toISOString(),
      ...userStorageOf(row),
      width: row.width,
      height: row.height,
      details: row.details ?? null,
    };
  }
  if (row.state === 'failed' && row.error) throw deserializeProblem(row.error);
  return { state: 'pending', id: row.id, createdAt: row.createdAt.toISOString() };
}

/**
 * A render still waiting this long after its publish has its publish confirmed in the row (one statement
 * beside the wait); a render finished sooner needs none, as its claim confirmed it (docs/adr/0065).
 */
const CONFIRM_PUBLISH_AFTER_MS = 1_000;
/** What a client is told to wait before retrying a render the bus did not take (a reconnect takes seconds). */
const BUS_RETRY_AFTER_SECONDS = 5;

/** The render was not handed to a renderer: nothing of it is kept or charged, and a retry may succeed. */
function notAccepted(cause: unknown): ProblemError {
  return new ProblemError('service-unavailable', {
    detail: 'The render queue cannot be reached right now, so the render was not accepted and nothing was charged. Retry in a few seconds.',
    headers: { 'Retry-After': String(BUS_RETRY_AFTER_SECONDS) },
    logMessage: `render not accepted: ${cause instanceof Error ? cause.message : String(cause)}`,
    cause,
  });
}

/** A render id for this submission: a new one, or (retry of an Idempotency-Key whose gateway died) the one it started. */
async function renderIdFor(idPrefix: IdPrefix): Promise<{ id: string; resumed: boolean }> {
  const fresh = newId(idPrefix);
  return (await idempotentRender()?.renderId(fresh)) ?? { id: fresh, resumed: false };
}

/**
 * Accept a render of any kind: persist it as `queued`, publish its command
 * (the render id is the message id, so a retried publish never renders
 * twice), and wait for `render.done.<id>`. A failed render throws its
 * problem. When the wait runs out the render still completes; the caller
 * gets its id to look it up. A resumed render (docs/idempotency.md) that
 * already ended answers from its row; one that has no row yet is started.
 * A render whose command the bus did not take leaves no row and no charge
 * (503 with Retry-After; docs/adr/0065).
 */
export async function submitRender<C>(deps: RenderGatewayDeps, submission: RenderSubmission<C>): Promise<RenderWait> {
  const { id, resumed } = await renderIdFor(submission.idPrefix);
  const existing = resumed ? await getRenderById(deps.db, id) : undefined;
  const ended = existing?.state === 'done' || existing?.state === 'failed';
  // A bus known to be down takes nothing: refused before anything is written or charged.
  if (!ended && !deps.bus.healthy()) throw notAccepted(new Error(`bus (${deps.bus.transport}) disconnected`));
  // Credits are reserved by the queued row itself (docs/limits.md): a failure releases them.
  const row =
    existing ??
    (await withQuotaProblem(
      () =>
        inSpan('db.insert_render', () =>
          insertRenderWithinCredits(deps.db, {
            id,
            ownerId: submission.auth.ownerId,
            accountId: submission.auth.account.id,
            kind: submission.kind,
            origin: submission.origin,
            ...(submission.via ? { via: submission.via } : {}),
            templateId: submission.templateId,
            format: submission.format,
            width: submission.width,
            height: submission.height,
            ...(submission.cost !== undefined ? { cost: submission.cost } : {}),
            ...(submission.details && Object.keys(submission.details).length > 0 ? { details: submission.details } : {}),
            publishPending: true,
          }),
        ),
      submission.quotaStatus,
    ));
  // The render has a row from here: the request's access line names it, as the renderer's lines do. Every
  // render the gateway takes passes here once, whichever route answers (one id, or several for layouts).
  noteRenderId(id);
  if (ended) return waitOfRow(row);
  const createdAt = row.createdAt.toISOString();

  let settle: (outcome: RenderOutcome) => void = () => {};
  const arrived = new Promise<RenderOutcome>((resolve) => (settle = resolve));
  const listening = await publishOrWithdraw(deps, submission, id, createdAt, (outcome) => settle(outcome));
  let timer: NodeJS.Timeout | undefined;
  let confirmTimer: NodeJS.Timeout | undefined;
  // The scheduler withdraws a queued row nobody confirmed (ADR 0065): confirmed once, for a render that outlives
  // a moment (a quicker one was confirmed by its claim) and before answering one still running.
  let confirming: Promise<boolean> | undefined;
  const confirm = () =>
    (confirming ??= markRenderPublished(deps.db, id).catch((error: unknown) => {
      confirming = undefined; // tried again before answering
      throw error;
    }));
  try {
    confirmTimer = setTimeout(() => void confirm().catch(() => undefined), CONFIRM_PUBLISH_AFTER_MS);
    const timedOut = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.renderWaitMs)));
    const outcome = await inSpan('render.wait', () => Promise.race([arrived, timedOut]));
    if (outcome === null) {
      // The notification may have raced the time-out: the row is the truth. No row: it was withdrawn, never rendered.
      const current = (await confirm()) ? await getRenderById(deps.db, id) : null;
      if (!current) throw notAccepted(new Error('the queued row was withdrawn before a renderer took it'));
      return waitOfRow(current);
    }
    if (outcome.status === 'failed') throw deserializeProblem(outcome.problem);
    return {
      state: 'done',
      id,
      url: outcome.url,
      createdAt,
      ...userStorageOf(outcome),
      width: outcome.width,
      height: outcome.height,
      details: outcome.details ?? null,
    };
  } catch (error) {
    if (submission.discardFailedRow) await deleteRender(deps.db, { ownerId: submission.auth.ownerId, id });
    throw error;
  } finally {
    if (timer) clearTimeout(timer);
    if (confirmTimer) clearTimeout(confirmTimer);
    await listening.stop();
  }
}

/**
 * Listen for the render's outcome and publish its command. When either fails (the bus is down, the
 * command cannot be built), the queued row is withdrawn with its credits, unless a worker already
 * claimed it (then the command did go out, and the render is waited for as usual): the caller gets
 * the command's own error, or a 503 with Retry-After when the bus failed.
 */
async function publishOrWithdraw<C>(
  deps: RenderGatewayDeps,
  submission: RenderSubmission<C>,
  id: string,
  createdAt: string,
  onOutcome: (outcome: RenderOutcome) => void,
): Promise<Subscription> {
  let listening: Subscription | undefined;
  let building = false;
  try {
    listening = await deps.bus.listen(CATALOG.renderDone, id, onOutcome);
    building = true;
    const command = await submission.command({
      renderId: id,
      accountId: submission.auth.account.id,
      ownerId: submission.auth.ownerId,
      output: renderOutput({ publicBaseUrl: deps.publicBaseUrl, renderId: id, extension: submission.extension }),
      requestedAt: createdAt,
    });
    building = false;
    await inSpan('bus.publish', () =>
      deps.bus.publish(submission.subject, command, {
        msgId: id,
        headers: producerHeaders(submission.subject.name, {
          'pressroom-render-id': id,
          'pressroom-account-id': submission.auth.account.id,
        }),
      }),
    );
    return listening;
  } catch (error) {
    // An unanswered publish may still have reached the bus: a claimed row says it did.
    // (Neither answering, with the database down too: the scheduler withdraws the row after a grace.)
    const withdrawn = await withdrawQueuedRender(deps.db, { id }).catch(() => false);
    const row = withdrawn ? null : await getRenderById(deps.db, id).catch(() => null);
    if (row && row.state !== 'queued' && listening) return listening;
    await listening?.stop().catch(() => undefined);
    if (building || error instanceof BusValidationError) throw error;
    throw notAccepted(error);
  }
}
