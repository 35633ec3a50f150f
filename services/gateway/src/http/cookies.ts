import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';

export const SESSION_COOKIE = 'pressroom_session';
export const CSRF_COOKIE = 'pressroom_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The CSRF token is derived from the session token: a page can read it (double-submit),
 * it changes with every session, and nothing extra is stored.
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');
}

function cookie(name: string, value: string, options: { httpOnly: boolean; secure: boolean; maxAgeSeconds: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax', `Max-Age=${options.maxAgeSeconds}`];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function isHttps(req: Request, publicBaseUrl: string): boolean {
  return req.secure || publicBaseUrl.startsWith('https:');
}

export function setSessionCookies(res: Response, input: { token: string; expiresAt: Date; secure: boolean }): void {
  const maxAgeSeconds = Math.max(0, Math.floor((input.expiresAt.getTime() - Date.now()) / 1000));
  res.append('Set-Cookie', [
    cookie(SESSION_COOKIE, input.token, { httpOnly: true, secure: input.secure, maxAgeSeconds }),
    cookie(CSRF_COOKIE, csrfTokenOf(input.token), { httpOnly: false, secure: input.secure, maxAgeSeconds }),
  ]);
}

export function clearSessionCookies(res: Response, secure: boolean): void {
  res.append('Set-Cookie', [
    cookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 }),
    cookie(CSRF_COOKIE, '', { httpOnly: false, secure, maxAgeSeconds: 0 }),
  ]);
}
