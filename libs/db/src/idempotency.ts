import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './open.js';
import { idempotencyKeys } from './schema.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** Base64 of the response bytes. */
  body: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'mismatch' }
  | { kind: 'in-progress' }
  /** No record (released after a 5xx): the caller may claim it. */
  | { kind: 'absent' }
  | { kind: 'completed'; response: StoredResponse };

/**
 * Claim (owner, key) for a request with this hash: INSERT … ON CONFLICT DO NOTHING, so
 * exactly one replica wins. A row older than the TTL is deleted first (lazy purge).
 */
export async function claimIdempotencyKey(
  db: Db,
  input: { ownerId: string; key: string; requestHash: string; now?: Date },
): Promise<IdempotencyClaim> {
  const now = input.now ?? new Date();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  await db.orm
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.ownerId, input.ownerId), eq(idempotencyKeys.key, input.key), lt(idempotencyKeys.createdAt, expiredBefore)),
    );
  const inserted = await db.orm
    .insert(idempotencyKeys)
    .values({ ownerId: input.ownerId, key: input.key, requestHash: input.requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'claimed' };
  const state = await readIdempotencyKey(db, input);
  // Released between our INSERT and SELECT: report it as running; the caller polls and claims again.
  return state.kind === 'absent' ? { kind: 'in-progress' } : state;
}

/** The state of an existing record as seen by a request with `requestHash`. */
export async function readIdempotencyKey(db: Db, input: { ownerId: string; key: string; requestHash: string }): Promise<IdempotencyClaim> {
  const [row] = await db.orm
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.ownerId, input.ownerId), eq(idempotencyKeys.key, input.key)))
    .limit(1);
  if (!row) return { kind: 'absent' };
  if (row.requestHash !== input.requestHash) return { kind: 'mismatch' };
  if (row.status === null || row.body === null) return { kind: 'in-progress' };
  return { kind: 'completed', response: { status: row.status, headers: row.headers ?? {}, body: row.body } };
}

export async function completeIdempotencyKey(db: Db, input: { ownerId: string; key: string; response: StoredResponse }): Promise<void> {
  await db.orm
    .update(idempotencyKeys)
    .set({ status: input.response.status, headers: input.response.headers, body: input.response.body, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.ownerId, input.ownerId), eq(idempotencyKeys.key, input.key)));
}

/** Forget a claim (5xx answers, crashes) so the client can retry with the same key. */
export async function releaseIdempotencyKey(db: Db, input: { ownerId: string; key: string }): Promise<void> {
  await db.orm.delete(idempotencyKeys).where(and(eq(idempotencyKeys.ownerId, input.ownerId), eq(idempotencyKeys.key, input.key)));
}

/** Delete records past the TTL (claims delete their own expired row lazily; this bounds the table). */
export async function purgeExpiredIdempotencyKeys(db: Db, input: { now: Date }): Promise<number> {
  const deleted = await db.orm
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(input.now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
