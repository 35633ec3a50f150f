import { Router } from 'express';
import type { OtherSessionsSignedOut, UserSessionList } from '@pressroom/contracts';
import { deleteUserSessions, endUserSession, listUserSessions, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { audit } from '../http/audit.js';
import { sessionOf } from '../http/auth.js';
import { defineRoute } from '../http/routes.js';

/**
 * Account → Signed-in browsers (docs/dashboard.md): the user's sessions by opaque id (libs/db user-sessions.ts), and
 * signing one or all of the others out. Dashboard session only; each sign-out is in the audit log.
 */
export function userSessionRoutes(deps: { db: Db }): Router {
  const router = Router();

  defineRoute(router, '/auth/sessions', {
    get: async (_req, res) => {
      const session = sessionOf(res);
      const list = await listUserSessions(deps.db, { userId: session.user.id, currentTokenHash: session.tokenHash });
      const items = list.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastUsedAt: s.lastUsedAt?.toISOString() ?? null }));
      res.json({ items } satisfies UserSessionList);
    },
  });

  defineRoute(router, '/auth/sessions/sign-out-others', {
    post: async (req, res) => {
      const session = sessionOf(res);
      const signedOut = await deleteUserSessions(deps.db, { userId: session.user.id, exceptTokenHash: session.tokenHash });
      if (signedOut > 0) {
        await audit(req, res, 'account.other_sessions_signed_out', {
          targetId: session.user.id,
          targetLabel: `${signedOut} other ${signedOut === 1 ? 'browser' : 'browsers'}`,
        });
      }
      res.json({ signedOut } satisfies OtherSessionsSignedOut);
    },
  });

  defineRoute(router, '/auth/sessions/:id', {
    delete: async (req, res) => {
      const session = sessionOf(res);
      const id = String(req.params.id);
      const ended = await endUserSession(deps.db, { userId: session.user.id, id, currentTokenHash: session.tokenHash });
      if (!ended) {
        throw new ProblemError('not-found', {
          detail: `You have no other signed-in browser ${id}: it may have signed out already. To sign out this browser, use Sign out.`,
        });
      }
      await audit(req, res, 'account.session_signed_out', {
        targetId: ended.id,
        targetLabel: ended.browser ?? 'An unknown browser',
      });
      res.status(204).end();
    },
  });
  return router;
}
