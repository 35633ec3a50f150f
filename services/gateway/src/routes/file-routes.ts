import { Router } from 'express';
import { ProblemError } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import { handler } from '../http/routes.js';

const RENDERED_FILE = /^renders\/[a-z]+_[0-9a-z]+\.(png|jpg|webp|gif|pdf|mp4)$/;

/**
 * GET /files/<key>: rendered files. Public like a CDN URL: the key holds a
 * 120-bit random id, and files never change once written.
 */
export function fileRoutes(options: { storage: Storage }): Router {
  const router = Router();
  router.get(
    /^\/files\/(.+)$/,
    handler(async (req, res) => {
      const key = String((req.params as Record<string, string>)[0]);
      const notFound = new ProblemError('not-found', { detail: `No file exists at ${req.path}.` });
      if (!RENDERED_FILE.test(key)) throw notFound;
      const object = await options.storage.get(key);
      if (!object) throw notFound;
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
