import { Router } from 'express';
import { CreateInviteBody, CreateTeamBody, MemberRoleBody } from '@pressroom/contracts';
import {
  acceptTeamInvite,
  createTeamInvite,
  createTeamWorkspace,
  getTeamInvite,
  getUser,
  listTeamInvites,
  listTeamMembers,
  listUserTeams,
  removeTeamMember,
  revokeTeamInvite,
  setMemberRole,
  setSessionAccount,
  type Db,
  type PendingTeamInvite,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import { audit } from '../http/audit.js';
import { requireSession, sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import type { InviteMailer } from '../dashboard/invite-mailer.js';
import { sessionView } from '../dashboard/session-view.js';

interface TeamRouteDeps {
  db: Db;
  publicBaseUrl: string;
  inviteTtlMs: number;
  mailer: InviteMailer | null;
}

const invalidInvite = () =>
  new ProblemError('invalid-invite', {
    detail: 'This invitation link is no longer valid: it is unknown, expired, revoked or already used.',
  });

/** A pending invitation as GET /teams/{id}/invites lists it (TeamInvite in the contracts). */
function pendingInviteView(invite: PendingTeamInvite) {
  return { ...invite, createdAt: invite.createdAt.toISOString(), expiresAt: invite.expiresAt.toISOString() };
}

/** How the audit log names a member: their email as it is now (the id when the user is gone). */
async function emailOf(db: Db, userId: string): Promise<string> {
  return (await getUser(db, userId))?.email ?? userId;
}

/** The dashboard page an invitation link opens. */
export function inviteUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/app/invite/${encodeURIComponent(token)}`;
}

/** What an invitation is for, shown before signing up or in: public (the token is the secret). */
export function invitePublicRoutes(deps: { db: Db }): Router {
  const router = Router();
  defineRoute(router, '/invites/:token', {
    get: async (req, res) => {
      const invite = await getTeamInvite(deps.db, String(req.params.token));
      if (!invite) throw invalidInvite();
      res.json({ team: invite.team, role: invite.role, email: invite.email, expiresAt: invite.expiresAt.toISOString() });
    },
  });
  return router;
}

/** Teams, members, roles and invitations (dashboard session only; docs/dashboard-api.md). */
export function teamRoutes(deps: TeamRouteDeps): Router {
  const router = Router();
  router.use(['/teams', '/invites'], requireSession);

  defineRoute(router, '/teams', {
    get: async (_req, res) => {
      res.json({ items: await listUserTeams(deps.db, sessionOf(res).user.id) });
    },
    post: async (req, res) => {
      const { name } = parseOrThrow(CreateTeamBody, req.body);
      const team = await createTeamWorkspace(deps.db, { userId: sessionOf(res).user.id, name });
      await audit(req, res, 'team.created', { ownerId: team.id, targetId: team.id, targetLabel: team.name });
      res.status(201).json({ ...team, role: 'owner' });
    },
  });

  defineRoute(router, '/teams/:id/members', {
    get: async (req, res) => {
      const members = await listTeamMembers(deps.db, { teamId: String(req.params.id), actorId: sessionOf(res).user.id });
      res.json({ items: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })) });
    },
  });

  defineRoute(router, '/teams/:id/members/:userId', {
    patch: async (req, res) => {
      const { role } = parseOrThrow(MemberRoleBody, req.body);
      const input = { teamId: String(req.params.id), actorId: sessionOf(res).user.id, userId: String(req.params.userId) };
      await setMemberRole(deps.db, { ...input, role });
      await audit(req, res, 'team.member_role_changed', {
        ownerId: input.teamId,
        targetId: input.userId,
        targetLabel: `${await emailOf(deps.db, input.userId)} → ${role}`,
      });
      res.json({ userId: input.userId, role });
    },
    delete: async (req, res) => {
      const teamId = String(req.params.id);
      const userId = String(req.params.userId);
      await removeTeamMember(deps.db, { teamId, actorId: sessionOf(res).user.id, userId });
      await audit(req, res, 'team.member_removed', { ownerId: teamId, targetId: userId, targetLabel: await emailOf(deps.db, userId) });
      res.status(204).end();
    },
  });

  defineRoute(router, '/teams/:id/invites', {
    get: async (req, res) => {
      const invites = await listTeamInvites(deps.db, { teamId: String(req.params.id), actorId: sessionOf(res).user.id });
      res.json({ items: invites.map(pendingInviteView) });
    },
    post: async (req, res) => {
      const { email, role } = parseOrThrow(CreateInviteBody, req.body);
      const { user } = sessionOf(res);
      const teamId = String(req.params.id);
      const issued = await createTeamInvite(deps.db, { teamId, actorId: user.id, role, email: email ?? null, ttlMs: deps.inviteTtlMs });
      const url = inviteUrl(deps.publicBaseUrl, issued.token);
      let emailed = false;
      if (email && deps.mailer) {
        const invite = await getTeamInvite(deps.db, issued.token);
        try {
          await deps.mailer.send({
            to: email,
            teamName: invite?.team.name ?? teamId,
            inviter: { name: user.name, email: user.email },
            role,
            expiresAt: issued.expiresAt,
            url,
          });
          emailed = true;
        } catch (error) {
          // The link still works; the dashboard shows it for handing over by hand.
          (res.locals.log as Logger).warn({ err: error }, 'invitation mail not sent');
        }
      }
      await audit(req, res, 'team.invite_sent', {
        ownerId: teamId,
        targetId: issued.id,
        targetLabel: `${email?.toLowerCase() ?? 'anyone with the link'} as ${role}`,
      });
      res.status(201).json({
        id: issued.id,
        token: issued.token,
        url,
        emailed,
        role,
        email: email?.toLowerCase() ?? null,
        expiresAt: issued.expiresAt.toISOString(),
      });
    },
  });

  defineRoute(router, '/teams/:id/invites/:inviteId', {
    delete: async (req, res) => {
      const teamId = String(req.params.id);
      const inviteId = String(req.params.inviteId);
      await revokeTeamInvite(deps.db, { teamId, actorId: sessionOf(res).user.id, inviteId });
      await audit(req, res, 'team.invite_revoked', { ownerId: teamId, targetId: inviteId });
      res.status(204).end();
    },
  });

  defineRoute(router, '/invites/:token/accept', {
    post: async (req, res) => {
      const { user, tokenHash } = sessionOf(res);
      const joined = await acceptTeamInvite(deps.db, { token: String(req.params.token), userId: user.id });
      if (!joined) throw invalidInvite();
      // The invitation is to work in the team: the session is there when the answer arrives.
      await setSessionAccount(deps.db, { tokenHash, accountId: joined.accountId });
      if (!joined.alreadyMember) {
        await audit(req, res, 'team.invite_accepted', {
          actor: { ownerId: joined.team.id, accountId: joined.accountId, keyId: null },
          targetId: user.id,
          targetLabel: user.email,
        });
      }
      res.json({
        team: joined.team,
        alreadyMember: joined.alreadyMember,
        session: await sessionView(deps.db, { user, accountId: joined.accountId }),
      });
    },
  });
  return router;
}
