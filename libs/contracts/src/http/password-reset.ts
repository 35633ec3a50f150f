import { z } from 'zod';
import { textField } from './common.js';
import { EmailAddress, NewPassword } from './dashboard-auth.js';

// "Forgot password?" (docs/auth.md "Password reset"): ask for a mailed link, then set a new password with its token.

/** POST /auth/password-reset: answered the same whether or not an account uses the email. */
export const PasswordResetRequestBody = z.object({ email: EmailAddress }).strict();

/** The token of a mailed link (its fragment, `/app/reset-password#<token>`). */
const ResetToken = textField('token', { max: 200, trim: false });

/**
 * POST /auth/password-reset/check: whether a link still works, without spending it. In a body, not the path: the
 * token stays out of URLs (access logs, proxies), as the link's fragment keeps it.
 */
export const PasswordResetCheckBody = z.object({ token: ResetToken }).strict();

/** POST /auth/password-reset/complete: the token from the mailed link and the new password (the sign-up rules). */
export const PasswordResetCompleteBody = z
  .object({
    token: ResetToken,
    newPassword: NewPassword,
  })
  .strict();

/** The answer of POST /auth/password-reset: what the page tells the person, whatever the email. */
export const PasswordResetRequested = z.object({
  expiresInMinutes: z.number().int().describe('How long a mailed link works.'),
});

/** The 200 of POST /auth/password-reset/complete: the email to sign in with (the link went to it). */
export const PasswordResetDone = z.object({ email: z.string() });
