import { Router } from 'express';
import { GIF_CAPTURE_COST, GifCaptureRequest, GifRequest } from '@pressroom/contracts';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitGifRender } from '../renders/submit-gif-render.js';
import { renderGifRequest } from '../renders/gif-request.js';
import type { RenderGatewayDeps } from '../renders/submit-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { gifView } from '../views/gif-view.js';
import { renderListHandlers } from './render-list.js';
import { respondWithGif } from './respond-render.js';

/** POST /gif, POST /gif/capture, GET /gif, GET /gif/{uid}. See docs/gif.md. */
export function gifRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'gif', plural: 'gifs', singular: 'gif', noun: 'GIF', view: gifView });

  defineRoute(router, '/gif', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(GifRequest, req.body);
      await respondWithGif(deps, res, await renderGifRequest(deps, authOf(res), body));
    }),
    get: lists.list,
  });

  defineRoute(router, '/gif/capture', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(GifCaptureRequest, req.body);
      const wait = await submitGifRender(deps, {
        auth: authOf(res),
        origin: 'capture',
        mode: 'recording',
        templateId: null,
        source: { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) },
        width: body.width,
        height: body.height,
        quality: body.quality,
        durationSeconds: body.frameDurationSeconds,
        selector: body.selector ?? null,
        waitForSelector: body.waitForSelector ?? null,
        cost: GIF_CAPTURE_COST,
      });
      await respondWithGif(deps, res, wait);
    }),
  });

  defineRoute(router, '/gif/:uid', { get: lists.one });

  return router;
}
