import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/** Does an If-None-Match header name this tag? Weak comparison (RFC 9110 §13.1.2), `*` matches any. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * `ETag` on every 200 JSON answer to a GET, and 304 when the client's If-None-Match
 * already names it, so pollers (batch results, lists) skip unchanged bodies. Weak tags:
 * the same JSON is also sent gzip- or brotli-encoded. A route that set its own ETag (a
 * template's revision, which If-Match on its PUT compares) keeps it, and is never answered
 * 304: such a tag names the revision, not the body (a newer thumbnail leaves it alone), so a
 * 304 would hand a cached copy's old thumbnail back as current.
 */
export const jsonEtag: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const json = res.json.bind(res);
  res.json = (value: unknown) => {
    if (res.statusCode !== 200) return json(value);
    if (typeof res.getHeader('ETag') === 'string') return json(value);
    const etag = `W/"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
    res.setHeader('ETag', etag);
    if (matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return res;
    }
    // Through the previous res.json, so other answer hooks (Link pagination) still run.
    return json(value);
  };
  next();
};
