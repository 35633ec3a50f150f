import { Router } from 'express';
import { ProblemError } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import { handler } from '../http/routes.js';

const RENDERED_FILE = /^renders\/[a-z]+_[0-9a-z]+\.(png|jpg|webp|gif|pdf|mp4)$/;
const ASSET_FILE = /^assets\/ast_[0-9a-z]+\.(png|jpg|webp|svg|ttf|otf|woff2)$/;

/**
 * GET /files/<key>: rendered files and asset library files. Public like a CDN URL: the key holds a
 * 120-bit random id, and files never change once written.
 */
export function fileRoutes(options: { storage: Storage }): Router {
  const router = Router();
  router.get(
    /^\/files\/(.+)$/,
    handler(async (req, res) => {
      const key = String((req.params as Record<string, string>)[0]);
      const notFound = new ProblemError('not-found', { detail: `No file exists at ${req.path}.` });
      const isAsset = ASSET_FILE.test(key);
      if (!RENDERED_FILE.test(key) && !isAsset) throw notFound;
      const object = await options.storage.get(key);
      if (!object) throw notFound;
      if (isAsset) {
        // A deleted asset must stop being served soon; an SVG must never run as a page of our origin.
        res
          .setHeader('Cache-Control', 'public, max-age=300')
          .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
          .setHeader('X-Content-Type-Options', 'nosniff')
          .setHeader('Access-Control-Allow-Origin', '*')
          .status(200)
          .type(object.contentType)
          .setHeader('Content-Length', String(object.bytes.length))
          .end(object.bytes);
        return;
      }
      res
        .status(200)
        .type(object.contentType)
        .setHeader('Cache-Control', 'public, max-age=31536000, immutable')
        .setHeader('Content-Length', String(object.bytes.length))
        .end(object.bytes);
    }),
  );
  return router;
}
