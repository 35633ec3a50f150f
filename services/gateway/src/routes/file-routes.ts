import { Router, type Request } from 'express';
import { ProblemError } from '@pressroom/problem';
import type { Storage } from '@pressroom/storage';
import { labelledPath } from '../http/route-label.js';
import { handler } from '../http/routes.js';
import { answerStoredFile } from '../http/stored-file-answer.js';

// A video render's poster frame sits beside it: renders/vid_<id>.poster.png.
const RENDERED_FILE = /^renders\/[a-z]+_[0-9a-z]+(?:\.poster)?\.(png|jpg|webp|gif|pdf|mp4|webm)$/;
const ASSET_FILE = /^assets\/ast_[0-9a-z]+\.(png|jpg|webp|svg|ttf|otf|woff2)$/;
/** A template version's thumbnail (docs/templates.md#versions): replaced in place when the editor sends another, so not immutable. */
const THUMBNAIL_FILE = /^thumbnails\/[A-Za-z0-9_-]+\/tpv_[0-9a-z]+\.png$/;

/**
 * GET and HEAD /files/<key>: rendered files and asset library files. Public like a CDN URL: the key holds a
 * 120-bit random id, and files never change once written. Streams from the store (a
 * video is never held in memory), answers `Range` (Safari plays MP4 only with 206s)
 * and revalidates with the ETag.
 */
export function fileRoutes(options: { storage: Storage }): Router {
  const router = Router();
  router.get(
    labelledPath(/^\/files\/(.+)$/, '/files/*'),
    handler(async (req, res) => {
      const key = String((req.params as Record<string, string>)[0]);
      const notFound = new ProblemError('not-found', { detail: `No file exists at ${req.path}.` });
      const isAsset = ASSET_FILE.test(key) || THUMBNAIL_FILE.test(key);
      if (!RENDERED_FILE.test(key) && !isAsset) throw notFound;
      const info = await options.storage.head(key);
      if (!info) throw notFound;
      res.type(info.contentType).setHeader('Cache-Control', isAsset ? 'public, max-age=300' : 'public, max-age=31536000, immutable');
      if (isAsset) {
        // A deleted asset must stop being served soon; an SVG must never run as a page of our origin.
        res
          .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
          .setHeader('X-Content-Type-Options', 'nosniff')
          .setHeader('Access-Control-Allow-Origin', '*');
      }
      await answerStoredFile(req, res, {
        storage: options.storage,
        key,
        info,
        notFound,
        whenCutShort: (err: unknown) => {
          // The client went away mid-file (seeking in a video does this all the time): nothing to answer.
          if (!isClientGone(req)) throw err;
        },
      });
    }),
  );
  return router;
}

function isClientGone(req: Request): boolean {
  return req.destroyed || req.socket.destroyed;
}
