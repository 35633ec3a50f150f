import { Router, type Request, type Response } from 'express';
import { SignUpRefusedError, signInWithOidc, type Db, type SecretBox, type SignedUpUser } from '@pressroom/db';
import type { DashboardSettings } from '@pressroom/config';
import { ProblemError } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import { isHttps, readCookie } from '../http/cookies.js';
import { defineRoute } from '../http/routes.js';
import { startSession } from '../dashboard/start-session.js';
import { createOidcClient, type OidcStart } from '../dashboard/oidc-client.js';

const FLOW_COOKIE = 'pressroom_oidc';
const FLOW_TTL_SECONDS = 600;
const DEFAULT_RETURN = '/app/';

/** Only a path on this server (no scheme, no `//host`): the callback never redirects elsewhere. */
function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : DEFAULT_RETURN;
}

interface SealedFlow extends OidcStart {
  returnTo: string;
  inviteToken?: string;
}

function flowCookie(value: string, secure: boolean, maxAge: number): string {
  return [
    `${FLOW_COOKIE}=${value}`,
    'Path=/auth/oidc',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** GET /auth/oidc/start and /auth/oidc/callback (public; docs/auth.md). 404 when OIDC is not configured. */
export function oidcRoutes(deps: { db: Db; settings: DashboardSettings; publicBaseUrl: string; secretBox: SecretBox }): Router {
  const router = Router();
  const oidc = deps.settings.oidc ? createOidcClient(deps.settings.oidc, `${deps.publicBaseUrl}/auth/oidc/callback`) : null;
  const requireOidc = () => {
    if (!oidc)
      throw new ProblemError('not-found', { detail: 'Single sign-on is not configured on this instance (PRESSROOM_OIDC_ISSUER).' });
    return oidc;
  };
  // The browser is sent back to the sign-in page with the reason rather than shown JSON.
  const failed = (res: Response, reason: string) => {
    res.redirect(302, `/app/sign-in?error=${encodeURIComponent(reason)}`);
  };

  defineRoute(router, '/auth/oidc/start', {
    get: async (req: Request, res: Response) => {
      const started = await requireOidc().start();
      const flow: SealedFlow = {
        ...started,
        returnTo: safeReturnTo(req.query.returnTo),
        ...(typeof req.query.inviteToken === 'string' ? { inviteToken: req.query.inviteToken } : {}),
      };
      res.append('Set-Cookie', flowCookie(deps.secretBox.seal(JSON.stringify(flow)), isHttps(req, deps.publicBaseUrl), FLOW_TTL_SECONDS));
      res.redirect(302, started.url);
    },
  });

  defineRoute(router, '/auth/oidc/callback', {
    get: async (req: Request, res: Response) => {
      const client = requireOidc();
      const secure = isHttps(req, deps.publicBaseUrl);
      res.append('Set-Cookie', flowCookie('', secure, 0));
      const sealed = readCookie(req, FLOW_COOKIE);
      let flow: SealedFlow;
      try {
        flow = JSON.parse(deps.secretBox.open(sealed ?? '')) as SealedFlow;
      } catch {
        return failed(res, 'The sign-in took too long or was started in another browser. Try again.');
      }
      let identity;
      try {
        identity = await client.finish(new URL(req.originalUrl, deps.publicBaseUrl), flow.flow);
      } catch (error) {
        (res.locals.log as Logger).info({ err: error }, 'OIDC callback refused');
        return failed(res, 'The identity provider did not confirm the sign-in. Try again.');
      }
      let user: SignedUpUser;
      try {
        user = await signInWithOidc(deps.db, { ...identity, inviteToken: flow.inviteToken }, { configuredMode: deps.settings.signupMode });
      } catch (error) {
        if (error instanceof SignUpRefusedError) return failed(res, error.message);
        throw error;
      }
      await startSession(req, res, { db: deps.db, user, ttlMs: deps.settings.sessionTtlMs, publicBaseUrl: deps.publicBaseUrl });
      res.redirect(302, flow.returnTo);
    },
  });
  return router;
}
