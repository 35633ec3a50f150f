import { and, eq } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { PermissionError } from './auth-errors.js';
import { NotFoundError } from './errors.js';
import type { Db, Orm } from './open.js';
import { accounts, teamMembers } from './schema.js';
import type { WorkspaceRole } from './workspaces.js';

// What team-workspaces.ts and team-invites.ts share: who is a member with which role, and joining.
// Not exported from the package: callers go through the team operations.

export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export async function getMembership(
  db: Db,
  input: { teamId: string; userId: string },
): Promise<{ role: WorkspaceRole; accountId: string } | null> {
  const [row] = await db.orm
    .select({ role: teamMembers.role, accountId: teamMembers.accountId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
  return row ?? null;
}

/** The actor's role, or NotFoundError when it is not a member (another team looks like no team). */
export async function requireTeamRole(db: Db, input: { teamId: string; userId: string }, allowed: WorkspaceRole[]): Promise<WorkspaceRole> {
  const membership = await getMembership(db, input);
  if (!membership) throw new NotFoundError('team', input.teamId);
  if (!allowed.includes(membership.role)) throw new PermissionError(`This needs the ${allowed.join(' or ')} role in the team.`);
  return membership.role;
}

/** Adds the user with its own member account of the team; returns that account's id. */
export async function addMember(
  tx: Tx,
  input: { teamId: string; teamName: string; userId: string; email: string; role: WorkspaceRole },
): Promise<string> {
  const accountId = newId('acc');
  // Account names are unique; the member account is named after the team and the person.
  await tx
    .insert(accounts)
    .values({ id: accountId, name: `${input.teamName}/${input.email}/${accountId.slice(-6)}`, teamId: input.teamId });
  await tx.insert(teamMembers).values({ teamId: input.teamId, userId: input.userId, role: input.role, accountId });
  return accountId;
}
