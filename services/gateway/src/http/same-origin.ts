import type { Request } from 'express';
import { ProblemError } from '@pressroom/problem';
import { CSRF_COOKIE, CSRF_HEADER, csrfTokenOf, readCookie } from './cookies.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(detail: string): ProblemError {
  return new ProblemError('csrf-failed', { detail });
}

/**
 * A cookie-authenticated request must come from our own pages: `Sec-Fetch-Site`, when the
 * browser sends it, must be same-origin (or none: typed in the address bar), and `Origin`,
 * when present, must be this server (its Host, or the public base URL behind a proxy).
 */
export function assertSameOrigin(req: Request, publicBaseUrl: string): void {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw refuse(`The dashboard session is not accepted from a ${site} request.`);
  }
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const own = new Set([`${req.protocol}://${req.get('host') ?? ''}`, new URL(publicBaseUrl).origin]);
  if (!own.has(origin)) throw refuse(`The dashboard session is not accepted from the origin ${origin}.`);
}

/** State-changing methods must echo the CSRF cookie in `X-CSRF-Token` (double-submit, bound to the session). */
export function assertCsrf(req: Request, sessionToken: string): void {
  if (SAFE_METHODS.has(req.method)) return;
  const header = req.headers[CSRF_HEADER];
  const expected = csrfTokenOf(sessionToken);
  if (typeof header !== 'string' || header === '') {
    throw refuse(
      `Send the value of the ${CSRF_COOKIE} cookie in the X-CSRF-Token header with every ${req.method} made with the dashboard session.`,
    );
  }
  if (header !== expected || readCookie(req, CSRF_COOKIE) !== expected) {
    throw refuse(`The X-CSRF-Token header does not match this session's ${CSRF_COOKIE} cookie.`);
  }
}
