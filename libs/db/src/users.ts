import { and, eq, sql } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { AccountLockedError, InvalidCredentialsError, SignUpRefusedError } from './auth-errors.js';
import { DuplicateError, NotFoundError, sqlState, UNIQUE_VIOLATION } from './errors.js';
import type { Db, Orm } from './open.js';
import { newWorkspacePlanSql } from './new-workspace-plan.js';
import { hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from './passwords.js';
import { accounts, INSTANCE_SETTINGS_ROW, instanceSettings, users } from './schema.js';

export type InstanceRole = 'owner' | 'member';

export interface User {
  id: string;
  email: string;
  name: string | null;
  instanceRole: InstanceRole;
  personalAccountId: string;
  hasPassword: boolean;
  createdAt: Date;
}

type UserRecord = typeof users.$inferSelect;
type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export function toUser(row: UserRecord): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    instanceRole: row.instanceRole,
    personalAccountId: row.personalAccountId,
    hasPassword: row.passwordHash !== null,
    createdAt: row.createdAt,
  };
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** true before anyone has an account on the instance (the first sign-up will own it). */
export async function isFirstRun(db: Db): Promise<boolean> {
  const [row] = await db.orm.select({ id: users.id }).from(users).limit(1);
  return !row;
}

export interface NewUser {
  email: string;
  name?: string | null;
  password?: string;
  oidc?: { issuer: string; subject: string };
  /** An existing account (made by the admin CLI) becomes the user's personal account. */
  accountId?: string;
}

/**
 * Creates the user and, unless one is given, its personal account (named by the email).
 * The first user of the instance becomes its owner: whoever inserts the one instance
 * row first, so two simultaneous first sign-ups cannot both own it.
 */
export async function createUser(db: Db, input: NewUser, tx?: Tx): Promise<User> {
  const email = normaliseEmail(input.email);
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const run = async (t: Tx): Promise<User> => {
    let accountId = input.accountId;
    if (accountId === undefined) {
      accountId = newId('acc');
      await t.insert(accounts).values({ id: accountId, name: email, plan: newWorkspacePlanSql });
    } else {
      const [account] = await t.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
      if (!account) throw new NotFoundError('account', accountId);
    }
    const claimed = await t.insert(instanceSettings).values({ id: INSTANCE_SETTINGS_ROW }).onConflictDoNothing().returning();
    const [row] = await t
      .insert(users)
      .values({
        id: newId('usr'),
        email,
        name: input.name ?? null,
        passwordHash,
        oidcIssuer: input.oidc?.issuer ?? null,
        oidcSubject: input.oidc?.subject ?? null,
        instanceRole: claimed.length > 0 ? 'owner' : 'member',
        personalAccountId: accountId,
      })
      .returning();
    return toUser(row!);
  };
  try {
    return tx ? await run(tx) : await db.orm.transaction(run);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new SignUpRefusedError(`An account with the email ${email} already exists.`, 'email');
    throw error;
  }
}

export async function getUser(db: Db, id: string): Promise<User | null> {
  const [row] = await db.orm.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  return row ? toUser(row) : null;
}

export async function findUserByOidc(db: Db, oidc: { issuer: string; subject: string }): Promise<User | null> {
  const [row] = await db.orm
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, oidc.issuer), eq(users.oidcSubject, oidc.subject)))
    .limit(1);
  return row ? toUser(row) : null;
}

/** Links an OIDC identity to an existing user (signed in before with the same verified email). */
export async function linkOidcIdentity(db: Db, userId: string, oidc: { issuer: string; subject: string }): Promise<void> {
  await db.orm.update(users).set({ oidcIssuer: oidc.issuer, oidcSubject: oidc.subject }).where(eq(users.id, userId));
}

export interface LockoutPolicy {
  maxFailures: number;
  lockMs: number;
}

/**
 * Email + password check with lockout: after `maxFailures` wrong passwords in a row the
 * user is locked for `lockMs` (even the right password is refused meanwhile). An unknown
 * email costs the same scrypt time and gives the same answer as a wrong password.
 */
export async function signInWithPassword(
  db: Db,
  input: { email: string; password: string; policy: LockoutPolicy; now?: Date },
): Promise<User> {
  const now = input.now ?? new Date();
  const [row] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(input.email)))
    .limit(1);
  if (!row) {
    await verifyPassword(input.password, UNUSABLE_PASSWORD_HASH);
    throw new InvalidCredentialsError();
  }
  if (row.lockedUntil && row.lockedUntil > now) throw new AccountLockedError(row.lockedUntil);
  const ok = row.passwordHash !== null && (await verifyPassword(input.password, row.passwordHash));
  if (ok) {
    if (row.failedSignIns > 0 || row.lockedUntil)
      await db.orm.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, row.id));
    return toUser(row);
  }
  // Counted in one statement so parallel guesses cannot slip past the limit.
  const [updated] = await db.orm
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(eq(users.id, row.id))
    .returning({ failed: users.failedSignIns });
  if ((updated?.failed ?? 0) >= input.policy.maxFailures) {
    const until = new Date(now.getTime() + input.policy.lockMs);
    await db.orm.update(users).set({ failedSignIns: 0, lockedUntil: until }).where(eq(users.id, row.id));
    throw new AccountLockedError(until);
  }
  throw new InvalidCredentialsError();
}

/** The name a person goes by in the dashboard; null (or blank) for none. */
export async function setUserName(db: Db, input: { userId: string; name: string | null }): Promise<void> {
  const name = input.name?.trim() || null;
  const updated = await db.orm.update(users).set({ name }).where(eq(users.id, input.userId)).returning({ id: users.id });
  if (updated.length === 0) throw new NotFoundError('user', input.userId);
}

/**
 * Sets a new password. `currentPassword` is required when the user has one already
 * (a user without one: OIDC-only, or an admin-CLI account, may set it directly).
 */
export async function changePassword(db: Db, input: { userId: string; currentPassword?: string; newPassword: string }): Promise<void> {
  const [row] = await db.orm.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!row) throw new NotFoundError('user', input.userId);
  if (row.passwordHash !== null) {
    if (input.currentPassword === undefined || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
      throw new InvalidCredentialsError('currentPassword');
    }
  }
  await db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, row.id));
}

/**
 * Admin CLI: gives an account's person a password to sign in with. The user is created
 * for the account (its personal account) when it has none, else its password is replaced.
 */
export async function setAccountPassword(db: Db, input: { accountId: string; email: string; password: string }): Promise<User> {
  const [existing] = await db.orm.select().from(users).where(eq(users.personalAccountId, input.accountId)).limit(1);
  if (!existing) {
    try {
      return await createUser(db, { email: input.email, password: input.password, accountId: input.accountId });
    } catch (error) {
      if (error instanceof SignUpRefusedError) throw new DuplicateError('user', normaliseEmail(input.email));
      throw error;
    }
  }
  const [row] = await db.orm
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), email: normaliseEmail(input.email), failedSignIns: 0, lockedUntil: null })
    .where(eq(users.id, existing.id))
    .returning();
  return toUser(row!);
}

export type SignupMode = 'open' | 'invite' | 'closed';
