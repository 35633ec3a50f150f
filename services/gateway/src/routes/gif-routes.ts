import { Router, type Response } from 'express';
import { CATALOG, GIF_CAPTURE_COST, GIF_QUALITY_PRESETS, GifCaptureRequest, GifRequest, type RenderGifCommand } from '@pressroom/contracts';
import { getRenderById } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf, type AuthContext } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { commandSource, submitRender, type RenderGatewayDeps, type RenderWait } from '../renders/submit-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { loadTemplate, templatePage } from '../renders/template-source.js';
import { gifResult, gifView } from '../views/gif-view.js';
import { renderListHandlers } from './render-list.js';

interface GifInput {
  auth: AuthContext;
  origin: RenderGifCommand['origin'];
  mode: RenderGifCommand['mode'];
  templateId: string | null;
  source: { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string };
  width: number;
  height: number;
  quality: RenderGifCommand['quality'];
  durationSeconds: number | null;
  selector: string | null;
  waitForSelector: string | null;
  cost: number;
}

function submitGif(deps: RenderGatewayDeps, input: GifInput): Promise<RenderWait> {
  const preset = GIF_QUALITY_PRESETS[input.quality];
  return submitRender<RenderGifCommand>(deps, {
    auth: input.auth,
    kind: 'gif',
    idPrefix: 'gif',
    extension: 'gif',
    origin: input.origin,
    templateId: input.templateId,
    format: 'gif',
    width: input.width,
    height: input.height,
    cost: input.cost,
    subject: CATALOG.renderGif,
    command: async ({ id, output, requestedAt }) => ({
      renderId: id,
      accountId: input.auth.account.id,
      ownerId: input.auth.ownerId,
      origin: input.origin,
      templateId: input.templateId,
      mode: input.mode,
      source: await commandSource(deps.storage, id, input.source),
      width: input.width,
      height: input.height,
      quality: input.quality,
      fps: preset.fps,
      durationSeconds: input.durationSeconds,
      maxDurationSeconds: preset.maxSeconds,
      selector: input.selector,
      waitForSelector: input.waitForSelector,
      output,
      requestedAt,
    }),
  });
}

/** 200 `{gif}` once the GIF is stored, or 202 with its id when it outlived the wait. */
async function respondWithGif(deps: RenderGatewayDeps, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    res.status(202).location(`/gif/${wait.id}`).json({ id: wait.id, uid: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
    return;
  }
  const row = await getRenderById(deps.db, wait.id);
  res.status(200).json({ gif: gifResult(row!) });
}

/** POST /gif, POST /gif/capture, GET /gif, GET /gif/{uid}. See docs/gif.md. */
export function gifRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'gif', plural: 'gifs', singular: 'gif', noun: 'GIF', view: gifView });

  defineRoute(router, '/gif', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(GifRequest, req.body);
      const auth = authOf(res);
      let source: GifInput['source'];
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
      const wait = await submitGif(deps, {
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
        cost: 1,
      });
      await respondWithGif(deps, res, wait);
    }),
    get: lists.list,
  });

  defineRoute(router, '/gif/capture', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(GifCaptureRequest, req.body);
      const wait = await submitGif(deps, {
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
