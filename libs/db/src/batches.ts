import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { sqlRows, type Db } from './open.js';
import { ownedTemplate } from './owned-template.js';
import { batchItems, batches, templates, type BatchItemState, type BatchJobStatus } from './schema.js';

export type { BatchItemState, BatchJobStatus };

export type BatchRow = typeof batches.$inferSelect;
export type BatchItemRow = typeof batchItems.$inferSelect;

export const ACTIVE_BATCH_STATUSES: BatchJobStatus[] = ['pending', 'processing'];
export const FINAL_BATCH_STATUSES: BatchJobStatus[] = ['completed', 'partial', 'failed', 'cancelled'];

/** The owner already runs as many batches as allowed; nothing was created. */
export class ConcurrentBatchLimitError extends Error {
  constructor(
    readonly active: number,
    readonly limit: number,
  ) {
    super(`${active} batches are running; the limit is ${limit}`);
    this.name = 'ConcurrentBatchLimitError';
  }
}

export interface NewBatch {
  id: string;
  ownerId: string;
  accountId: string;
  templateId: string;
  format: string;
  quality: number;
  concurrency: number;
  layouts: string[] | null;
  csvUrl: string | null;
  webhookUrl: string | null;
  webhookSecretCiphertext: string | null;
}

export interface NewBatchItem {
  rowIndex: number;
  layout: string | null;
  variables: Record<string, unknown>;
}

const INSERT_CHUNK = 500;

/**
 * Create a batch and all its items in one transaction, after checking (under
 * a per-owner lock, so two requests cannot both slip under it) how many
 * batches the owner runs. `maxActive` null: unlimited.
 */
export async function createBatch(db: Db, input: { batch: NewBatch; items: NewBatchItem[]; maxActive: number | null }): Promise<BatchRow> {
  return db.orm.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`batches:${input.batch.ownerId}`}))`);
    if (input.maxActive !== null) {
      const [active] = await tx
        .select({ n: count() })
        .from(batches)
        .where(and(eq(batches.ownerId, input.batch.ownerId), inArray(batches.status, ACTIVE_BATCH_STATUSES)));
      const n = active?.n ?? 0;
      if (n >= input.maxActive) throw new ConcurrentBatchLimitError(n, input.maxActive);
    }
    const [row] = await tx
      .insert(batches)
      .values({ ...input.batch, status: 'pending', totalItems: input.items.length })
      .returning();
    for (let start = 0; start < input.items.length; start += INSERT_CHUNK) {
      await tx.insert(batchItems).values(
        input.items.slice(start, start + INSERT_CHUNK).map((item, i) => ({
          batchId: input.batch.id,
          seq: start + i,
          rowIndex: item.rowIndex,
          layout: item.layout,
          variables: item.variables,
          state: 'pending' as const,
        })),
      );
    }
    return row!;
  });
}

/** Owner-scoped: another owner's batch behaves as not found. */
export async function getBatch(db: Db, input: { ownerId: string; id: string }): Promise<BatchRow | null> {
  const [row] = await db.orm
    .select()
    .from(batches)
    .where(and(eq(batches.ownerId, input.ownerId), eq(batches.id, input.id)))
    .limit(1);
  return row ?? null;
}

/** A batch as its answers show it: the row and its template's name (null: the template was deleted since). */
export type NamedBatchRow = BatchRow & { templateName: string | null };

/**
 * Batches with the name of the template they render, by a LEFT JOIN on the owner's templates by uid (`templateId`
 * keeps the uid), so a list names its batches without reading every template. The owner condition means another
 * owner's template is never named, whatever its uid.
 */
function selectWithTemplateName(db: Db) {
  return db.orm
    .select({ batch: batches, templateName: templates.name })
    .from(batches)
    .leftJoin(templates, ownedTemplate({ ownerId: batches.ownerId, uid: batches.templateId }));
}

const named = (joined: { batch: BatchRow; templateName: string | null }): NamedBatchRow => ({
  ...joined.batch,
  templateName: joined.templateName ?? null,
});

/** GET /templates/batch/{id}/results: the owner's batch with its template's name, or null (another owner's is not found). */
export async function getNamedBatch(db: Db, input: { ownerId: string; id: string }): Promise<NamedBatchRow | null> {
  const [joined] = await selectWithTemplateName(db)
    .where(and(eq(batches.ownerId, input.ownerId), eq(batches.id, input.id)))
    .limit(1);
  return joined ? named(joined) : null;
}

/** An owner's latest batches, newest first, each with its template's name (the dashboard's batch list). */
export async function listRecentBatches(db: Db, input: { ownerId: string; limit: number }): Promise<NamedBatchRow[]> {
  return (
    await selectWithTemplateName(db)
      .where(eq(batches.ownerId, input.ownerId))
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(input.limit)
  ).map(named);
}

export async function getBatchById(db: Db, id: string): Promise<BatchRow | null> {
  const [row] = await db.orm.select().from(batches).where(eq(batches.id, id)).limit(1);
  return row ?? null;
}

export type BatchItemCounts = Record<BatchItemState, number>;

export async function countBatchItems(db: Db, batchId: string): Promise<BatchItemCounts> {
  const rows = await db.orm
    .select({ state: batchItems.state, n: count() })
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId))
    .groupBy(batchItems.state);
  const counts: BatchItemCounts = { pending: 0, rendering: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const row of rows) counts[row.state] = row.n;
  return counts;
}

/** Every item of a batch in row order (then layout order). */
export async function listBatchItems(db: Db, batchId: string, options: { states?: BatchItemState[] } = {}): Promise<BatchItemRow[]> {
  const where = options.states
    ? and(eq(batchItems.batchId, batchId), inArray(batchItems.state, options.states))
    : eq(batchItems.batchId, batchId);
  return db.orm.select().from(batchItems).where(where).orderBy(asc(batchItems.rowIndex), asc(batchItems.seq));
}

/** The batch row a render was made for, as batch_items keeps it. */
export interface BatchRowOfRender {
  batchId: string;
  rowIndex: number;
  layout: string | null;
}

/** The batch row a render was made for (its batch, row and layout), or null for a render no batch made. */
export async function batchItemOfRender(db: Db, renderId: string): Promise<BatchRowOfRender | null> {
  const [row] = await db.orm
    .select({ batchId: batchItems.batchId, rowIndex: batchItems.rowIndex, layout: batchItems.layout })
    .from(batchItems)
    .where(eq(batchItems.renderId, renderId))
    .limit(1);
  return row ?? null;
}

/**
 * Cancel a batch that has not finished: it becomes `cancelled` and its items
 * that have not started never will. Items already rendering finish.
 * `final`: the batch had already finished (nothing changed).
 */
export async function cancelBatch(
  db: Db,
  input: { ownerId: string; id: string; at: Date },
): Promise<{ outcome: 'cancelled' | 'final'; batch: BatchRow } | null> {
  return db.orm.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.ownerId, input.ownerId), eq(batches.id, input.id)))
      .for('update');
    if (!batch) return null;
    if (!ACTIVE_BATCH_STATUSES.includes(batch.status)) return { outcome: 'final' as const, batch };
    await tx
      .update(batchItems)
      .set({ state: 'cancelled', completedAt: input.at })
      .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.state, 'pending')));
    const [updated] = await tx
      .update(batches)
      .set({ status: 'cancelled', completedAt: input.at })
      .where(eq(batches.id, batch.id))
      .returning();
    return { outcome: 'cancelled' as const, batch: updated! };
  });
}

/** Batches that may have items to start (the scheduler's poll). */
export async function listActiveBatchIds(db: Db, input: { limit: number }): Promise<string[]> {
  const rows = await db.orm
    .select({ id: batches.id })
    .from(batches)
    .where(inArray(batches.status, ACTIVE_BATCH_STATUSES))
    .orderBy(asc(batches.createdAt))
    .limit(input.limit);
  return rows.map((r) => r.id);
}

export interface StartedBatchItem {
  seq: number;
  rowIndex: number;
  layout: string | null;
  variables: Record<string, unknown>;
  renderId: string;
}

/**
 * Start as many items as the batch's concurrency leaves room for: under the
 * batch's row lock, count items `rendering`, pick that many `pending` items
 * in order and mark them `rendering` with a new render id. Two schedulers
 * pumping one batch serialize on the lock, so the cap holds across processes.
 * Null when the batch is gone or finished.
 */
export async function startNextBatchItems(
  db: Db,
  input: { batchId: string; at: Date; newRenderId: () => string },
): Promise<{ batch: BatchRow; items: StartedBatchItem[] } | null> {
  return db.orm.transaction(async (tx) => {
    const [batch] = await tx.select().from(batches).where(eq(batches.id, input.batchId)).for('update');
    if (!batch || !ACTIVE_BATCH_STATUSES.includes(batch.status)) return null;
    const [inFlight] = await tx
      .select({ n: count() })
      .from(batchItems)
      .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.state, 'rendering')));
    const slots = batch.concurrency - (inFlight?.n ?? 0);
    const next =
      slots <= 0
        ? []
        : await tx
            .select({ seq: batchItems.seq, rowIndex: batchItems.rowIndex, layout: batchItems.layout, variables: batchItems.variables })
            .from(batchItems)
            .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.state, 'pending')))
            .orderBy(asc(batchItems.seq))
            .limit(slots);
    const items: StartedBatchItem[] = [];
    for (const item of next) {
      const renderId = input.newRenderId();
      await tx
        .update(batchItems)
        .set({ state: 'rendering', renderId, startedAt: input.at })
        .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.seq, item.seq)));
      items.push({ ...item, renderId });
    }
    let current: BatchRow = batch;
    if (batch.status === 'pending') {
      const [updated] = await tx
        .update(batches)
        .set({ status: 'processing', startedAt: batch.startedAt ?? input.at })
        .where(eq(batches.id, batch.id))
        .returning();
      current = updated ?? batch;
    }
    return { batch: current, items };
  });
}

/** The item's render.image command went out (a crash before this is repaired by republishing). */
export async function markBatchItemPublished(db: Db, input: { renderId: string; at: Date }): Promise<void> {
  await db.orm.update(batchItems).set({ publishedAt: input.at }).where(eq(batchItems.renderId, input.renderId));
}

export type BatchItemOutcome = { ok: true; url: string; width: number; height: number } | { ok: false; error: string; errorCode: string };

/**
 * Finish the item rendering `renderId`. Guarded (`state = 'rendering'`): a
 * repeated event changes nothing and returns null. Returns the batch id.
 */
export async function settleBatchItem(db: Db, input: { renderId: string; outcome: BatchItemOutcome; at: Date }): Promise<string | null> {
  const values = input.outcome.ok
    ? {
        state: 'completed' as const,
        url: input.outcome.url,
        width: input.outcome.width,
        height: input.outcome.height,
        error: null,
        errorCode: null,
      }
    : { state: 'failed' as const, error: input.outcome.error, errorCode: input.outcome.errorCode };
  const rows = await db.orm
    .update(batchItems)
    .set({ ...values, completedAt: input.at })
    .where(and(eq(batchItems.renderId, input.renderId), eq(batchItems.state, 'rendering')))
    .returning({ batchId: batchItems.batchId });
  return rows[0]?.batchId ?? null;
}

/**
 * When a processing batch has no item left to start or finish, give it its
 * final status: completed (no failures), failed (no successes) or partial.
 * Returns the finished batch, or null when it is not done (or not processing).
 */
export async function finishBatchIfDone(db: Db, input: { batchId: string; at: Date }): Promise<BatchRow | null> {
  return db.orm.transaction(async (tx) => {
    const [batch] = await tx.select().from(batches).where(eq(batches.id, input.batchId)).for('update');
    if (!batch || batch.status !== 'processing') return null;
    const rows = await tx
      .select({ state: batchItems.state, n: count() })
      .from(batchItems)
      .where(eq(batchItems.batchId, batch.id))
      .groupBy(batchItems.state);
    const n = (state: BatchItemState) => rows.find((r) => r.state === state)?.n ?? 0;
    if (n('pending') + n('rendering') > 0) return null;
    const status: BatchJobStatus = n('failed') === 0 ? 'completed' : n('completed') === 0 ? 'failed' : 'partial';
    const [updated] = await tx.update(batches).set({ status, completedAt: input.at }).where(eq(batches.id, batch.id)).returning();
    return updated!;
  });
}

/** Finished batches whose `batch.completed` has not gone out yet. */
export async function listUnannouncedBatches(db: Db, input: { limit: number }): Promise<BatchRow[]> {
  return db.orm
    .select()
    .from(batches)
    .where(and(inArray(batches.status, FINAL_BATCH_STATUSES), isNull(batches.announcedAt)))
    .orderBy(asc(batches.completedAt))
    .limit(input.limit);
}

export async function markBatchAnnounced(db: Db, input: { id: string; at: Date }): Promise<void> {
  await db.orm.update(batches).set({ announcedAt: input.at }).where(eq(batches.id, input.id));
}

/** Items started (render id assigned) whose command may never have been published: the starter died in between. */
export async function listUnpublishedBatchItems(
  db: Db,
  input: { startedBefore: Date; limit: number },
): Promise<Array<StartedBatchItem & { batchId: string }>> {
  const rows = await db.orm
    .select({
      batchId: batchItems.batchId,
      seq: batchItems.seq,
      rowIndex: batchItems.rowIndex,
      layout: batchItems.layout,
      variables: batchItems.variables,
      renderId: batchItems.renderId,
    })
    .from(batchItems)
    .where(and(eq(batchItems.state, 'rendering'), isNull(batchItems.publishedAt), lt(batchItems.startedAt, input.startedBefore)))
    .limit(input.limit);
  return rows.map((r) => ({ ...r, renderId: r.renderId! }));
}

/**
 * Items still `rendering` whose render has finished: the event that should
 * have settled them was missed (e.g. emitted while no scheduler ran).
 */
export async function listItemsWithFinishedRenders(
  db: Db,
  input: { finishedBefore: Date; limit: number },
): Promise<
  Array<{
    renderId: string;
    state: 'done' | 'failed';
    url: string | null;
    width: number;
    height: number;
    error: { slug: string; detail: string } | null;
  }>
> {
  const rows = await sqlRows<{
    render_id: string;
    state: 'done' | 'failed';
    url: string | null;
    width: number;
    height: number;
    error: { slug: string; detail: string } | null;
  }>(
    db,
    sql`SELECT i.render_id, r.state, r.url, r.width, r.height, r.error
        FROM batch_items i JOIN renders r ON r.id = i.render_id
        WHERE i.state = 'rendering' AND r.state IN ('done', 'failed') AND r.completed_at < ${input.finishedBefore.toISOString()}::timestamptz
        LIMIT ${input.limit}`,
  );
  return rows.map((r) => ({
    renderId: r.render_id,
    state: r.state,
    url: r.url,
    width: Number(r.width),
    height: Number(r.height),
    error: r.error,
  }));
}

/** Delete batches (and their items) that finished before `completedBefore`. Returns how many. */
export async function purgeExpiredBatches(db: Db, input: { completedBefore: Date }): Promise<number> {
  const rows = await db.orm
    .delete(batches)
    .where(and(inArray(batches.status, FINAL_BATCH_STATUSES), lt(batches.completedAt, input.completedBefore)))
    .returning({ id: batches.id });
  return rows.length;
}

/** How many batches an owner has (any status); diagnostics and tests. */
export async function countBatches(db: Db, input: { ownerId: string }): Promise<number> {
  const [row] = await db.orm.select({ n: count() }).from(batches).where(eq(batches.ownerId, input.ownerId));
  return row?.n ?? 0;
}
