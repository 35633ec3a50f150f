import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Orm } from './open.js';
import { statement } from './statement.js';
import { monthWindow } from './plan-limits.js';
import type { RenderOrigin } from '@pressroom/contracts';
import { creditUsage, renders, type RenderError, type RenderState, type RenderVia } from './schema.js';

export type { RenderError, RenderState, RenderVia };

export interface RenderRow {
  id: string;
  ownerId: string;
  accountId: string;
  kind: string;
  origin: RenderOrigin;
  /** How a `GET /r/` template render was asked for; null for every other render. */
  via: RenderVia | null;
  state: RenderState;
  templateId: string | null;
  format: string;
  width: number;
  height: number;
  url: string | null;
  storageKey: string | null;
  contentType: string | null;
  error: RenderError | null;
  /** Render credits: 1, or 1.5 for a live GIF capture. */
  cost: number;
  /** Kind-specific results (GIF frames/fps/animationLength, PDF pageCount/preset/pageSize). */
  details: Record<string, unknown> | null;
  /** The copy in the owner's custom storage (docs/storage.md). */
  userStorageUrl: string | null;
  /** Why that copy failed; the render itself succeeded. */
  userStorageError: string | null;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface NewRender {
  id: string;
  ownerId: string;
  accountId: string;
  kind: string;
  origin: RenderOrigin;
  /** Only for a `GET /r/` render (default null). */
  via?: RenderVia | null;
  templateId: string | null;
  format: string;
  width: number;
  height: number;
  /** Default 1. */
  cost?: number;
  details?: Record<string, unknown> | null;
  /**
   * The caller publishes the command after this insert and has not confirmed it yet (the gateway,
   * docs/adr/0065): the row stays unpublished until `markRenderPublished` or a claim, and a queued
   * one the scheduler still finds so after a grace is withdrawn. Default false: published.
   */
  publishPending?: boolean;
}

/** What a worker's claim records about its delivery, so a render none can finish any more is found (docs/adr/0064). */
export interface RenderAttempt {
  /** The claiming delivery's number: 1 on the first. */
  attempt: number;
  /** The command's maximum deliveries: a render claimed on its last one gets no other. */
  maxAttempts: number;
  /** How long the render stays the worker's without a renewal (`renewRenderLease`). */
  leaseMs: number;
}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export type ClaimResult = 'claimed' | 'done' | 'failed' | 'missing';

const UNFINISHED: RenderState[] = ['queued', 'rendering'];
const UNFINISHED_SQL = UNFINISHED.map((state) => `'${state}'`).join(', ');

// The two statements every render's worker runs, as text (statement.ts). Only an unfinished render
// ('queued', or 'rendering' again after a redelivery) moves on; the RETURNING row says whether it did.
// The claim also records its delivery and the worker's lease (null parameters keep what the row has), and that the
// command was on the bus: a claimed render is never withdrawn as unpublished.
const CLAIM_RENDER = statement(
  `UPDATE renders SET state = 'rendering', started_at = now(),
     attempts = GREATEST(attempts, coalesce($2::integer, attempts)), max_attempts = coalesce($3::integer, max_attempts),
     lease_until = now() + coalesce($4::integer, 0) * interval '1 millisecond', published_at = coalesce(published_at, now())
   WHERE id = $1 AND state IN (${UNFINISHED_SQL}) RETURNING id`,
);
/**
 * A field the caller left out (undefined) keeps its stored value: each has a "given" flag before it. Details are
 * added to what the row kept from the request (a URL render's address, its waits), never put in their place.
 */
const COMPLETE_RENDER = statement(
  `UPDATE renders SET state = 'done', error = NULL, url = $2, storage_key = $3, content_type = $4,
     width = $5::integer, height = $6::integer, completed_at = $7::timestamptz,
     details = CASE WHEN $8::boolean THEN coalesce(details, '{}'::jsonb) || $9::jsonb ELSE details END,
     user_storage_url = CASE WHEN $10::boolean THEN $11::text ELSE user_storage_url END,
     user_storage_error = CASE WHEN $12::boolean THEN $13::text ELSE user_storage_error END
   WHERE id = $1 AND state IN (${UNFINISHED_SQL}) RETURNING id`,
);

/** A render that costs no credits (binding refreshes); charged renders go through `insertRenderWithinCredits`. */
export async function insertUnchargedRender(db: Db, row: Omit<NewRender, 'cost' | 'publishPending'>): Promise<RenderRow> {
  const [created] = await db.orm
    .insert(renders)
    .values({ ...row, cost: 0, state: 'queued' })
    .returning();
  return created!;
}

/**
 * A worker takes a render. A redelivered job (worker died mid-render) may claim a
 * 'rendering' row again; a finished render is reported, never re-run. `attempt`
 * records which delivery claimed it and for how long (docs/adr/0064).
 */
export async function claimRender(db: Db, id: string, attempt?: RenderAttempt): Promise<ClaimResult> {
  const claimed = await db.rows(CLAIM_RENDER, [id, attempt?.attempt ?? null, attempt?.maxAttempts ?? null, attempt?.leaseMs ?? null]);
  if (claimed.length > 0) return 'claimed';
  const [row] = await db.orm.select({ state: renders.state }).from(renders).where(eq(renders.id, id)).limit(1);
  if (!row) return 'missing';
  return row.state === 'failed' ? 'failed' : 'done';
}

/** false when the render had already finished (a duplicate completion is ignored). */
export async function completeRender(
  db: Db,
  input: {
    id: string;
    url: string;
    storageKey: string;
    contentType: string;
    width: number;
    height: number;
    completedAt: Date;
    details?: Record<string, unknown>;
    userStorageUrl?: string | null;
    userStorageError?: string | null;
  },
): Promise<boolean> {
  const given = (value: unknown) => value !== undefined;
  const rows = await db.rows(COMPLETE_RENDER, [
    input.id,
    input.url,
    input.storageKey,
    input.contentType,
    input.width,
    input.height,
    input.completedAt.toISOString(),
    given(input.details),
    input.details === undefined ? null : JSON.stringify(input.details),
    given(input.userStorageUrl),
    input.userStorageUrl ?? null,
    given(input.userStorageError),
    input.userStorageError ?? null,
  ]);
  return rows.length > 0;
}

/**
 * false when the render had already finished. A failure is never charged: the render's cost goes
 * back to its owner's month in the same transaction (once, as only the first failure updates the row).
 */
export async function failRender(db: Db, input: { id: string; error: RenderError; completedAt: Date }): Promise<boolean> {
  return db.orm.transaction(async (tx) => {
    const [failed] = await tx
      .update(renders)
      .set({ state: 'failed', error: input.error, completedAt: input.completedAt })
      .where(and(eq(renders.id, input.id), inArray(renders.state, UNFINISHED)))
      .returning(CHARGED);
    if (!failed) return false;
    await releaseCredits(tx, failed);
    return true;
  });
}

const CHARGED = { ownerId: renders.ownerId, cost: renders.cost, createdAt: renders.createdAt };

/** A render's cost back to its owner's month (the month its row was inserted in, as the reservation was). */
async function releaseCredits(tx: Tx, charged: { ownerId: string; cost: number; createdAt: Date }): Promise<void> {
  if (charged.cost <= 0) return;
  await tx
    .update(creditUsage)
    .set({ used: sql`GREATEST(0, ${creditUsage.used} - ${charged.cost})` })
    .where(and(eq(creditUsage.ownerId, charged.ownerId), eq(creditUsage.periodStart, monthWindow(charged.createdAt).start)));
}

/**
 * Take back a render whose command never reached the bus (docs/adr/0065): the row goes and its credits
 * come back, in one transaction, only while it is still queued (and, with `unpublishedBefore`, never
 * confirmed published and older than that). false: a worker claimed it (the command did go out),
 * it finished, or it is gone.
 */
export async function withdrawQueuedRender(db: Db, input: { id: string; unpublishedBefore?: Date }): Promise<boolean> {
  const filters: SQL[] = [eq(renders.id, input.id), eq(renders.state, 'queued')];
  if (input.unpublishedBefore) filters.push(isNull(renders.publishedAt), lt(renders.createdAt, input.unpublishedBefore));
  return db.orm.transaction(async (tx) => {
    const [withdrawn] = await tx
      .delete(renders)
      .where(and(...filters))
      .returning(CHARGED);
    if (!withdrawn) return false;
    await releaseCredits(tx, withdrawn);
    return true;
  });
}

/** The gateway's confirmation that the command is on the bus; false when the row is gone (withdrawn meanwhile). */
export async function markRenderPublished(db: Db, id: string): Promise<boolean> {
  const rows = await db.orm
    .update(renders)
    .set({ publishedAt: sql`coalesce(${renders.publishedAt}, now())` })
    .where(eq(renders.id, id))
    .returning({ id: renders.id });
  return rows.length > 0;
}

/** Queued renders whose publish nobody confirmed, inserted before `createdBefore`: their gateway stopped in between. */
export async function listUnpublishedRenders(db: Db, query: { createdBefore: Date; limit: number }): Promise<{ id: string }[]> {
  return db.orm
    .select({ id: renders.id })
    .from(renders)
    .where(and(eq(renders.state, 'queued'), isNull(renders.publishedAt), lt(renders.createdAt, query.createdBefore)))
    .orderBy(renders.createdAt)
    .limit(query.limit);
}

/**
 * The worker still holds the render: its lease runs `leaseMs` from now (the database's clock, as the
 * sweep reads it). false when the render is no longer rendering (finished, or failed by the sweep).
 */
export async function renewRenderLease(db: Db, input: { id: string; leaseMs: number }): Promise<boolean> {
  const rows = await db.orm
    .update(renders)
    .set({ leaseUntil: sql`now() + ${Math.max(0, Math.round(input.leaseMs))} * interval '1 millisecond'` })
    .where(and(eq(renders.id, input.id), eq(renders.state, 'rendering')))
    .returning({ id: renders.id });
  return rows.length > 0;
}

/**
 * Renders no delivery can finish any more (docs/adr/0064): claimed by their command's last delivery,
 * whose worker's lease ran out (by the database's clock), so that worker is gone and the bus has
 * dropped the command. Oldest lease first.
 */
export async function listAbandonedRenders(db: Db, query: { limit: number }): Promise<RenderRow[]> {
  return db.orm
    .select()
    .from(renders)
    .where(and(eq(renders.state, 'rendering'), gte(renders.attempts, renders.maxAttempts), lt(renders.leaseUntil, sql`now()`)))
    .orderBy(renders.leaseUntil)
    .limit(query.limit);
}

/**
 * Renders left `rendering` that `listAbandonedRenders` cannot see (docs/adr/0064, addendum): claimed by an
 * earlier delivery whose later ones could not record their claim (the database down at that moment), or by a
 * worker from before migration 0017 (no lease, no maximum). Silent since `silentSince`: no claim, lease or
 * renewal after it (their last sign of life is the lease, else the claim, else the insert). Never a `queued`
 * render, nor one `listAbandonedRenders` covers. Oldest first.
 */
export async function listStrandedRenders(db: Db, query: { silentSince: Date; limit: number }): Promise<RenderRow[]> {
  return db.orm
    .select()
    .from(renders)
    .where(
      and(
        eq(renders.state, 'rendering'),
        or(isNull(renders.maxAttempts), lt(renders.attempts, renders.maxAttempts)),
        sql`coalesce(${renders.leaseUntil}, ${renders.startedAt}, ${renders.createdAt}) < ${query.silentSince.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(renders.createdAt)
    .limit(query.limit);
}

/**
 * Queued renders whose command was on the bus before `publishedBefore` and that no delivery has claimed since: the
 * scheduler's last resort for a command whose deliveries all ended before one could record its claim, or that the bus
 * lost (docs/adr/0070). Oldest first.
 */
export async function listLongQueuedRenders(db: Db, query: { publishedBefore: Date; limit: number }): Promise<RenderRow[]> {
  return db.orm
    .select()
    .from(renders)
    .where(and(eq(renders.state, 'queued'), isNotNull(renders.publishedAt), lt(renders.publishedAt, query.publishedBefore)))
    .orderBy(renders.createdAt)
    .limit(query.limit);
}

/** Owner-scoped: another owner's render id behaves as not found. */
export async function getRender(db: Db, input: { ownerId: string; id: string }): Promise<RenderRow | null> {
  const [row] = await db.orm
    .select()
    .from(renders)
    .where(and(eq(renders.ownerId, input.ownerId), eq(renders.id, input.id)))
    .limit(1);
  return row ?? null;
}

/** Unscoped, for workers and internal lookups. */
export async function getRenderById(db: Db, id: string): Promise<RenderRow | null> {
  const [row] = await db.orm.select().from(renders).where(eq(renders.id, id)).limit(1);
  return row ?? null;
}

/** Newest first. `kind` undefined lists every kind. */
export async function listRenders(
  db: Db,
  query: { ownerId: string; kind?: string; offset: number; limit: number },
): Promise<{ rows: RenderRow[]; total: number }> {
  const filters: SQL[] = [eq(renders.ownerId, query.ownerId)];
  if (query.kind !== undefined) filters.push(eq(renders.kind, query.kind));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db.orm
      .select()
      .from(renders)
      .where(where)
      .orderBy(desc(renders.createdAt), desc(renders.id))
      .limit(Math.max(1, Math.floor(query.limit)))
      .offset(Math.max(0, Math.floor(query.offset))),
    db.orm.select({ total: count() }).from(renders).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * Finished renders of owners whose plan keeps files for `days`, older than that: the retention
 * sweep's next batch (oldest first). Unfinished renders are never swept.
 */
export async function listExpiredRenders(db: Db, query: { plans: string[]; before: Date; limit: number }): Promise<RenderRow[]> {
  if (query.plans.length === 0) return [];
  const owners = sql`(SELECT id FROM accounts WHERE team_id IS NULL AND plan IN (${sql.join(
    query.plans.map((p) => sql`${p}`),
    sql`, `,
  )}) UNION SELECT id FROM teams WHERE plan IN (${sql.join(
    query.plans.map((p) => sql`${p}`),
    sql`, `,
  )}))`;
  return db.orm
    .select()
    .from(renders)
    .where(and(inArray(renders.state, ['done', 'failed']), lt(renders.createdAt, query.before), sql`${renders.ownerId} IN ${owners}`))
    .orderBy(renders.createdAt)
    .limit(query.limit);
}
