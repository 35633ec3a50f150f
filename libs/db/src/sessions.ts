import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { toAccount, type Account } from './accounts.js';
import type { Db } from './open.js';
import { accounts, sessions, users } from './schema.js';
import { toUser, type User } from './users.js';

// The cookie holds a random token; the database holds only its sha256, so a leaked
// sessions table signs nobody in.

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedSession {
  /** Goes into the cookie, nowhere else. */
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  input: { userId: string; accountId: string; ttlMs: number; now?: Date },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.ttlMs);
  await db.orm.insert(sessions).values({ tokenHash: hashSessionToken(token), userId: input.userId, accountId: input.accountId, expiresAt });
  return { token, expiresAt };
}

export interface ResolvedSession {
  tokenHash: string;
  user: User;
  /** The account the session acts as (personal, or the user's member account of a team). */
  account: Account;
  expiresAt: Date;
}

/** The live session of a token; null when unknown or expired. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<ResolvedSession | null> {
  const tokenHash = hashSessionToken(token);
  const [row] = await db.orm
    .select({ session: sessions, user: users, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  return { tokenHash, user: toUser(row.user), account: toAccount(row.account), expiresAt: row.session.expiresAt };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.orm.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs the user out everywhere except (optionally) the session that asked. */
export async function deleteUserSessions(db: Db, input: { userId: string; exceptTokenHash?: string }): Promise<void> {
  const mine = eq(sessions.userId, input.userId);
  await db.orm.delete(sessions).where(input.exceptTokenHash ? and(mine, ne(sessions.tokenHash, input.exceptTokenHash)) : mine);
}

export async function setSessionAccount(db: Db, input: { tokenHash: string; accountId: string }): Promise<void> {
  await db.orm.update(sessions).set({ accountId: input.accountId }).where(eq(sessions.tokenHash, input.tokenHash));
}

/** Expired rows are useless; any replica sweeps them now and then. */
export async function pruneExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.orm.delete(sessions).where(lt(sessions.expiresAt, now));
}
