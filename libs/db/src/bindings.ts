import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { sqlRows, type Db } from './open.js';
import { containsIgnoringCase } from './contains-text.js';
import {
  bindings,
  renders,
  type BindingOutputRecord,
  type BindingRefreshPolicyRecord,
  type BindingSourceRecord,
  type BindingStatusValue,
} from './schema.js';

export type { BindingOutputRecord, BindingRefreshPolicyRecord, BindingSourceRecord, BindingStatusValue };

export type BindingRow = typeof bindings.$inferSelect;
export type NewBinding = Pick<
  typeof bindings.$inferInsert,
  | 'uid'
  | 'ownerId'
  | 'accountId'
  | 'name'
  | 'templateId'
  | 'dataSource'
  | 'credentialsCiphertext'
  | 'mapping'
  | 'defaults'
  | 'refreshPolicy'
  | 'outputConfig'
  | 'triggerTokenCiphertext'
  | 'nextRefreshAt'
  | 'pendingTrigger'
>;

const owned = (ownerId: string, uid: string) => and(eq(bindings.ownerId, ownerId), eq(bindings.uid, uid));

export async function insertBinding(db: Db, input: NewBinding): Promise<BindingRow> {
  const [row] = await db.orm
    .insert(bindings)
    .values({ ...input, status: 'active' })
    .returning();
  return row!;
}

/** Owner-scoped: another owner's uid behaves as not found. */
export async function getBinding(db: Db, input: { ownerId: string; uid: string }): Promise<BindingRow | null> {
  const [row] = await db.orm.select().from(bindings).where(owned(input.ownerId, input.uid)).limit(1);
  return row ?? null;
}

/** Unscoped: the public render URL and trigger URL, and the scheduler. */
export async function getBindingByUid(db: Db, uid: string): Promise<BindingRow | null> {
  const [row] = await db.orm.select().from(bindings).where(eq(bindings.uid, uid)).limit(1);
  return row ?? null;
}

/** Newest first; `page` is 1-based; `total` counts every binding the filters keep, not only the page. */
export async function listBindings(
  db: Db,
  query: {
    ownerId: string;
    status?: string | undefined;
    templateId?: string | undefined;
    /** Only bindings whose name contains this text, in any case, `%`, `_` and `\` as themselves; blank or absent: all. */
    search?: string | undefined;
    page: number;
    limit: number;
  },
): Promise<{ rows: BindingRow[]; total: number }> {
  const filters: SQL[] = [eq(bindings.ownerId, query.ownerId)];
  if (query.status !== undefined) filters.push(eq(bindings.status, query.status as BindingStatusValue));
  if (query.templateId !== undefined) filters.push(eq(bindings.templateId, query.templateId));
  if (query.search) filters.push(containsIgnoringCase(bindings.name, query.search));
  const where = and(...filters);
  const [rows, [counted]] = await Promise.all([
    db.orm
      .select()
      .from(bindings)
      .where(where)
      .orderBy(desc(bindings.createdAt), desc(bindings.uid))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.orm.select({ total: count() }).from(bindings).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export type BindingPatch = Partial<
  Pick<
    typeof bindings.$inferInsert,
    | 'name'
    | 'templateId'
    | 'dataSource'
    | 'credentialsCiphertext'
    | 'mapping'
    | 'defaults'
    | 'refreshPolicy'
    | 'outputConfig'
    | 'status'
    | 'nextRefreshAt'
    | 'pendingTrigger'
    | 'sourceEtag'
    | 'variablesHash'
    | 'consecutiveFailures'
  >
>;

export async function updateBinding(db: Db, input: { ownerId: string; uid: string; patch: BindingPatch }): Promise<BindingRow | null> {
  const [row] = await db.orm
    .update(bindings)
    .set({ ...input.patch, updatedAt: new Date() })
    .where(owned(input.ownerId, input.uid))
    .returning();
  return row ?? null;
}

export async function deleteBinding(db: Db, input: { ownerId: string; uid: string }): Promise<boolean> {
  const rows = await db.orm.delete(bindings).where(owned(input.ownerId, input.uid)).returning({ uid: bindings.uid });
  return rows.length > 0;
}

/**
 * Make a binding due now (manual refresh, trigger URL). Paused bindings are
 * left alone (null). `force` forgets the source ETag and the variables hash so
 * the refresh renders even when nothing changed.
 */
export async function requestBindingRefresh(
  db: Db,
  input: { uid: string; at: Date; trigger: string; force?: boolean },
): Promise<BindingRow | null> {
  const [row] = await db.orm
    .update(bindings)
    .set({
      nextRefreshAt: input.at,
      pendingTrigger: input.trigger,
      ...(input.force ? { sourceEtag: null, variablesHash: null } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(bindings.uid, input.uid), sql`${bindings.status} <> 'paused'`))
    .returning();
  return row ?? null;
}

/** A claim: the binding, and the lease that proves the claim is still ours when we write the outcome. */
export interface ClaimedBinding {
  binding: BindingRow;
  lease: Date;
}

/**
 * Take up to `limit` due bindings (next_refresh_at passed, not paused, no live
 * lease) for one refresh each. The row lock (SKIP LOCKED) plus the guarded
 * UPDATE make two schedulers never claim the same refresh; a scheduler that
 * dies mid-refresh leaves a lease that lapses, and the next sweep retries.
 */
export async function claimDueBindings(db: Db, input: { now: Date; limit: number; leaseMs: number }): Promise<ClaimedBinding[]> {
  const now = input.now.toISOString();
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const due = (alias: string) =>
    sql.raw(
      `${alias}.status <> 'paused' AND ${alias}.next_refresh_at IS NOT NULL AND (${alias}.lease_until IS NULL OR ${alias}.lease_until < `,
    );
  const claimed = await sqlRows<{ uid: string }>(
    db,
    sql`UPDATE bindings AS b
        SET lease_until = ${leaseUntil.toISOString()}::timestamptz
        WHERE b.uid IN (
          SELECT c.uid FROM bindings c
          WHERE ${due('c')}${now}::timestamptz) AND c.next_refresh_at <= ${now}::timestamptz
          ORDER BY c.next_refresh_at
          LIMIT ${input.limit}
          FOR UPDATE OF c SKIP LOCKED
        ) AND ${due('b')}${now}::timestamptz) AND b.next_refresh_at <= ${now}::timestamptz
        RETURNING b.uid`,
  );
  if (claimed.length === 0) return [];
  const rows = await db.orm
    .select()
    .from(bindings)
    .where(
      inArray(
        bindings.uid,
        claimed.map((c) => c.uid),
      ),
    );
  return rows.map((binding) => ({ binding, lease: binding.leaseUntil ?? leaseUntil }));
}

export type BindingRefreshOutcome = Partial<
  Pick<
    typeof bindings.$inferInsert,
    | 'status'
    | 'nextRefreshAt'
    | 'pendingRenderId'
    | 'pendingTrigger'
    | 'sourceEtag'
    | 'variablesHash'
    | 'consecutiveFailures'
    | 'lastError'
    | 'lastErrorCode'
    | 'lastErrorAt'
    | 'lastRefreshAt'
    | 'lastSuccessAt'
  >
>;

/**
 * Write what a claimed refresh did and release the lease, only while the
 * claim is still ours (a lapsed lease another scheduler took over wins).
 * A paused binding stays paused whatever the outcome says.
 *
 * `dueAt` is the due time the claim saw. A change or a manual refresh made
 * while the refresh ran sets a new due time (PUT, POST …/refresh): then that
 * request's due time, trigger and forgotten ETag and hash stay, so the binding
 * refreshes again at once with what it now says, instead of the finished
 * refresh (of the old settings) pushing it to the next scheduled time.
 */
export async function finishBindingRefresh(
  db: Db,
  input: { uid: string; lease: Date; dueAt: Date; outcome: BindingRefreshOutcome },
): Promise<BindingRow | null> {
  const { status, nextRefreshAt, pendingTrigger, sourceEtag, variablesHash, ...rest } = input.outcome;
  // Someone asked for a refresh while this one ran: the row's due time is no longer the one claimed.
  const asked = sql`(${bindings.nextRefreshAt} IS NOT NULL AND ${bindings.nextRefreshAt} <> ${input.dueAt.toISOString()}::timestamptz)`;
  const param = (value: Date | string | null) => (value instanceof Date ? sql`${value.toISOString()}::timestamptz` : sql`${value}`);
  const unlessAsked = (value: Date | string | null, whenAsked: SQL) => sql`CASE WHEN ${asked} THEN ${whenAsked} ELSE ${param(value)} END`;
  const [row] = await db.orm
    .update(bindings)
    .set({
      ...rest,
      ...(status ? { status: sql`CASE WHEN ${bindings.status} = 'paused' THEN 'paused' ELSE ${status} END` } : {}),
      ...(nextRefreshAt !== undefined ? { nextRefreshAt: unlessAsked(nextRefreshAt, sql`${bindings.nextRefreshAt}`) } : {}),
      ...(pendingTrigger !== undefined ? { pendingTrigger: unlessAsked(pendingTrigger, sql`${bindings.pendingTrigger}`) } : {}),
      ...(sourceEtag !== undefined ? { sourceEtag: unlessAsked(sourceEtag, sql`NULL`) } : {}),
      ...(variablesHash !== undefined ? { variablesHash: unlessAsked(variablesHash, sql`NULL`) } : {}),
      leaseUntil: null,
      updatedAt: new Date(),
    })
    .where(and(eq(bindings.uid, input.uid), eq(bindings.leaseUntil, input.lease)))
    .returning();
  return row ?? null;
}

/** A binding's render finished: it becomes what the render URL serves (once; a repeated event finds nothing pending). */
export async function settleBindingRender(
  db: Db,
  input: { renderId: string; at: Date } & (
    { ok: true; storageKey: string; contentType: string; imageUrl: string } | { ok: false; error: string; errorCode: string }
  ),
): Promise<{ binding: BindingRow; trigger: string } | null> {
  const [pending] = await db.orm
    .select({ trigger: bindings.pendingTrigger })
    .from(bindings)
    .where(eq(bindings.pendingRenderId, input.renderId))
    .limit(1);
  if (!pending) return null;
  const values: Partial<typeof bindings.$inferInsert> = input.ok
    ? {
        currentRenderId: input.renderId,
        currentStorageKey: input.storageKey,
        currentContentType: input.contentType,
        currentImageUrl: input.imageUrl,
        lastSuccessAt: input.at,
        consecutiveFailures: 0,
        lastError: null,
        lastErrorCode: null,
        lastErrorAt: null,
      }
    : {
        consecutiveFailures: sql`${bindings.consecutiveFailures} + 1` as unknown as number,
        lastError: input.error,
        lastErrorCode: input.errorCode,
        lastErrorAt: input.at,
        // Forget the hash so the next refresh tries again even with unchanged data.
        variablesHash: null,
        sourceEtag: null,
      };
  const [row] = await db.orm
    .update(bindings)
    .set({
      ...values,
      pendingRenderId: null,
      pendingTrigger: null,
      status: sql`CASE WHEN ${bindings.status} = 'paused' THEN 'paused' ELSE ${input.ok ? 'active' : 'error'} END`,
      updatedAt: new Date(),
    })
    .where(eq(bindings.pendingRenderId, input.renderId))
    .returning();
  return row ? { binding: row, trigger: pending.trigger ?? 'schedule' } : null;
}

/** How many renders binding refreshes of this template made (tests, diagnostics). */
export async function countBindingRenders(db: Db, templateId: string): Promise<number> {
  const [row] = await db.orm
    .select({ n: count() })
    .from(renders)
    .where(and(eq(renders.origin, 'binding'), eq(renders.templateId, templateId)));
  return row?.n ?? 0;
}

/** A binding whose pending render finished but was never settled (its event was lost). */
export interface UnsettledBindingRender {
  renderId: string;
  state: 'done' | 'failed';
  url: string | null;
  error: { slug: string; detail: string } | null;
}

/**
 * Pending binding renders that finished more than `finishedBefore` ago yet
 * still pend: the sweep settles them, so a lost render event cannot leave a
 * binding waiting forever.
 */
export async function unsettledBindingRenders(db: Db, input: { finishedBefore: Date; limit: number }): Promise<UnsettledBindingRender[]> {
  const rows = await db.orm
    .select({ renderId: renders.id, state: renders.state, url: renders.url, error: renders.error })
    .from(bindings)
    .innerJoin(renders, eq(renders.id, bindings.pendingRenderId))
    .where(
      and(inArray(renders.state, ['done', 'failed']), sql`${renders.completedAt} < ${input.finishedBefore.toISOString()}::timestamptz`),
    )
    .limit(input.limit);
  return rows.map((r) => ({
    renderId: r.renderId,
    state: r.state as 'done' | 'failed',
    url: r.url,
    error: r.error ? { slug: r.error.slug, detail: r.error.detail } : null,
  }));
}
