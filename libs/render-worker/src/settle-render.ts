import { CATALOG, RenderCompletedEvent, type RenderOutcome } from '@pressroom/contracts';
import type { Bus } from '@pressroom/bus';
import { failRender, getRenderById, type Db, type RenderRow } from '@pressroom/db';
import { ProblemError, serializeProblem, type SerializedProblem } from '@pressroom/problem';

// The lease a claim takes, for the scheduler's bound on a render nobody renews (docs/adr/0064, addendum).
export { renderLeaseMs } from './render-lease.js';

/*
 * How a render ends, for everyone who ends one: the worker on every delivery, and the scheduler's sweep
 * of renders whose last delivery died (docs/adr/0064). Free of the browser, so the scheduler can load it
 * (`@pressroom/render-worker/settle`). Every announcement of one render carries the same message ids
 * (`<id>:completed`, `<id>:failed`), so announcing it again (a redelivery, a late worker) is never
 * seen twice: the EVENTS stream drops a repeat within its window, the dispatcher by event id after it.
 */

export type RenderKind = RenderCompletedEvent['data']['type'];

/** What every announcement of a render needs besides its outcome: the command carries it, and so does the row. */
export interface RenderFacts {
  renderId: string;
  ownerId: string;
  accountId: string;
  kind: RenderKind;
  origin: string;
  templateId: string | null;
}

export interface SettleDeps {
  bus: Bus;
  db: Db;
}

const EventSource = RenderCompletedEvent.shape.data.shape.source;
const EventType = RenderCompletedEvent.shape.data.shape.type;

/** The event's `source`: the command's origin when subscribers know it; a live capture is a render of a URL. */
export function eventSource(origin: string): RenderCompletedEvent['data']['source'] {
  const known = EventSource.safeParse(origin);
  return known.success ? known.data : 'url';
}

export function factsOfRow(row: RenderRow): RenderFacts {
  const kind = EventType.safeParse(row.kind);
  return {
    renderId: row.id,
    ownerId: row.ownerId,
    accountId: row.accountId,
    kind: kind.success ? kind.data : 'image',
    origin: row.origin,
    templateId: row.templateId,
  };
}

/** How a finished render ended, as its row says. */
export function outcomeOfRow(row: RenderRow): RenderOutcome {
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
      ...(row.userStorageUrl ? { userStorageUrl: row.userStorageUrl } : {}),
      ...(row.userStorageError ? { userStorageError: row.userStorageError } : {}),
      ...(row.details ? { details: row.details } : {}),
    };
  }
  return { renderId: row.id, status: 'failed', problem: row.error ?? lostProblem(), completedAt };
}

/** The problem of a render whose renderer died on every delivery (docs/adr/0064). */
export function renderCrashedProblem(): SerializedProblem {
  return serializeProblem(
    new ProblemError('render-crashed', {
      detail:
        'The renderer stopped on every attempt at this render (its process was killed or crashed, for example for using too much memory), so the render was given up. Nothing was charged.',
    }),
  );
}

/**
 * The problem of a render no renderer ever took (docs/adr/0070): its command's deliveries all ended before one could
 * record its claim, or the bus that held the command was lost with its process. `reason` says which, for the reader.
 */
export function renderNeverTakenProblem(reason: string): SerializedProblem {
  return serializeProblem(
    new ProblemError('service-unavailable', {
      detail: `No renderer took this render: ${reason}. The render was given up and nothing was charged; send it again.`,
    }),
  );
}

function lostProblem(): SerializedProblem {
  return serializeProblem(
    new ProblemError('render-failed', {
      status: 500,
      detail: 'The render failed because of an internal error. It has been logged; please retry.',
    }),
  );
}

/**
 * Tell everyone how a render ended: `render.done.<id>` to a waiting gateway, then (not for a
 * dashboard preview, which is nobody's render) `render.completed` / `render.failed` on EVENTS.
 * Throws when the bus does: the caller's delivery is then retried and announces again.
 */
export async function announceOutcome(deps: Pick<SettleDeps, 'bus'>, facts: RenderFacts, outcome: RenderOutcome): Promise<void> {
  await deps.bus.notify(CATALOG.renderDone, facts.renderId, outcome);
  if (facts.origin === 'preview') return;
  if (outcome.status === 'done') {
    const copied = {
      ...(outcome.userStorageUrl ? { userStorageUrl: outcome.userStorageUrl } : {}),
      ...(outcome.userStorageError ? { userStorageError: outcome.userStorageError } : {}),
    };
    await deps.bus.emit(
      CATALOG.renderCompleted,
      {
        event: 'render.completed',
        timestamp: outcome.completedAt,
        ownerId: facts.ownerId,
        data: {
          type: facts.kind,
          source: eventSource(facts.origin),
          imageId: facts.renderId,
          url: outcome.url,
          ...copied,
          width: outcome.width,
          height: outcome.height,
          templateId: facts.templateId,
          userId: facts.accountId,
          renderedAt: outcome.completedAt,
        },
      },
      { msgId: `${facts.renderId}:completed` },
    );
    return;
  }
  await deps.bus.emit(
    CATALOG.renderFailed,
    {
      event: 'render.failed',
      timestamp: outcome.completedAt,
      ownerId: facts.ownerId,
      data: {
        type: facts.kind,
        templateId: facts.templateId,
        error: outcome.problem.detail,
        errorCode: outcome.problem.slug.toUpperCase().replace(/-/g, '_'),
        renderId: facts.renderId,
        userId: facts.accountId,
      },
    },
    { msgId: `${facts.renderId}:failed` },
  );
}

/** Announce a render again from its row (it finished earlier; someone may have missed it). Nothing when it is not finished or gone. */
export async function announceRow(deps: SettleDeps, id: string): Promise<RenderRow | null> {
  const row = await getRenderById(deps.db, id);
  if (!row || (row.state !== 'done' && row.state !== 'failed')) return row;
  await announceOutcome(deps, factsOfRow(row), outcomeOfRow(row));
  return row;
}

/**
 * End a render as failed, once: the row (guarded by its state, its credits given back in the same
 * transaction) and then the announcement. When another party settled it first (a late worker, the
 * sweep, a completion), what the row says is announced instead, so a render is never announced
 * both ways. Resolves true when this call failed it.
 */
export async function failRenderOnce(
  deps: SettleDeps,
  facts: RenderFacts,
  problem: SerializedProblem,
  completedAt: Date = new Date(),
): Promise<boolean> {
  const first = await failRender(deps.db, { id: facts.renderId, error: problem, completedAt });
  if (!first) {
    await announceRow(deps, facts.renderId);
    return false;
  }
  await announceOutcome(deps, facts, { renderId: facts.renderId, status: 'failed', problem, completedAt: completedAt.toISOString() });
  return true;
}
