/** The dashboard's base path (vite.config.ts `base`), without the trailing slash. */
export const BASE = import.meta.env.BASE_URL.replace(/\/$/, '');

/**
 * Only a path inside the dashboard is a valid place to come back to after sign-in: anything else
 * (another origin, `//host`, a server route) falls back to the home page, so the link cannot be an open redirect.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  const inApp = raw.startsWith(`${BASE}/`) ? raw.slice(BASE.length) : raw;
  return inApp.startsWith('/sign-in') || inApp.startsWith('/sign-up') ? '/' : inApp;
}

/** `/sign-in?returnTo=…` for the page the user is on now. */
export function signInPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  return `/sign-in?returnTo=${encodeURIComponent(safeReturnTo(here))}`;
}
