import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, lte } from 'drizzle-orm';
import { InvalidResetTokenError } from './auth-errors.js';
import type { Db } from './open.js';
import { hashPassword } from './passwords.js';
import { passwordResets, sessions, users } from './schema.js';
import { normaliseEmail, toUser, type User } from './users.js';

// "Forgot password?" (docs/auth.md "Password reset"): a mailed link whose token is single-use and short-lived.
// Only the token's sha256 is stored, so a leaked table resets nobody's password.

/** How long a reset link works. Short: the mail may sit in an inbox others can read. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** Links mailed to one user per PASSWORD_RESET_TTL_MS at most: asking again and again cannot flood their inbox. */
export const PASSWORD_RESETS_PER_USER = 3;

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedPasswordReset {
  /** Goes into the mailed link, nowhere else (never logged, never stored). */
  token: string;
  user: User;
  expiresAt: Date;
}

/**
 * A reset link for the user with this email, or null when there is none or it already has
 * PASSWORD_RESETS_PER_USER links from the last PASSWORD_RESET_TTL_MS. The caller answers the same either way, so the
 * request reveals no account. Earlier links keep working until used or expired; a reset spends them all.
 */
export async function requestPasswordReset(db: Db, input: { email: string; now?: Date }): Promise<IssuedPasswordReset | null> {
  const now = input.now ?? new Date();
  // Expired links are useless: whoever asks sweeps them (the table stays as small as the links in flight).
  await db.orm.delete(passwordResets).where(lte(passwordResets.expiresAt, now));
  const [row] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(input.email)))
    .limit(1);
  if (!row) return null;
  const [recent] = await db.orm
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, row.id), gt(passwordResets.expiresAt, now)));
  if ((recent?.n ?? 0) >= PASSWORD_RESETS_PER_USER) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await db.orm.insert(passwordResets).values({ tokenHash: hashResetToken(token), userId: row.id, createdAt: now, expiresAt });
  return { token, user: toUser(row), expiresAt };
}

/**
 * Whether a reset link still works, without spending it: the reset page asks when it opens, so a dead link is said at
 * once rather than after a new password is typed. An unknown, used or expired token throws InvalidResetTokenError
 * (the same refusal as completePasswordReset's, so a check tells nothing a use would not).
 */
export async function checkPasswordReset(db: Db, input: { token: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const [live] = await db.orm
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashResetToken(input.token)), gt(passwordResets.expiresAt, now)))
    .limit(1);
  if (!live) throw new InvalidResetTokenError();
}

/**
 * Sets a new password with a reset link's token: the token is spent (with every other link of the user), the lockout
 * is lifted and every session of the user is signed out, in one transaction. Whoever spends a token first wins; an
 * unknown, used or expired token throws InvalidResetTokenError. The password rules are the caller's (the contract).
 */
export async function completePasswordReset(db: Db, input: { token: string; newPassword: string; now?: Date }): Promise<User> {
  const now = input.now ?? new Date();
  // Hashed before the transaction (scrypt takes tens of milliseconds), which then stays short.
  const passwordHash = await hashPassword(input.newPassword);
  return db.orm.transaction(async (tx) => {
    const [spent] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashResetToken(input.token)), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!spent) throw new InvalidResetTokenError();
    const [row] = await tx
      .update(users)
      .set({ passwordHash, failedSignIns: 0, lockedUntil: null })
      .where(eq(users.id, spent.userId))
      .returning();
    await tx.delete(passwordResets).where(eq(passwordResets.userId, spent.userId));
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    return toUser(row!);
  });
}
