import { createHash, randomBytes } from 'node:crypto';
import { and, eq, exists, gt, isNull, lt, ne, or } from 'drizzle-orm';
import { toAccount, type Account } from './accounts.js';
import type { Db } from './open.js';
import { accounts, sessions, teamMembers, users } from './schema.js';
import { toUser, type User } from './users.js';

// The cookie holds a random token; the database holds only its sha256, so a leaked
// sessions table signs nobody in.

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What is kept of a User-Agent: enough to name the browser, not an unbounded header. */
const MAX_USER_AGENT = 300;

/** last_used_at is written at most this often per session, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface IssuedSession {
  /** Goes into the cookie, nowhere else. */
  token: string;
  expiresAt: Date;
}

/** A new session acting as `accountId`, which also becomes the user's last workspace. */
export async function createSession(
  db: Db,
  input: { userId: string; accountId: string; ttlMs: number; now?: Date; userAgent?: string | null | undefined },
): Promise<IssuedSession> {
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db.orm.transaction(async (tx) => {
    await tx.insert(sessions).values({
      tokenHash: hashSessionToken(token),
      userId: input.userId,
      accountId: input.accountId,
      expiresAt,
      createdAt: now,
      lastUsedAt: now,
      userAgent: input.userAgent?.slice(0, MAX_USER_AGENT) || null,
    });
    await tx.update(users).set({ lastAccountId: input.accountId }).where(eq(users.id, input.userId));
  });
  return { token, expiresAt };
}

/**
 * The account a new sign-in starts in: the workspace the user's latest session was put in (a switch, an accepted
 * invitation, a sign-up into a team), while the user still belongs to it; otherwise the personal account. So a
 * session that ends mid-task (expiry, signed out elsewhere, a password change) resumes where the person worked,
 * and someone removed from a team starts in their own workspace.
 */
export async function lastWorkspaceAccountId(db: Db, user: { id: string; personalAccountId: string }): Promise<string> {
  const stillMember = exists(
    db.orm
      .select({ one: teamMembers.accountId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, users.id), eq(teamMembers.accountId, users.lastAccountId))),
  );
  const [row] = await db.orm
    .select({ accountId: users.lastAccountId })
    .from(users)
    .where(and(eq(users.id, user.id), or(eq(users.lastAccountId, users.personalAccountId), stillMember)))
    .limit(1);
  return row?.accountId ?? user.personalAccountId;
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
  const { lastUsedAt } = row.session;
  if (lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    // The WHERE repeats the staleness test so concurrent requests write once.
    await db.orm
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          or(isNull(sessions.lastUsedAt), lt(sessions.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
  }
  return { tokenHash, user: toUser(row.user), account: toAccount(row.account), expiresAt: row.session.expiresAt };
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.orm.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Signs the user out everywhere except (optionally) the session that asked; how many sessions ended. */
export async function deleteUserSessions(db: Db, input: { userId: string; exceptTokenHash?: string }): Promise<number> {
  const mine = eq(sessions.userId, input.userId);
  const ended = await db.orm
    .delete(sessions)
    .where(input.exceptTokenHash ? and(mine, ne(sessions.tokenHash, input.exceptTokenHash)) : mine)
    .returning({ tokenHash: sessions.tokenHash });
  return ended.length;
}

/** Moves the session to another workspace (the caller checked it is one of the user's); it becomes the last workspace. */
export async function setSessionAccount(db: Db, input: { tokenHash: string; accountId: string }): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const [moved] = await tx
      .update(sessions)
      .set({ accountId: input.accountId })
      .where(eq(sessions.tokenHash, input.tokenHash))
      .returning({ userId: sessions.userId });
    if (moved) await tx.update(users).set({ lastAccountId: input.accountId }).where(eq(users.id, moved.userId));
  });
}

/** Expired rows are useless; any replica sweeps them now and then. */
export async function pruneExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.orm.delete(sessions).where(lt(sessions.expiresAt, now));
}
