import { Router } from 'express';
import { GIF_CAPTURE_COST, GifCaptureRequest, GifRequest, pickRenderControls } from '@pressroom/contracts';
import { templatePage } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitGifRender, type GifRenderInput } from '../renders/submit-gif-render.js';
import type { RenderGatewayDeps } from '../renders/submit-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { loadTemplate } from '../renders/load-template.js';
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
      const auth = authOf(res);
      let source: GifRenderInput['source'];
      let templateId: string | null = null;
      if (body.html !== undefined) {
        source = { kind: 'html', html: body.html, jsEnabled: true };
      } else if (body.url !== undefined) {
        source = { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) };
      } else {
        const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template! });
        const page = templatePage(template, { variables: body.variables ?? {} });
        source = { kind: 'html', html: page.html, jsEnabled: page.jsEnabled };
        templateId = template.uid;
      }
      const wait = await submitGifRender(deps, {
        auth,
        origin: body.html !== undefined ? 'html' : body.url !== undefined ? 'url' : 'template',
        mode: 'animation',
        templateId,
        source,
        width: body.width,
        height: body.height,
        quality: body.quality,
        durationSeconds: body.frameDurationSeconds ?? null,
        selector: null,
        waitForSelector: null,
        controls: pickRenderControls(body),
        cost: 1,
      });
      await respondWithGif(deps, res, wait);
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
