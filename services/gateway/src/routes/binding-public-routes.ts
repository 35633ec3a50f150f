import { extensionOfFormat } from '@pressroom/contracts';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { getBindingByUid, requestBindingRefresh, type Db, type SecretBox } from '@pressroom/db';
import type { Bus } from '@pressroom/bus';
import { ProblemError } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import { wakeBinding } from '../bindings/wake-binding.js';
import { defineRoute, handler } from '../http/routes.js';

/** What the render URL serves before a binding's first good render: a transparent 1×1 PNG, never cached. */
const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
  'base64',
);

const RENDER_FILE = /^(bnd_[0-9a-z]+)\.(png|jpg|webp)$/;

function sameSecret(given: string, expected: string): boolean {
  // Hash first: equal lengths for timingSafeEqual, and nothing leaks the expected length.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The public side of bindings (no API key; mounted before authentication):
 * GET /b/{uid}.{ext}, the stable image URL, and POST /hooks/bindings/{uid}/{token},
 * the secret trigger URL. See docs/bindings.md for what each answers.
 */
export function bindingPublicRoutes(deps: { db: Db; storage: Storage; secretBox: SecretBox; bus: Pick<Bus, 'notify'> }): Router {
  const router = Router();

  router.get(
    /^\/b\/([^/]+)$/,
    handler(async (req, res) => {
      const file = String((req.params as Record<string, string>)[0]);
      const notFound = new ProblemError('not-found', { detail: `No binding image exists at ${req.path}.` });
      const match = RENDER_FILE.exec(file);
      if (!match) throw notFound;
      const binding = await getBindingByUid(deps.db, match[1]!);
      if (!binding || extensionOfFormat(binding.outputConfig.format) !== match[2]) throw notFound;
      res.setHeader('X-Binding-Status', binding.status);
      if (binding.status === 'error' && binding.refreshPolicy.onError === 'serve_error') {
        throw new ProblemError('binding-error', {
          detail: `The last refresh of binding ${binding.uid} failed: ${binding.lastError ?? 'unknown error'}`,
          code: binding.lastErrorCode ?? 'REFRESH_FAILED',
          headers: { 'Cache-Control': 'no-store' },
        });
      }
      const object = binding.currentStorageKey ? await deps.storage.get(binding.currentStorageKey) : null;
      if (!binding.currentRenderId || !object) {
        res
          .status(200)
          .type('image/png')
          .setHeader('Cache-Control', 'no-store')
          .setHeader('Content-Length', String(PLACEHOLDER_PNG.length))
          .end(PLACEHOLDER_PNG);
        return;
      }
      const etag = `"${binding.currentRenderId}"`;
      res.setHeader('ETag', etag).setHeader('Cache-Control', `public, max-age=${binding.refreshPolicy.ttlSeconds}`);
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
        res.status(304).end();
        return;
      }
      res.status(200).type(object.contentType).setHeader('Content-Length', String(object.bytes.length)).end(object.bytes);
    }),
  );

  defineRoute(router, '/hooks/bindings/:uid/:token', {
    post: handler(async (req, res) => {
      const uid = String(req.params.uid);
      // One answer for an unknown binding and a wrong token: the URL is the credential.
      const notFound = new ProblemError('not-found', { detail: 'No binding trigger exists at this URL.' });
      const binding = await getBindingByUid(deps.db, uid);
      if (!binding || !sameSecret(String(req.params.token), deps.secretBox.open(binding.triggerTokenCiphertext))) throw notFound;
      if (binding.status === 'paused')
        throw new ProblemError('conflict', { detail: `Binding ${uid} is paused; triggers are ignored until it is resumed.` });
      if (await requestBindingRefresh(deps.db, { uid, at: new Date(), trigger: 'webhook', force: true })) await wakeBinding(deps.bus, uid);
      res.status(202).json({ message: 'Refresh scheduled', uid });
    }),
  });

  return router;
}
