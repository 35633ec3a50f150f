import { ApiError, problemFrom } from './problem';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_COOKIE = 'pressroom_csrf';

export interface RequestOptions {
  method?: string;
  /** Sent as a JSON body. */
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** false: a 401 `not-signed-in` is only thrown, never handed to the session-ended handler (the checks that handler makes). */
  reauthenticate?: boolean;
}

/** Resolves true once the person is signed in again as before (the request is then sent once more), false to give up. */
type UnauthenticatedHandler = () => Promise<boolean>;
let onUnauthenticated: UnauthenticatedHandler = () => Promise.resolve(false);

/** The app registers what happens when the session ends mid-use (app/session.tsx). */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler): void {
  onUnauthenticated = handler;
}

/**
 * A session lookup found nobody signed in (GET /auth/session answers that with a 200, not a 401): the same chance to
 * sign in again as a refused request has. True once signed in again as before.
 */
export const signInAgainHandled = (): Promise<boolean> => onUnauthenticated();

/** The session cookie is unknown or expired (signed out elsewhere, a password change elsewhere, its time is up). */
// `missing-auth` too: the dashboard never sends a key, so that 401 means the browser dropped the cookie (its expiry).
export const isSessionEnded = (error: ApiError) =>
  error.status === 401 && /(^|\/)(not-signed-in|missing-auth)$/.test(error.problem.type ?? '');

function readCookie(name: string): string | undefined {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : undefined;
}

/** `/path?query` with empty values dropped. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The one way the dashboard calls the API: same-origin with the session cookie, the CSRF token echoed on
 * state-changing methods, every failure an ApiError. When the session has ended (401 `not-signed-in`), the app's
 * handler asks the person to sign in again where they are; the request, refused without effect, is then sent once
 * more (with the new session's CSRF token), so whatever a form was saving goes through and nothing typed is lost.
 */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = (options.method ?? (options.json !== undefined ? 'POST' : 'GET')).toUpperCase();
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json, application/problem+json, */*');
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (UNSAFE.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers.set('x-csrf-token', token);
  }
  const res = await fetch(apiUrl(path, options.query), {
    method,
    headers,
    body: body ?? null,
    credentials: 'same-origin',
    signal: options.signal ?? null,
  });
  if (res.ok) return res;
  const error = await problemFrom(res);
  if (options.reauthenticate !== false && isSessionEnded(error) && (await onUnauthenticated())) {
    return request(path, { ...options, reauthenticate: false });
  }
  throw error;
}

/** A JSON call; 204 resolves to undefined. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await request(path, options);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json'))
    throw new ApiError({ title: 'Unexpected response', status: res.status, detail: `Expected JSON from ${path}.` });
  return (await res.json()) as T;
}
