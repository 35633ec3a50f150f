/** The dashboard's base path (vite.config.ts `base`), without the trailing slash. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/** Pages for signing in: never a place to come back to after it. */
const AUTH_PAGES = ['/sign-in', '/sign-up', '/forgot-password', '/reset-password'];

/**
 * Only a path inside the dashboard is a valid place to come back to after sign-in: anything else
 * (another origin, `//host`, a server route) falls back to the home page, so the link cannot be an open redirect.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  const inApp = raw.startsWith(`${BASE}/`) ? raw.slice(BASE.length) : raw;
  return AUTH_PAGES.some((page) => inApp.startsWith(page)) ? '/' : inApp;
}

/**
 * `/sign-in?returnTo=…` for the page the user is on now; `reason: 'session-ended'` makes the sign-in page say that
 * the session ended (rather than greet a first visit).
 */
export function signInPathFor(location: { pathname: string; search: string }, reason?: 'session-ended'): string {
  const here = `${location.pathname}${location.search}`;
  return `/sign-in?returnTo=${encodeURIComponent(safeReturnTo(here))}${reason ? `&reason=${reason}` : ''}`;
}
