import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { toAccount, type Account } from './accounts.js';
import { apiKeyDisplayParts, generateApiKey, hashApiKey, isLegacyApiKey, isWellFormedApiKey, maskApiKey } from './api-key-format.js';
import { DuplicateError, FOREIGN_KEY_VIOLATION, NotFoundError, sqlState, UNIQUE_VIOLATION } from './errors.js';
import type { Db, Orm } from './open.js';
import { accounts, apiKeys } from './schema.js';

export interface ApiKeyView {
  id: string;
  accountId: string;
  /** e.g. `prs_live_ab12…9f3c` */
  masked: string;
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface IssuedApiKey {
  /** The only time the full key exists outside the client: show it once. */
  key: string;
  record: ApiKeyView;
}

type ApiKeyRecord = typeof apiKeys.$inferSelect;
type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

/** A stored key as callers see it (masked); workspace-keys.ts shares it. */
export function toView(row: ApiKeyRecord): ApiKeyView {
  return {
    id: row.id,
    accountId: row.accountId,
    masked: maskApiKey(row),
    label: row.label,
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
  };
}

async function storeKey(orm: Orm | Tx, input: { accountId: string; key: string; label: string | null }): Promise<ApiKeyView> {
  try {
    const [row] = await orm
      .insert(apiKeys)
      .values({
        id: newId('key'),
        accountId: input.accountId,
        hash: hashApiKey(input.key),
        label: input.label,
        ...apiKeyDisplayParts(input.key),
      })
      .returning();
    return toView(row!);
  } catch (error) {
    const state = sqlState(error);
    if (state === FOREIGN_KEY_VIOLATION) throw new NotFoundError('account', input.accountId);
    if (state === UNIQUE_VIOLATION) throw new DuplicateError('api key', maskApiKey(apiKeyDisplayParts(input.key)));
    throw error;
  }
}

export async function createApiKey(db: Db, input: { accountId: string; label?: string }): Promise<IssuedApiKey> {
  const key = generateApiKey();
  return { key, record: await storeKey(db.orm, { accountId: input.accountId, key, label: input.label ?? null }) };
}

/** Register an existing bare-64-hex key (from the previous system) by its hash. */
export async function importLegacyApiKey(db: Db, input: { accountId: string; key: string; label?: string }): Promise<ApiKeyView> {
  if (!isLegacyApiKey(input.key)) throw new TypeError('a legacy API key is exactly 64 hex characters');
  return storeKey(db.orm, { accountId: input.accountId, key: input.key, label: input.label ?? null });
}

/** The account a presented key belongs to; null when malformed, unknown or revoked. */
export async function authenticateApiKey(db: Db, presented: string): Promise<{ account: Account; keyId: string } | null> {
  if (!isWellFormedApiKey(presented)) return null;
  const [row] = await db.orm
    .select({ key: apiKeys, account: accounts })
    .from(apiKeys)
    .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
    .where(and(eq(apiKeys.hash, hashApiKey(presented)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  const stale = row.key.lastUsedAt === null || Date.now() - row.key.lastUsedAt.getTime() >= 60_000;
  if (stale) {
    // The WHERE repeats the staleness test so concurrent requests write once.
    await db.orm
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, row.key.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`))));
  }
  return { account: toAccount(row.account), keyId: row.key.id };
}

/** All keys of an account, newest first, masked; revoked keys included (with revokedAt). */
export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeyView[]> {
  const rows = await db.orm
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, accountId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toView);
}

export async function getApiKey(db: Db, keyId: string): Promise<ApiKeyView | null> {
  const [row] = await db.orm.select().from(apiKeys).where(eq(apiKeys.id, keyId)).limit(1);
  return row ? toView(row) : null;
}

/** true when this call revoked the key; false when unknown or already revoked. */
export async function revokeApiKey(db: Db, keyId: string): Promise<boolean> {
  const rows = await db.orm
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

/** A new key for the same account and label; the old one is revoked in the same transaction. */
export async function rotateApiKey(db: Db, keyId: string): Promise<IssuedApiKey> {
  return db.orm.transaction(async (tx) => {
    const [old] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
      .returning();
    if (!old) throw new NotFoundError('active api key', keyId);
    const key = generateApiKey();
    return { key, record: await storeKey(tx, { accountId: old.accountId, key, label: old.label }) };
  });
}
