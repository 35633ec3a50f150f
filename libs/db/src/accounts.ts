import { asc, eq, sql } from 'drizzle-orm';
import { newId, PLANS, type Plan } from '@pressroom/contracts';
import { DuplicateError, FOREIGN_KEY_VIOLATION, NotFoundError, sqlState, UNIQUE_VIOLATION } from './errors.js';
import type { Db } from './open.js';
import { newWorkspacePlanSql } from './new-workspace-plan.js';
import { accounts, aiCreditUsage, auditEvents, creditUsage, renders, teams, templates, videoTemplates } from './schema.js';

// The plan names are the contracts' (the plan-change body lists them); re-exported for the db's callers.
export { PLANS, type Plan };

export interface Account {
  id: string;
  name: string;
  plan: string;
  teamId: string | null;
  /** Who owns this account's templates, renders and usage: the team when there is one. */
  ownerId: string;
  createdAt: Date;
}

export interface Team {
  id: string;
  name: string;
}

type AccountRecord = typeof accounts.$inferSelect;

export function toAccount(row: AccountRecord): Account {
  return { id: row.id, name: row.name, plan: row.plan, teamId: row.teamId, ownerId: row.teamId ?? row.id, createdAt: row.createdAt };
}

export async function createAccount(db: Db, input: { name: string; plan?: string }): Promise<Account> {
  if (input.plan !== undefined && !(PLANS as readonly string[]).includes(input.plan)) {
    throw new TypeError(`unknown plan "${input.plan}" (expected ${PLANS.join('|')})`);
  }
  try {
    const [row] = await db.orm
      .insert(accounts)
      // Without a plan, the one the instance's owner chose for new workspaces (free until chosen).
      .values({ id: newId('acc'), name: input.name, plan: input.plan ?? newWorkspacePlanSql })
      .returning();
    return toAccount(row!);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new DuplicateError('account', input.name);
    throw error;
  }
}

export async function findAccountByName(db: Db, name: string): Promise<Account | null> {
  const [row] = await db.orm.select().from(accounts).where(eq(accounts.name, name)).limit(1);
  return row ? toAccount(row) : null;
}

export async function getAccount(db: Db, id: string): Promise<Account | null> {
  const [row] = await db.orm.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db.orm.select().from(accounts).orderBy(asc(accounts.createdAt), asc(accounts.id));
  return rows.map(toAccount);
}

export async function createTeam(db: Db, input: { name: string }): Promise<Team> {
  try {
    const [row] = await db.orm
      .insert(teams)
      .values({ id: newId('team'), name: input.name })
      .returning();
    return { id: row!.id, name: row!.name };
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new DuplicateError('team', input.name);
    throw error;
  }
}

export async function findTeamByName(db: Db, name: string): Promise<Team | null> {
  const [row] = await db.orm.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.name, name)).limit(1);
  return row ?? null;
}

/**
 * Put an account into a team. Its owner id becomes the team id, so the templates,
 * renders, credits used and audit events it already owned move to the team in the same
 * transaction (otherwise they would vanish from its view). An account belongs to at most one team.
 */
export async function addAccountToTeam(db: Db, input: { accountId: string; teamId: string }): Promise<void> {
  await db.orm.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, input.accountId)).for('update');
    if (!account) throw new NotFoundError('account', input.accountId);
    if (account.teamId === input.teamId) return;
    if (account.teamId !== null) {
      throw new DuplicateError('team membership', account.id, `account "${account.name}" already belongs to team ${account.teamId}`);
    }
    try {
      await tx.update(accounts).set({ teamId: input.teamId }).where(eq(accounts.id, account.id));
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new NotFoundError('team', input.teamId);
      throw error;
    }
    await tx.update(templates).set({ ownerId: input.teamId }).where(eq(templates.ownerId, account.id));
    await tx.update(videoTemplates).set({ ownerId: input.teamId }).where(eq(videoTemplates.ownerId, account.id));
    await tx.update(renders).set({ ownerId: input.teamId }).where(eq(renders.ownerId, account.id));
    // Its earlier audit log becomes part of the team's (who did what stays: account_id is unchanged).
    await tx.update(auditEvents).set({ ownerId: input.teamId }).where(eq(auditEvents.ownerId, account.id));
    // The credits it used (both monthly pools) move with its renders.
    for (const pool of [creditUsage, aiCreditUsage]) {
      await tx.execute(sql`INSERT INTO ${pool} (owner_id, period_start, used)
        SELECT ${input.teamId}, period_start, used FROM ${pool} WHERE owner_id = ${account.id}
        ON CONFLICT (owner_id, period_start) DO UPDATE SET used = ${pool}.used + excluded.used`);
      await tx.delete(pool).where(eq(pool.ownerId, account.id));
    }
  });
}
