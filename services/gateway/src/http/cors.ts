import type { RequestHandler } from 'express';

/** Headers a browser client may read: the rate-limit, idempotency, pagination and caching ones. */
const EXPOSED = [
  'Location',
  'Link',
  'ETag',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Idempotent-Replayed',
  'Mcp-Session-Id',
].join(', ');
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-Match, If-None-Match, Mcp-Protocol-Version, Mcp-Session-Id';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * CORS for the origins of PRESSROOM_CORS_ORIGINS (`*` for any); none by default, so
 * browsers reach the API only from its own origin (the dashboard, /docs try-it). Keys
 * travel in `Authorization`, never cookies: credentials are not allowed cross-origin,
 * so a dashboard session can never be used from another site. A foreign origin gets no
 * CORS headers (the browser then refuses the answer); same-origin requests are untouched.
 */
export function cors(options: { origins: readonly string[] }): RequestHandler {
  const any = options.origins.includes('*');
  const allowed = new Set(options.origins.map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  return (req, res, next) => {
    if (allowed.size === 0) return next();
    res.vary('Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !(any || allowed.has(origin.toLowerCase()))) return next();
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
