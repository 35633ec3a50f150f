import { Router, type Request, type Response } from 'express';
import type { DashboardSettings } from '@pressroom/config';
import {
  ChangePasswordBody,
  ProfileBody,
  SessionLookupQuery,
  SignInBody,
  SignUpBody,
  SwitchWorkspaceBody,
  type SessionLookup,
} from '@pressroom/contracts';
import {
  changePassword,
  deleteSession,
  deleteUserSessions,
  isFirstRun,
  listWorkspaces,
  setSessionAccount,
  setUserName,
  signInWithPassword,
  signUp,
  signupModeInForce,
  type Db,
} from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { audit } from '../http/audit.js';
import { sessionAuth, sessionOf } from '../http/auth.js';
import { clearSessionCookies, isHttps, readCookie, SESSION_COOKIE } from '../http/cookies.js';
import { countEndpointMinute } from '../http/endpoint-limit.js';
import { noneAnswer } from '../http/if-none.js';
import { jsonBody } from '../http/json-body.js';
import { defineRoute } from '../http/routes.js';
import { assertSameOrigin } from '../http/same-origin.js';
import { parseOrThrow } from '../http/validate.js';
import { sessionView, userView } from '../dashboard/session-view.js';
import { startSession } from '../dashboard/start-session.js';
import type { PasswordResetMailer } from '../dashboard/reset-mailer.js';
import { passwordResetRoutes } from './password-reset-routes.js';
import { userSessionRoutes } from './user-session-routes.js';

interface AuthRouteDeps {
  db: Db;
  settings: DashboardSettings;
  publicBaseUrl: string;
  maxBodyBytes: number;
  passwordResetMailer: PasswordResetMailer | null;
}

/** Sign-up, sign-in and the instance's auth configuration: before authentication (docs/auth.md). */
export function authPublicRoutes(deps: AuthRouteDeps): Router {
  const router = Router();
  const body = jsonBody({ maxBodyBytes: deps.maxBodyBytes });
  const limited = async (req: Request, res: Response): Promise<void> => {
    // Also refuses sign-in from other sites (login CSRF).
    assertSameOrigin(req, deps.publicBaseUrl);
    await countEndpointMinute(deps.db, res, {
      ownerId: `ip:${req.ip ?? 'unknown'}`,
      scope: 'sign-in',
      limit: deps.settings.signInPerMinute,
      what: 'Sign-in and sign-up attempts from one address',
    });
  };

  defineRoute(router, '/auth/config', {
    get: async (_req, res) => {
      res.json({
        signupMode: await signupModeInForce(deps.db, deps.settings.signupMode),
        firstRun: await isFirstRun(deps.db),
        oidc: { enabled: deps.settings.oidc !== null, name: deps.settings.oidc?.name ?? null },
        // How a forgotten password is reset: a mailed link (SMTP configured), or by the instance owner's admin CLI.
        passwordReset: deps.settings.smtp ? 'email' : 'instance-owner',
      });
    },
  });

  // The dashboard asks this first: without any credentials the answer is "sign in", not "send an API key". Nobody
  // signed in (no cookie, or one that expired or was signed out) is 401, or 200 {signedIn: false} under ?ifNone=empty.
  router.get('/auth/session', async (req, res, next) => {
    const none = noneAnswer(SessionLookupQuery, req, res);
    if (req.headers.authorization !== undefined) return next();
    const signedOut = { signedIn: false } satisfies SessionLookup;
    if (!readCookie(req, SESSION_COOKIE)) {
      return none(signedOut, () => new ProblemError('not-signed-in', { detail: 'There is no dashboard session. Sign in.' }));
    }
    try {
      // Kept for `authenticate`, which the signed-in answer goes through like every session route (not looked up again).
      res.locals.auth = await sessionAuth(req, deps);
    } catch (error) {
      if (error instanceof ProblemError && error.slug === 'not-signed-in') return none(signedOut, () => error);
      throw error;
    }
    next();
  });

  defineRoute(router, '/auth/sign-up', {
    post: [
      ...body,
      async (req, res) => {
        await limited(req, res);
        const input = parseOrThrow(SignUpBody, req.body);
        const user = await signUp(deps.db, input, { configuredMode: deps.settings.signupMode });
        await startSession(req, res, { db: deps.db, user, ttlMs: deps.settings.sessionTtlMs, publicBaseUrl: deps.publicBaseUrl });
        res.status(201).json({ user: userView(user) });
      },
    ],
  });

  defineRoute(router, '/auth/sign-in', {
    post: [
      ...body,
      async (req, res) => {
        await limited(req, res);
        const input = parseOrThrow(SignInBody, req.body);
        const user = await signInWithPassword(deps.db, { ...input, policy: deps.settings.lockout });
        await startSession(req, res, { db: deps.db, user, ttlMs: deps.settings.sessionTtlMs, publicBaseUrl: deps.publicBaseUrl });
        res.json({ user: userView(user) });
      },
    ],
  });

  router.use(passwordResetRoutes(deps));
  return router;
}

/** The signed-in user's own session: after authentication, dashboard session only. */
export function authSessionRoutes(deps: AuthRouteDeps): Router {
  const router = Router();

  defineRoute(router, '/auth/session', {
    get: async (_req, res) => {
      const session = sessionOf(res);
      const { account } = res.locals.auth as { account: { id: string } };
      const view = await sessionView(deps.db, { user: session.user, accountId: account.id });
      res.json({ signedIn: true, ...view } satisfies SessionLookup);
    },
  });

  defineRoute(router, '/auth/sign-out', {
    post: async (req, res) => {
      const session = sessionOf(res);
      await deleteSession(deps.db, session.tokenHash);
      clearSessionCookies(res, isHttps(req, deps.publicBaseUrl));
      res.status(204).end();
    },
  });

  defineRoute(router, '/auth/workspace', {
    post: async (req, res) => {
      const session = sessionOf(res);
      const { workspaceId } = parseOrThrow(SwitchWorkspaceBody, req.body);
      const workspace = (await listWorkspaces(deps.db, session.user)).find((w) => w.id === workspaceId);
      if (!workspace) {
        throw new ProblemError('not-found', {
          detail: `You have no workspace ${workspaceId}.`,
          errors: [{ field: 'workspaceId', message: 'Not one of your workspaces.' }],
        });
      }
      await setSessionAccount(deps.db, { tokenHash: session.tokenHash, accountId: workspace.accountId });
      res.json(await sessionView(deps.db, { user: session.user, accountId: workspace.accountId }));
    },
  });

  defineRoute(router, '/auth/profile', {
    put: async (req, res) => {
      const session = sessionOf(res);
      const { name } = parseOrThrow(ProfileBody, req.body);
      await setUserName(deps.db, { userId: session.user.id, name });
      const { account } = res.locals.auth as { account: { id: string } };
      res.json(await sessionView(deps.db, { user: { ...session.user, name: name || null }, accountId: account.id }));
    },
  });

  defineRoute(router, '/auth/password', {
    post: async (req, res) => {
      const session = sessionOf(res);
      const input = parseOrThrow(ChangePasswordBody, req.body);
      await changePassword(deps.db, { userId: session.user.id, ...input });
      // Other browsers signed in with the old password are signed out.
      await deleteUserSessions(deps.db, { userId: session.user.id, exceptTokenHash: session.tokenHash });
      await audit(req, res, 'account.password_changed');
      res.status(204).end();
    },
  });

  router.use(userSessionRoutes(deps));
  return router;
}
