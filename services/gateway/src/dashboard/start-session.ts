import type { Request, Response } from 'express';
import { createSession, getAccount, lastWorkspaceAccountId, type Db, type SignedUpUser } from '@pressroom/db';
import { audit } from '../http/audit.js';
import { isHttps, setSessionCookies } from '../http/cookies.js';

/**
 * A new session with its cookies: in the team a sign-up's invitation just joined (`teamAccountId`), else in the
 * workspace the user last worked in while they still belong to it (a session that ended mid-task resumes there),
 * else in the personal workspace.
 */
export async function startSession(
  req: Request,
  res: Response,
  input: { db: Db; user: SignedUpUser; ttlMs: number; publicBaseUrl: string },
): Promise<void> {
  const accountId = input.user.teamAccountId ?? (await lastWorkspaceAccountId(input.db, input.user));
  // The User-Agent names the browser in Account's list of signed-in browsers.
  const issued = await createSession(input.db, { userId: input.user.id, accountId, ttlMs: input.ttlMs, userAgent: req.get('user-agent') });
  setSessionCookies(res, { ...issued, secure: isHttps(req, input.publicBaseUrl) });
  // Every way in (password, sign-up, single sign-on) passes here: the audit log names the workspace it opened.
  const account = await getAccount(input.db, accountId);
  if (!account) return;
  const actor = { ownerId: account.ownerId, accountId, keyId: null };
  // A sign-up through an invitation link joined the team on the way in: the team's log says so, as an accepted
  // invitation of a signed-in user does (POST /invites/{token}/accept).
  if (input.user.teamAccountId !== undefined) {
    await audit(req, res, 'team.invite_accepted', { actor, targetId: input.user.id, targetLabel: input.user.email });
  }
  await audit(req, res, 'account.signed_in', { actor });
}
