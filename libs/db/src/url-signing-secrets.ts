// URL-signing secrets (docs/signed-urls.md): made, rotated, revoked, and the render cap they carry.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { type Db } from './open.js';
import { urlSigningSecrets } from './schema.js';

export type UrlSigningSecretRow = typeof urlSigningSecrets.$inferSelect;

/** A new URL-signing secret: `urlsec_` and 32 random bytes (base64url); the whole string is the HMAC key. */
export function newUrlSigningSecret(): string {
  return `urlsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Makes the account's new active secret (sealed by the caller) and revokes the
 * one it replaces, in one transaction: an account never has two active secrets.
 */
export async function replaceUrlSigningSecret(
  db: Db,
  input: { accountId: string; ownerId: string; secretCiphertext: string; maxRenders: number | null },
): Promise<{ row: UrlSigningSecretRow; replaced: string | null }> {
  return db.orm.transaction(async (tx) => {
    const old = await tx
      .update(urlSigningSecrets)
      .set({ revokedAt: new Date() })
      .where(and(eq(urlSigningSecrets.accountId, input.accountId), isNull(urlSigningSecrets.revokedAt)))
      .returning({ id: urlSigningSecrets.id });
    const [row] = await tx
      .insert(urlSigningSecrets)
      .values({
        id: newId('uss'),
        accountId: input.accountId,
        ownerId: input.ownerId,
        secretCiphertext: input.secretCiphertext,
        maxRenders: input.maxRenders,
      })
      .returning();
    return { row: row!, replaced: old[0]?.id ?? null };
  });
}

/** The account's active secret, if any. */
export async function activeUrlSigningSecret(db: Db, accountId: string): Promise<UrlSigningSecretRow | null> {
  const [row] = await db.orm
    .select()
    .from(urlSigningSecrets)
    .where(and(eq(urlSigningSecrets.accountId, accountId), isNull(urlSigningSecrets.revokedAt)));
  return row ?? null;
}

/** A secret by its public id, when still active. */
export async function findUrlSigningSecret(db: Db, id: string): Promise<UrlSigningSecretRow | null> {
  const [row] = await db.orm
    .select()
    .from(urlSigningSecrets)
    .where(and(eq(urlSigningSecrets.id, id), isNull(urlSigningSecrets.revokedAt)));
  return row ?? null;
}

/** Revokes the account's active secret; false when there was none. */
export async function revokeUrlSigningSecret(db: Db, accountId: string): Promise<boolean> {
  const rows = await db.orm
    .update(urlSigningSecrets)
    .set({ revokedAt: new Date() })
    .where(and(eq(urlSigningSecrets.accountId, accountId), isNull(urlSigningSecrets.revokedAt)))
    .returning({ id: urlSigningSecrets.id });
  return rows.length > 0;
}

/**
 * Counts one new render against the secret's cap, atomically across replicas;
 * false when the cap is reached (or the secret was revoked meanwhile).
 */
export async function takeSignedRender(db: Db, id: string): Promise<boolean> {
  const rows = await db.orm
    .update(urlSigningSecrets)
    .set({ rendersUsed: sql`${urlSigningSecrets.rendersUsed} + 1` })
    .where(
      and(
        eq(urlSigningSecrets.id, id),
        isNull(urlSigningSecrets.revokedAt),
        or(isNull(urlSigningSecrets.maxRenders), lt(urlSigningSecrets.rendersUsed, urlSigningSecrets.maxRenders)),
      ),
    )
    .returning({ used: urlSigningSecrets.rendersUsed });
  return rows.length > 0;
}
