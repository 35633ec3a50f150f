import { Router, type Request, type Response } from 'express';
import type { DashboardSettings } from '@pressroom/config';
import { PasswordResetCheckBody, PasswordResetCompleteBody, PasswordResetRequestBody } from '@pressroom/contracts';
import { checkPasswordReset, completePasswordReset, PASSWORD_RESET_TTL_MS, requestPasswordReset, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { Logger } from '@pressroom/telemetry';
import { passwordResetUrl, type PasswordResetMailer } from '../dashboard/reset-mailer.js';
import { audit } from '../http/audit.js';
import { clearSessionCookies, isHttps } from '../http/cookies.js';
import { countEndpointMinute } from '../http/endpoint-limit.js';
import { jsonBody } from '../http/json-body.js';
import { defineRoute } from '../http/routes.js';
import { assertSameOrigin } from '../http/same-origin.js';
import { parseOrThrow } from '../http/validate.js';

/** What a person who cannot reset by mail is told (the dashboard's forgot-password page says the same). */
const OWNER_RESETS_PASSWORDS =
  'This instance sends no email, so its owner resets passwords: `admin-cli users set-password <account> --email <your email>` ' +
  '(for an account made by signing up, <account> is the email too). It prints a new password and lifts a lockout.';

/** "Forgot password?": a mailed single-use link, then a new password (docs/auth.md "Password reset"). Public. */
export function passwordResetRoutes(deps: {
  db: Db;
  settings: DashboardSettings;
  publicBaseUrl: string;
  maxBodyBytes: number;
  /** Null without SMTP: the instance owner resets passwords. */
  passwordResetMailer: PasswordResetMailer | null;
}): Router {
  const router = Router();
  const body = jsonBody({ maxBodyBytes: deps.maxBodyBytes });
  const mailer = deps.passwordResetMailer;
  const expiresInMinutes = PASSWORD_RESET_TTL_MS / 60_000;
  const limited = async (req: Request, res: Response): Promise<void> => {
    // Also refuses these forms posted from other sites.
    assertSameOrigin(req, deps.publicBaseUrl);
    await countEndpointMinute(deps.db, res, {
      ownerId: `ip:${req.ip ?? 'unknown'}`,
      scope: 'password-reset',
      limit: deps.settings.signInPerMinute,
      what: 'Password-reset requests from one address',
    });
  };

  defineRoute(router, '/auth/password-reset', {
    post: [
      ...body,
      async (req, res) => {
        await limited(req, res);
        if (!mailer) throw new ProblemError('not-found', { detail: OWNER_RESETS_PASSWORDS });
        const { email } = parseOrThrow(PasswordResetRequestBody, req.body);
        const issued = await requestPasswordReset(deps.db, { email });
        if (issued) {
          const log = res.locals.log as Logger;
          // Not awaited: an address with an account must not answer later than one without. A failure is logged
          // without the link (the SMTP error names the server's answer, not the message), so the token is only in the mail.
          mailer
            .send({ to: issued.user.email, url: passwordResetUrl(deps.publicBaseUrl, issued.token), expiresInMinutes })
            .catch((error: unknown) => log.warn({ err: error, userId: issued.user.id }, 'password reset mail not sent'));
        }
        res.json({ expiresInMinutes });
      },
    ],
  });

  // The reset page asks when it opens, so a dead link is said before a new password is typed. Counted with the
  // other reset requests: checking is no cheaper way to guess tokens than using them.
  defineRoute(router, '/auth/password-reset/check', {
    post: [
      ...body,
      async (req, res) => {
        await limited(req, res);
        const { token } = parseOrThrow(PasswordResetCheckBody, req.body);
        await checkPasswordReset(deps.db, { token });
        res.status(204).end();
      },
    ],
  });

  defineRoute(router, '/auth/password-reset/complete', {
    post: [
      ...body,
      async (req, res) => {
        await limited(req, res);
        const input = parseOrThrow(PasswordResetCompleteBody, req.body);
        const user = await completePasswordReset(deps.db, input);
        // Every session of the user ended, this browser's included (when it had one): it signs in afresh.
        clearSessionCookies(res, isHttps(req, deps.publicBaseUrl));
        // Nobody is signed in: the reset is the person's, logged in their personal workspace.
        await audit(req, res, 'account.password_reset', {
          actor: { ownerId: user.personalAccountId, accountId: user.personalAccountId, keyId: null },
        });
        res.json({ email: user.email });
      },
    ],
  });
  return router;
}
