import { and, desc, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { Db } from './open.js';
import { sessions } from './schema.js';
import { browserLabel } from './browser-label.js';

/*
 * A person's signed-in browsers, for Account (docs/dashboard.md "Signed-in browsers"). A session is named by an opaque
 * id, the first 16 hex digits of its token's sha256 (the row's key): enough to tell one from another, useless to sign
 * in with (the token is not derivable from its hash), and nothing new to store.
 */

const ID_LENGTH = 16;
const ID = new RegExp(`^[0-9a-f]{${ID_LENGTH}}$`, 'u');

export const sessionIdOf = (tokenHash: string): string => tokenHash.slice(0, ID_LENGTH);

export interface UserSessionView {
  id: string;
  /** "Chrome on macOS", or null when the browser sent nothing recognisable. */
  browser: string | null;
  createdAt: Date;
  /** Null: not used since it was kept (a session from before the upgrade that added it). */
  lastUsedAt: Date | null;
  /** The session that asked: "this browser". */
  current: boolean;
}

/** The user's live sessions: the asking one first, then the most recently used. */
export async function listUserSessions(
  db: Db,
  input: { userId: string; currentTokenHash: string; now?: Date },
): Promise<UserSessionView[]> {
  const rows = await db.orm
    .select({
      tokenHash: sessions.tokenHash,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, input.userId), gt(sessions.expiresAt, input.now ?? new Date())))
    .orderBy(sql`${sessions.lastUsedAt} desc nulls last`, desc(sessions.createdAt));
  const views = rows.map((row) => ({
    id: sessionIdOf(row.tokenHash),
    browser: browserLabel(row.userAgent),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    current: row.tokenHash === input.currentTokenHash,
  }));
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/**
 * Signs one of the user's other sessions out; what it was (for the audit log), or null when `id` is none of the user's
 * other live sessions (unknown, another person's, already ended, or the asking one, which signs out the usual way).
 */
export async function endUserSession(
  db: Db,
  input: { userId: string; id: string; currentTokenHash: string },
): Promise<{ id: string; browser: string | null } | null> {
  if (!ID.test(input.id)) return null;
  const [ended] = await db.orm
    .delete(sessions)
    .where(and(eq(sessions.userId, input.userId), like(sessions.tokenHash, `${input.id}%`), ne(sessions.tokenHash, input.currentTokenHash)))
    .returning({ userAgent: sessions.userAgent });
  return ended ? { id: input.id, browser: browserLabel(ended.userAgent) } : null;
}
