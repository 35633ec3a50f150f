import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from './open.js';
import { idempotencyKeys, renders, type RenderState } from './schema.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim stays "in progress" without a renewal: a gateway that died loses its claims this long after. */
export const IDEMPOTENCY_LEASE_MS = 15_000;
/** How often a live holder renews its lease (a third of the lease: two renewals may be late). */
export const IDEMPOTENCY_RENEW_MS = 5_000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** Base64 of the response bytes. */
  body: string;
}

/** The claim a request holds: its token, and the render an earlier (dead) holder started, if any. */
export interface IdempotencyHold {
  ownerId: string;
  key: string;
  holder: string;
  /** Set when the claim was taken over from a holder that died after starting this render. */
  renderId: string | null;
}

export type IdempotencyClaim =
  | { kind: 'claimed'; hold: IdempotencyHold }
  | { kind: 'mismatch' }
  /** A live holder is running the request. */
  | { kind: 'in-progress' }
  /** The holder died (lease past) while the render it started still runs: wait for the render. */
  | { kind: 'render-running'; renderId: string }
  /** The holder died and no render of it is running: the caller may take the claim over. */
  | { kind: 'orphaned' }
  /** No record (released after a 5xx): the caller may claim it. */
  | { kind: 'absent' }
  | { kind: 'completed'; response: StoredResponse };

interface ClaimInput {
  ownerId: string;
  key: string;
  requestHash: string;
  now?: Date;
  leaseMs?: number;
}

const RUNNING_RENDER_STATES: RenderState[] = ['queued', 'rendering'];

const keyIs = (input: { ownerId: string; key: string }) =>
  and(eq(idempotencyKeys.ownerId, input.ownerId), eq(idempotencyKeys.key, input.key));

/**
 * Claim (owner, key) for a request with this hash: INSERT … ON CONFLICT DO NOTHING, so
 * exactly one replica wins; or take over a claim whose holder's lease ran out and whose
 * render (if it started one) is no longer running. A row older than the TTL is deleted
 * first (lazy purge).
 */
export async function claimIdempotencyKey(db: Db, input: ClaimInput): Promise<IdempotencyClaim> {
  const now = input.now ?? new Date();
  const leaseExpiresAt = new Date(now.getTime() + (input.leaseMs ?? IDEMPOTENCY_LEASE_MS));
  const holder = randomUUID();
  await db.orm
    .delete(idempotencyKeys)
    .where(and(keyIs(input), lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
  const inserted = await db.orm
    .insert(idempotencyKeys)
    .values({ ownerId: input.ownerId, key: input.key, requestHash: input.requestHash, createdAt: now, holder, leaseExpiresAt })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed', hold: { ownerId: input.ownerId, key: input.key, holder, renderId: null } };
  const [takenOver] = await db.orm
    .update(idempotencyKeys)
    .set({ holder, leaseExpiresAt })
    .where(and(keyIs(input), eq(idempotencyKeys.requestHash, input.requestHash), orphanedAt(now)))
    .returning({ renderId: idempotencyKeys.renderId });
  if (takenOver) return { kind: 'claimed', hold: { ownerId: input.ownerId, key: input.key, holder, renderId: takenOver.renderId } };
  const state = await readIdempotencyKey(db, { ...input, now });
  // Released between our INSERT and SELECT, or taken over by another retry: report it as running; the caller polls.
  return state.kind === 'absent' || state.kind === 'orphaned' ? { kind: 'in-progress' } : state;
}

/** Still open, its lease past, and no render of it running. */
function orphanedAt(now: Date) {
  const renderRunning = sql`(select 1 from ${renders} where ${renders.id} = ${idempotencyKeys.renderId} and ${inArray(renders.state, RUNNING_RENDER_STATES)})`;
  return and(
    isNull(idempotencyKeys.status),
    or(isNull(idempotencyKeys.leaseExpiresAt), lte(idempotencyKeys.leaseExpiresAt, now)),
    or(isNull(idempotencyKeys.renderId), notExists(renderRunning)),
  );
}

/** The state of an existing record as seen by a request with `requestHash`. */
export async function readIdempotencyKey(
  db: Db,
  input: { ownerId: string; key: string; requestHash: string; now?: Date },
): Promise<IdempotencyClaim> {
  const now = input.now ?? new Date();
  const [row] = await db.orm
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      headers: idempotencyKeys.headers,
      body: idempotencyKeys.body,
      leaseExpiresAt: idempotencyKeys.leaseExpiresAt,
      renderId: idempotencyKeys.renderId,
      renderState: renders.state,
    })
    .from(idempotencyKeys)
    .leftJoin(renders, eq(renders.id, idempotencyKeys.renderId))
    .where(keyIs(input))
    .limit(1);
  if (!row) return { kind: 'absent' };
  if (row.requestHash !== input.requestHash) return { kind: 'mismatch' };
  if (row.status !== null && row.body !== null) {
    return { kind: 'completed', response: { status: row.status, headers: row.headers ?? {}, body: row.body } };
  }
  if (row.leaseExpiresAt !== null && row.leaseExpiresAt > now) return { kind: 'in-progress' };
  if (row.renderId !== null && row.renderState !== null && RUNNING_RENDER_STATES.includes(row.renderState)) {
    return { kind: 'render-running', renderId: row.renderId };
  }
  return { kind: 'orphaned' };
}

/** Push the lease forward; false when the claim is no longer this holder's (taken over, released or completed). */
export async function renewIdempotencyLease(
  db: Db,
  hold: IdempotencyHold,
  options: { now?: Date; leaseMs?: number } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const renewed = await db.orm
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: new Date(now.getTime() + (options.leaseMs ?? IDEMPOTENCY_LEASE_MS)) })
    .where(and(keyIs(hold), eq(idempotencyKeys.holder, hold.holder), isNull(idempotencyKeys.status)))
    .returning({ key: idempotencyKeys.key });
  return renewed.length > 0;
}

/** Record the render this request is about to start (before its row exists); false when the claim was lost. */
export async function linkIdempotencyRender(db: Db, hold: IdempotencyHold, renderId: string): Promise<boolean> {
  const linked = await db.orm
    .update(idempotencyKeys)
    .set({ renderId })
    .where(and(keyIs(hold), eq(idempotencyKeys.holder, hold.holder), isNull(idempotencyKeys.status)))
    .returning({ key: idempotencyKeys.key });
  return linked.length > 0;
}

export async function completeIdempotencyKey(db: Db, hold: IdempotencyHold, response: StoredResponse): Promise<void> {
  await db.orm
    .update(idempotencyKeys)
    .set({ status: response.status, headers: response.headers, body: response.body, completedAt: sql`now()`, leaseExpiresAt: null })
    .where(and(keyIs(hold), eq(idempotencyKeys.holder, hold.holder)));
}

/** Forget a claim (5xx answers) so the client can retry with the same key and run the request again. */
export async function releaseIdempotencyKey(db: Db, hold: IdempotencyHold): Promise<void> {
  await db.orm.delete(idempotencyKeys).where(and(keyIs(hold), eq(idempotencyKeys.holder, hold.holder)));
}

/**
 * Give the claim up without forgetting its render (the client hung up): a retry takes it over
 * at once and answers from that render instead of starting another.
 */
export async function abandonIdempotencyKey(db: Db, hold: IdempotencyHold, options: { now?: Date } = {}): Promise<void> {
  await db.orm
    .update(idempotencyKeys)
    .set({ leaseExpiresAt: options.now ?? new Date() })
    .where(and(keyIs(hold), eq(idempotencyKeys.holder, hold.holder), isNull(idempotencyKeys.status)));
}

/** Delete records past the TTL (claims delete their own expired row lazily; this bounds the table). */
export async function purgeExpiredIdempotencyKeys(db: Db, input: { now: Date }): Promise<number> {
  const deleted = await db.orm
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(input.now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
