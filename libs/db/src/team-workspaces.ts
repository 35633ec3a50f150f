import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { LastOwnerError, PermissionError } from './auth-errors.js';
import { DuplicateError, NotFoundError, sqlState, UNIQUE_VIOLATION } from './errors.js';
import { newWorkspacePlanSql } from './new-workspace-plan.js';
import type { Db } from './open.js';
import { apiKeys, sessions, teamMembers, teams, users } from './schema.js';
import { addMember, getMembership, requireTeamRole as requireRole } from './team-membership.js';
import type { WorkspaceRole } from './workspaces.js';

// Teams as the dashboard sees them: a member acts in the team through its own member
// account (team_id = the team), so its keys and sessions see exactly what a key of an
// admin-CLI team member sees (docs/teams.md). Invitations: team-invites.ts.

export { getMembership } from './team-membership.js';

export interface TeamMember {
  userId: string;
  email: string;
  name: string | null;
  role: WorkspaceRole;
  joinedAt: Date;
}

/** A new team owned by the user (who joins it as owner). */
export async function createTeamWorkspace(db: Db, input: { userId: string; name: string }): Promise<{ id: string; name: string }> {
  try {
    return await newTeamWorkspace(db, input);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION)
      throw new DuplicateError('team', input.name, `A team named "${input.name}" already exists: choose another name.`);
    throw error;
  }
}

async function newTeamWorkspace(db: Db, input: { userId: string; name: string }): Promise<{ id: string; name: string }> {
  return db.orm.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user) throw new NotFoundError('user', input.userId);
    const [team] = await tx
      .insert(teams)
      .values({ id: newId('team'), name: input.name, plan: newWorkspacePlanSql })
      .returning();
    await addMember(tx, { teamId: team!.id, teamName: team!.name, userId: user.id, email: user.email, role: 'owner' });
    return { id: team!.id, name: team!.name };
  });
}

export async function listTeamMembers(db: Db, input: { teamId: string; actorId: string }): Promise<TeamMember[]> {
  await requireRole(db, { teamId: input.teamId, userId: input.actorId }, ['owner', 'admin', 'member']);
  return db.orm
    .select({ userId: users.id, email: users.email, name: users.name, role: teamMembers.role, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, input.teamId))
    .orderBy(asc(teamMembers.createdAt));
}

async function ownerCount(db: Db, teamId: string): Promise<number> {
  const [row] = await db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Owners set any role; admins set admin/member of non-owners; the last owner stays owner. */
export async function setMemberRole(
  db: Db,
  input: { teamId: string; actorId: string; userId: string; role: WorkspaceRole },
): Promise<void> {
  const actorRole = await requireRole(db, { teamId: input.teamId, userId: input.actorId }, ['owner', 'admin']);
  const target = await getMembership(db, { teamId: input.teamId, userId: input.userId });
  if (!target) throw new NotFoundError('team member', input.userId);
  if (actorRole !== 'owner' && (target.role === 'owner' || input.role === 'owner'))
    throw new PermissionError('Only an owner can grant or take the owner role.');
  if (target.role === 'owner' && input.role !== 'owner' && (await ownerCount(db, input.teamId)) <= 1) throw new LastOwnerError('demote');
  await db.orm
    .update(teamMembers)
    .set({ role: input.role })
    .where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
}

/**
 * Removes a member (or lets a member leave). Its member account's keys are revoked and its sessions in the team
 * move to the person's personal workspace at once: a removed member keeps no access to the team.
 */
export async function removeTeamMember(db: Db, input: { teamId: string; actorId: string; userId: string }): Promise<void> {
  const self = input.actorId === input.userId;
  const actorRole = await requireRole(
    db,
    { teamId: input.teamId, userId: input.actorId },
    self ? ['owner', 'admin', 'member'] : ['owner', 'admin'],
  );
  const target = await getMembership(db, { teamId: input.teamId, userId: input.userId });
  if (!target) throw new NotFoundError('team member', input.userId);
  if (!self && target.role === 'owner' && actorRole !== 'owner') throw new PermissionError('Only an owner can remove an owner.');
  if (target.role === 'owner' && (await ownerCount(db, input.teamId)) <= 1) throw new LastOwnerError('leave');
  await db.orm.transaction(async (tx) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, input.teamId), eq(teamMembers.userId, input.userId)));
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.accountId, target.accountId), isNull(apiKeys.revokedAt)));
    // Sessions working in the team go back to the person's own workspace: no access to the team is kept, and they
    // are not signed out of everything for it.
    await tx
      .update(sessions)
      .set({ accountId: sql`(select ${users.personalAccountId} from ${users} where ${users.id} = ${input.userId})` })
      .where(eq(sessions.accountId, target.accountId));
  });
}

/** Teams of a user with its role, for GET /teams. */
export async function listUserTeams(db: Db, userId: string): Promise<{ id: string; name: string; role: WorkspaceRole }[]> {
  return db.orm
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.name));
}
