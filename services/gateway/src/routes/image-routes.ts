import { Router } from 'express';
import {
  IMAGE_DEFAULT_HEIGHT,
  IMAGE_DEFAULT_WIDTH,
  ImageListQuery,
  ImageRequest,
  formatOfExtension,
  paginate,
} from '@pressroom/contracts';
import { getRender, listRenders } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitImageRender, type ImageRenderInput, type RenderGatewayDeps } from '../renders/submit-image-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { loadTemplate, templatePage } from '../renders/template-source.js';
import { imageView } from '../views/image-view.js';
import { respondWithRender } from './respond-render.js';

const DEFAULT_QUALITY = 0.9;

export function imageRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();

  defineRoute(router, '/image', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ImageRequest, req.body);
      const auth = authOf(res);
      let source: ImageRenderInput['source'];
      let size = { width: IMAGE_DEFAULT_WIDTH, height: IMAGE_DEFAULT_HEIGHT };
      let templateId: string | null = null;
      if (body.html !== undefined) {
        source = { kind: 'html', html: body.html, jsEnabled: true };
      } else if (body.url !== undefined) {
        source = { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) };
      } else {
        const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template! });
        const page = templatePage(template, { variables: body.variables ?? {} });
        source = { kind: 'html', html: page.html, jsEnabled: page.jsEnabled };
        size = { width: page.width, height: page.height };
        templateId = template.uid;
      }
      const outcome = await submitImageRender(deps, {
        auth,
        origin: body.html !== undefined ? 'html' : body.url !== undefined ? 'url' : 'template',
        templateId,
        source,
        width: body.width ?? size.width,
        height: body.height ?? size.height,
        selector: body.selector ?? null,
        format: formatOfExtension(body.fileExtension),
        quality: body.quality ?? DEFAULT_QUALITY,
      });
      respondWithRender(res, outcome);
    }),
    get: handler(async (req, res) => {
      const query = parseOrThrow(ImageListQuery, req.query, 'query');
      const offset = query.offset ?? ((query.page ?? 1) - 1) * query.limit;
      const page = Math.floor(offset / query.limit) + 1;
      const { rows, total } = await listRenders(deps.db, { ownerId: authOf(res).ownerId, kind: 'image', offset, limit: query.limit });
      res.json({ images: rows.map(imageView), pagination: { ...paginate({ page, limit: query.limit, total }), offset, hasMore: offset + rows.length < total } });
    }),
  });

  defineRoute(router, '/image/:uid', {
    get: handler(async (req, res) => {
      const row = await getRender(deps.db, { ownerId: authOf(res).ownerId, id: String(req.params.uid) });
      if (!row || row.kind !== 'image') {
        throw new ProblemError('not-found', { detail: `No image with id ${JSON.stringify(req.params.uid)} exists for this account.` });
      }
      res.json({ image: imageView(row) });
    }),
  });

  return router;
}
