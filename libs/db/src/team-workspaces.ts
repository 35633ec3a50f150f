import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { PermissionError } from './auth-errors.js';
import { DuplicateError, NotFoundError, sqlState, UNIQUE_VIOLATION } from './errors.js';
import { newWorkspacePlanSql } from './new-workspace-plan.js';
import type { Db, Orm } from './open.js';
import { accounts, apiKeys, sessions, teamInvites, teamMembers, teams, users } from './schema.js';
import type { WorkspaceRole } from './workspaces.js';

// Teams as the dashboard sees them: a member acts in the team through its own member
// account (team_id = the team), so its keys and sessions see exactly what a key of an
// admin-CLI team member sees (docs/teams.md).

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export interface TeamMember {
  userId: string;
  email: string;
  name: string | null;
  role: WorkspaceRole;
  joinedAt: Date;
}

export interface TeamInviteView {
  team: { id: string; name: string };
  role: 'admin' | 'member';
  email: string | null;
  expiresAt: Date;
}

function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function addMember(
  tx: Tx,
  input: { teamId: string; teamName: string; userId: string; email: string; role: WorkspaceRole },
): Promise<void> {
  const accountId = newId('acc');
  // Account names are unique; the member account is named after the team and the person.
  await tx
    .insert(accounts)
    .values({ id: accountId, name: `${input.teamName}/${input.email}/${accountId.slice(-6)}`, teamId: input.teamId });
  await tx.insert(teamMembers).values({ teamId: input.teamId, userId: input.userId, role: input.role, accountId });
}

/** A new team owned by the user (who joins it as owner). */
export async function createTeamWorkspace(db: Db, input: { userId: string; name: string }): Promise<{ id: string; name: string }> {
  try {
    return await newTeamWorkspace(db, input);
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new DuplicateError('team', input.name, `a team named "${input.name}" already exists`);
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
async function requireRole(db: Db, input: { teamId: string; userId: string }, allowed: WorkspaceRole[]): Promise<WorkspaceRole> {
  const membership = await getMembership(db, input);
  if (!membership) throw new NotFoundError('team', input.teamId);
  if (!allowed.includes(membership.role)) throw new PermissionError(`this needs the ${allowed.join(' or ')} role in the team`);
  return membership.role;
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
    throw new PermissionError('only an owner can grant or take the owner role');
  if (target.role === 'owner' && input.role !== 'owner' && (await ownerCount(db, input.teamId)) <= 1) {
    throw new PermissionError('a team keeps at least one owner: make someone else owner first');
  }
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
  if (!self && target.role === 'owner' && actorRole !== 'owner') throw new PermissionError('only an owner can remove an owner');
  if (target.role === 'owner' && (await ownerCount(db, input.teamId)) <= 1) {
    throw new PermissionError('a team keeps at least one owner: make someone else owner first');
  }
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

/** An invitation link's token (shown once; only its hash is stored). Owners and admins invite. */
export async function createTeamInvite(
  db: Db,
  input: { teamId: string; actorId: string; role: 'admin' | 'member'; email?: string | null; ttlMs: number; now?: Date },
): Promise<{ token: string; expiresAt: Date }> {
  await requireRole(db, { teamId: input.teamId, userId: input.actorId }, ['owner', 'admin']);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.ttlMs);
  await db.orm.insert(teamInvites).values({
    tokenHash: hashInviteToken(token),
    teamId: input.teamId,
    role: input.role,
    email: input.email?.trim().toLowerCase() ?? null,
    invitedBy: input.actorId,
    expiresAt,
  });
  return { token, expiresAt };
}

/** A usable (unexpired, unaccepted) invitation; null otherwise. */
export async function getTeamInvite(db: Db, token: string, now = new Date()): Promise<TeamInviteView | null> {
  const [row] = await db.orm
    .select({ invite: teamInvites, team: { id: teams.id, name: teams.name } })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .where(and(eq(teamInvites.tokenHash, hashInviteToken(token)), isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now)));
  return row ? { team: row.team, role: row.invite.role, email: row.invite.email, expiresAt: row.invite.expiresAt } : null;
}

/**
 * Joins the user to the invitation's team (once; an invitation naming an email is for
 * that email only). Returns the team, or null when the invitation is not usable.
 */
export async function acceptTeamInvite(
  db: Db,
  input: { token: string; userId: string; now?: Date },
): Promise<{ id: string; name: string } | null> {
  const now = input.now ?? new Date();
  return db.orm.transaction(async (tx) => {
    const [claimed] = await tx
      .update(teamInvites)
      .set({ acceptedAt: now })
      .where(and(eq(teamInvites.tokenHash, hashInviteToken(input.token)), isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now)))
      .returning();
    if (!claimed) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user) throw new NotFoundError('user', input.userId);
    if (claimed.email !== null && claimed.email !== user.email) {
      throw new PermissionError(`this invitation is for ${claimed.email}; sign in with that address to accept it`);
    }
    const [team] = await tx.select().from(teams).where(eq(teams.id, claimed.teamId));
    const [already] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, claimed.teamId), eq(teamMembers.userId, user.id)));
    if (!already) await addMember(tx, { teamId: team!.id, teamName: team!.name, userId: user.id, email: user.email, role: claimed.role });
    return { id: team!.id, name: team!.name };
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
