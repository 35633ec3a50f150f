import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { newId } from '@pressroom/contracts';
import { PermissionError } from './auth-errors.js';
import { NotFoundError } from './errors.js';
import type { Db } from './open.js';
import { teamInvites, teamMembers, teams, users } from './schema.js';
import { addMember, requireTeamRole } from './team-membership.js';

// Team invitations (docs/auth.md "Teams and invitations"): single-use links whose token is shown once; only its
// sha256 is stored. Owners and admins invite, list what is pending and revoke; an invitation is named by its `id`.

export type InviteRole = 'admin' | 'member';

/** What an invitation link offers, shown to whoever holds the token. */
export interface TeamInviteView {
  team: { id: string; name: string };
  role: InviteRole;
  email: string | null;
  expiresAt: Date;
}

/** A pending invitation as the team's owners and admins see it: never the token nor its hash. */
export interface PendingTeamInvite {
  id: string;
  email: string | null;
  role: InviteRole;
  /** Null when the person who invited has since been deleted. */
  invitedBy: { id: string; email: string; name: string | null } | null;
  createdAt: Date;
  expiresAt: Date;
}

const MANAGERS = ['owner', 'admin'] as const;

function hashInviteToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Unaccepted and unexpired at `now`. */
const usable = (now: Date) => and(isNull(teamInvites.acceptedAt), gt(teamInvites.expiresAt, now));

/**
 * A new invitation link (its token is returned once). Inviting an email again replaces that email's earlier
 * unaccepted invitations to the team: the newest link is the one that works, and the list shows the person once.
 * Link invitations without an email never replace each other.
 */
export async function createTeamInvite(
  db: Db,
  input: { teamId: string; actorId: string; role: InviteRole; email?: string | null; ttlMs: number; now?: Date },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  await requireTeamRole(db, { teamId: input.teamId, userId: input.actorId }, [...MANAGERS]);
  const token = randomBytes(24).toString('base64url');
  const id = newId('inv');
  const email = input.email?.trim().toLowerCase() ?? null;
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + input.ttlMs);
  await db.orm.transaction(async (tx) => {
    if (email !== null) {
      await tx
        .delete(teamInvites)
        .where(and(eq(teamInvites.teamId, input.teamId), eq(teamInvites.email, email), isNull(teamInvites.acceptedAt)));
    }
    await tx.insert(teamInvites).values({
      id,
      tokenHash: hashInviteToken(token),
      teamId: input.teamId,
      role: input.role,
      email,
      invitedBy: input.actorId,
      createdAt: now,
      expiresAt,
    });
  });
  return { id, token, expiresAt };
}

/** The team's usable invitations, newest first (owners and admins). */
export async function listTeamInvites(db: Db, input: { teamId: string; actorId: string; now?: Date }): Promise<PendingTeamInvite[]> {
  await requireTeamRole(db, { teamId: input.teamId, userId: input.actorId }, [...MANAGERS]);
  const rows = await db.orm
    .select({
      id: teamInvites.id,
      email: teamInvites.email,
      role: teamInvites.role,
      createdAt: teamInvites.createdAt,
      expiresAt: teamInvites.expiresAt,
      inviter: { id: users.id, email: users.email, name: users.name },
    })
    .from(teamInvites)
    .leftJoin(users, eq(users.id, teamInvites.invitedBy))
    .where(and(eq(teamInvites.teamId, input.teamId), usable(input.now ?? new Date())))
    .orderBy(desc(teamInvites.createdAt), desc(teamInvites.id));
  return rows.map(({ inviter, ...invite }) => ({ ...invite, invitedBy: inviter }));
}

/**
 * Revokes an unaccepted invitation (owners and admins): its link stops working at once. An accepted one, or one of
 * another team, is NotFoundError (the person already joined: remove the member instead).
 */
export async function revokeTeamInvite(db: Db, input: { teamId: string; actorId: string; inviteId: string }): Promise<void> {
  await requireTeamRole(db, { teamId: input.teamId, userId: input.actorId }, [...MANAGERS]);
  const deleted = await db.orm
    .delete(teamInvites)
    .where(and(eq(teamInvites.id, input.inviteId), eq(teamInvites.teamId, input.teamId), isNull(teamInvites.acceptedAt)))
    .returning({ id: teamInvites.id });
  if (deleted.length === 0) throw new NotFoundError('invitation', input.inviteId);
}

/** A usable (unexpired, unaccepted, not revoked) invitation; null otherwise. */
export async function getTeamInvite(db: Db, token: string, now = new Date()): Promise<TeamInviteView | null> {
  const [row] = await db.orm
    .select({ invite: teamInvites, team: { id: teams.id, name: teams.name } })
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .where(and(eq(teamInvites.tokenHash, hashInviteToken(token)), usable(now)));
  return row ? { team: row.team, role: row.invite.role, email: row.invite.email, expiresAt: row.invite.expiresAt } : null;
}

/**
 * Joins the user to the invitation's team (once; an invitation naming an email is for that email only). Returns the
 * team and the user's member account in it (the workspace to work in), or null when the invitation is not usable.
 */
export async function acceptTeamInvite(
  db: Db,
  input: { token: string; userId: string; now?: Date },
): Promise<{ team: { id: string; name: string }; accountId: string; alreadyMember: boolean } | null> {
  const now = input.now ?? new Date();
  return db.orm.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(teamInvites)
      .where(and(eq(teamInvites.tokenHash, hashInviteToken(input.token)), usable(now)));
    if (!invite) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
    if (!user) throw new NotFoundError('user', input.userId);
    if (invite.email !== null && invite.email !== user.email) {
      throw new PermissionError(`This invitation is for ${invite.email}: sign in with that email address to accept it.`);
    }
    const [team] = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, invite.teamId));
    const [already] = await tx
      .select({ accountId: teamMembers.accountId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, invite.teamId), eq(teamMembers.userId, user.id)));
    // A member opening a link meant for someone else (to check it, or by mistake) must not spend it.
    if (already) return { team: team!, accountId: already.accountId, alreadyMember: true };
    const [claimed] = await tx
      .update(teamInvites)
      .set({ acceptedAt: now })
      .where(and(eq(teamInvites.tokenHash, invite.tokenHash), usable(now)))
      .returning();
    if (!claimed) return null;
    const accountId = await addMember(tx, {
      teamId: team!.id,
      teamName: team!.name,
      userId: user.id,
      email: user.email,
      role: claimed.role,
    });
    return { team: team!, accountId, alreadyMember: false };
  });
}
