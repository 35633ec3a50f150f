import { createHash } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { FileExtension, URL_RENDER_PARAMS, formatOfExtension } from '@pressroom/contracts';
import { findUrlRender, getRenderById, minuteWindow, rememberUrlRender, secondsUntil, takeSignedRender } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';
import { SECRET_ID_PARAM, SIGNATURE_PARAM, verifyRenderUrl } from '@pressroom/url-signing';
import type { Logger } from '@pressroom/telemetry';
import { bearerToken, type AuthContext } from '../http/auth.js';
import { LocalWindowCounter } from '../http/local-window-counter.js';
import { countRateLimited, setRateLimitHeaders } from '../http/rate-limit.js';
import type { SigningSecretCache } from '../http/signing-secrets.js';
import { assertUrlInput } from '../http/url-input.js';
import { renderTemplate } from '../renders/render-template.js';
import type { RenderGatewayDeps } from '../renders/submit-image-render.js';
import { loadTemplate } from '../renders/load-template.js';
import { UrlRenderMemo, type MemoEntry } from '../renders/url-render-memo.js';

/** A transparent 1×1 PNG: what an <img> gets whatever went wrong (docs/url-rendering.md). */
const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
  'base64',
);
/** The parameters the route reads itself (contracts' one list); every other one is a template variable. */
const RESERVED = new Set(URL_RENDER_PARAMS);
/** A signed URL's own failures answer a real 4xx problem, not the pixel (docs/adr/0022-signed-render-urls.md). */
const SIGNATURE_SLUGS = new Set(['invalid-signature', 'signature-expired', 'signed-render-cap']);
/** Recent hits' bytes per gateway (docs/url-rendering.md): 32 MiB in all, files up to 2 MiB, one minute each. */
const MEMO = { maxBytes: 32 * 1024 * 1024, maxEntryBytes: 2 * 1024 * 1024, ttlMs: 60_000 };

function fail(slug: 'missing-auth' | 'invalid-api-key' | 'validation-error' | 'route-not-found', detail: string): ProblemError {
  return new ProblemError(slug, { detail });
}

function parseQuality(value: unknown): number {
  if (value === undefined) return 0.9;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > 1) throw fail('validation-error', '`quality` must be a number from 0 to 1.');
  return n;
}

async function authenticateKey(deps: { verifyKey(key: string): Promise<AuthContext | null> }, req: Request): Promise<AuthContext> {
  const query = typeof req.query.token === 'string' ? req.query.token : undefined;
  const header = req.headers.authorization ? (bearerToken(req.headers.authorization) ?? undefined) : undefined;
  const key = query ?? header;
  if (!key)
    throw fail('missing-auth', 'Give the API key as the `token` query parameter or `Authorization: Bearer <key>`, or sign the URL.');
  const auth = await deps.verifyKey(key);
  if (!auth) throw fail('invalid-api-key', 'The provided API key is invalid or has been revoked.');
  return auth;
}

/** The query as the client sent it, as name/value pairs in order (what the signature covers). */
function queryPairs(req: Request): [string, string][] {
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  return [...new URLSearchParams(search).entries()];
}

/**
 * A signed URL (`sid` + `s`, docs/signed-urls.md): the secret comes from the
 * in-memory cache, so a hot URL verifies without a database read. The signed
 * path is `/r/{file}` whatever base path the gateway is mounted under.
 */
async function authenticateSignature(
  secrets: SigningSecretCache,
  req: Request,
  now: Date,
): Promise<{ auth: AuthContext; secretId: string }> {
  const sid = req.query[SECRET_ID_PARAM];
  if (typeof sid !== 'string' || sid === '') {
    throw new ProblemError('invalid-signature', { detail: 'A signed URL names its secret with one `sid` parameter.' });
  }
  const entry = await secrets.lookup(sid);
  if (!entry) throw new ProblemError('invalid-signature', { detail: `No active URL-signing secret \`${sid}\` (rotated or revoked?).` });
  const verdict = verifyRenderUrl({ path: `/r/${String(req.params.file)}`, pairs: queryPairs(req), secret: entry.secret, now });
  if (!verdict.ok)
    throw new ProblemError(verdict.reason === 'expired' ? 'signature-expired' : 'invalid-signature', { detail: verdict.detail });
  return { auth: entry.auth, secretId: entry.id };
}

/**
 * `GET /r/{templateUid}.{png|jpeg|jpg|webp}?token=…&quality=…&layout=…&<variable>=…`: a template
 * render addressed by URL, for <img> tags. Public (the key may be in the query), so mounted
 * before `authenticate`. Identical URLs (parameter order and token ignored) are answered from
 * the owner's cache without a render or a charge until the template changes.
 */
export function urlRenderRoutes(
  deps: RenderGatewayDeps & {
    perMinute: number;
    secrets: SigningSecretCache;
    /** The authenticate middleware's cached key check (a revoked key stops within its cache time, at once on this replica). */
    verifyKey(key: string): Promise<AuthContext | null>;
    logger?: Logger;
    now?: () => Date;
  },
): Router {
  const router = Router();
  const now = deps.now ?? (() => new Date());
  const memo = new UrlRenderMemo(MEMO);
  // A template edit or delete anywhere drops the owner's answers here (the memo never reads the template).
  deps.owners?.onDrop('templates', (ownerId) => memo.dropOwner(ownerId));
  // Not seeded from the row: a hit never waits for the database, and the other replicas' counts arrive with each flush.
  const counter = new LocalWindowCounter({
    db: deps.db,
    scope: 'endpoint:url-render',
    window: minuteWindow,
    onFlushError: (error) => deps.logger?.warn({ err: error }, 'URL-render counts not added to the shared counter; retried'),
  });

  function send(res: Response, file: MemoEntry): void {
    res
      .status(200)
      .setHeader('Content-Type', file.contentType)
      .setHeader('Cache-Control', 'private, max-age=300')
      .setHeader('ETag', file.etag)
      .setHeader('X-Pressroom-Render-Id', file.renderId);
    res.end(file.bytes);
  }

  function notModified(res: Response, etag: string): void {
    res.status(304).setHeader('ETag', etag).setHeader('Cache-Control', 'private, max-age=300').end();
  }

  /** The endpoint's fixed per-owner minute limit, counted in memory (LocalWindowCounter); over it → 429. */
  async function countRequest(res: Response, ownerId: string, at: Date): Promise<void> {
    const tally = await counter.tally(ownerId, at);
    const count = counter.hit(tally);
    const { window } = tally;
    setRateLimitHeaders(res, { scope: 'minute', limit: deps.perMinute, count, window }, at);
    if (count <= deps.perMinute) return;
    const retryAfter = secondsUntil(window.end, at);
    countRateLimited({ limit: 'endpoint:url-render', window: 'minute' });
    throw new ProblemError('rate-limit', {
      detail: `URL renders allow ${deps.perMinute} requests per minute. Retry in ${retryAfter} seconds.`,
      headers: { 'Retry-After': String(retryAfter) },
      extensions: { limit: deps.perMinute, window: 'minute' },
    });
  }

  async function serve(req: Request, res: Response): Promise<void> {
    assertUrlInput(req);
    const match = /^(.+)\.([a-z]+)$/.exec(String(req.params.file));
    const extension = match ? FileExtension.safeParse(match[2]) : undefined;
    const format = extension?.success ? formatOfExtension(extension.data) : undefined;
    if (!match || !format) throw fail('route-not-found', 'Use /r/{templateUid}.png, .jpeg, .jpg or .webp.');
    const at = now();
    const signed = req.query[SIGNATURE_PARAM] !== undefined ? await authenticateSignature(deps.secrets, req, at) : null;
    const auth = signed?.auth ?? (await authenticateKey(deps, req));
    await countRequest(res, auth.ownerId, at);

    const quality = parseQuality(req.query.quality);
    const layout = typeof req.query.layout === 'string' ? req.query.layout : undefined;
    const variables: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.query)) {
      if (RESERVED.has(name)) continue;
      if (typeof value !== 'string') throw fail('validation-error', `Variable \`${name}\` must appear once.`);
      variables[name] = value;
    }
    const sorted = Object.keys(variables)
      .sort()
      .map((k) => [k, variables[k]]);
    // The request as the client wrote it (token and parameter order aside): the memo's key.
    const requestKey = JSON.stringify([match[1], format, quality, layout ?? null, sorted]);

    // A URL this process answered within the last minute and whose template did not change since: no database or storage read.
    const recent = memo.get(auth.ownerId, requestKey);
    if (recent) {
      if (req.headers['if-none-match'] === recent.etag) return notModified(res, recent.etag);
      return send(res, recent);
    }

    const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: match[1]! });
    if (template.outputFormat === 'pdf') throw fail('validation-error', 'PDF templates cannot be rendered as images by URL.');
    // The template's updatedAt is part of the key: an edit makes every old URL render afresh.
    const cacheKey = createHash('sha256')
      .update(JSON.stringify([template.uid, template.updatedAt.toISOString(), format, quality, layout ?? null, sorted]))
      .digest('hex');
    const etag = `"${cacheKey.slice(0, 32)}"`;

    let renderId = await findUrlRender(deps.db, { ownerId: auth.ownerId, cacheKey });
    let row = renderId ? await getRenderById(deps.db, renderId) : null;
    if (row?.state === 'done' && req.headers['if-none-match'] === etag) return notModified(res, etag);
    if (!row || row.state !== 'done' || !row.storageKey) {
      if (signed && !(await takeSignedRender(deps.db, signed.secretId))) {
        throw new ProblemError('signed-render-cap', {
          detail: `The URL-signing secret ${signed.secretId} has caused as many distinct renders as its \`maxRenders\` allows.`,
        });
      }
      const rendered = await renderTemplate(deps, {
        auth,
        template,
        variables,
        layout,
        selector: null,
        format,
        quality,
        via: signed ? 'signed-url' : 'url-render',
      });
      if (rendered.kind !== 'single' || rendered.outcome.state !== 'done')
        throw new ProblemError('render-timeout', { detail: 'The render did not finish in time.' });
      renderId = rendered.outcome.result.id;
      row = await getRenderById(deps.db, renderId);
      await rememberUrlRender(deps.db, { ownerId: auth.ownerId, cacheKey, renderId });
    }
    const stored = row?.storageKey ? await deps.storage.get(row.storageKey) : null;
    if (!stored) throw new ProblemError('render-failed', { detail: 'The rendered file is no longer available.' });
    const file: MemoEntry = { renderId: row!.id, contentType: stored.contentType, bytes: stored.bytes, etag };
    memo.set(auth.ownerId, requestKey, file);
    send(res, file);
  }

  router.get('/r/:file', async (req, res, next) => {
    try {
      await serve(req, res);
    } catch (error) {
      if (isProblemError(error) && SIGNATURE_SLUGS.has(error.slug)) {
        res.setHeader('X-Pressroom-Error', error.slug).setHeader('Cache-Control', 'no-store');
        next(error);
        return;
      }
      // Never an error page: an <img> shows nothing, the header names the problem.
      const slug = isProblemError(error) ? error.slug : 'internal-error';
      if (isProblemError(error) && error.headers?.['Retry-After']) res.setHeader('Retry-After', error.headers['Retry-After']);
      res
        .status(200)
        .setHeader('Content-Type', 'image/png')
        .setHeader('Cache-Control', 'no-store')
        .setHeader('X-Pressroom-Error', slug)
        .end(TRANSPARENT_PNG);
    }
  });
  return router;
}
