import { Router } from 'express';
import { DEFAULT_IMAGE_QUALITY, ImageRequest, OgImageRequest, formatOfExtension } from '@pressroom/contracts';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import type { RenderGatewayDeps } from '../renders/submit-image-render.js';
import { renderImageRequest } from '../renders/image-request.js';
import { renderTemplate } from '../renders/render-template.js';
import { loadTemplate } from '../renders/load-template.js';
import { imageView } from '../views/image-view.js';
import { renderListHandlers } from './render-list.js';
import { respondWithImageRequest, respondWithTemplateRender } from './respond-render.js';

export function imageRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'image', plural: 'images', singular: 'image', noun: 'image', view: imageView });

  defineRoute(router, '/image', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ImageRequest, req.body);
      respondWithImageRequest(res, await renderImageRequest(deps, authOf(res), body));
    }),
    get: lists.list,
  });

  // The reference service's OG shortcut: a template render whose variables are the card fields.
  defineRoute(router, '/image/og-image', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(OgImageRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template });
      const variables = Object.fromEntries(
        Object.entries({ heading: body.heading, description: body.description, logo: body.logo }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      const rendered = await renderTemplate(deps, {
        auth,
        template,
        variables,
        layout: undefined,
        layouts: undefined,
        width: undefined,
        height: undefined,
        selector: null,
        format: formatOfExtension(body.fileExtension),
        quality: DEFAULT_IMAGE_QUALITY,
      });
      respondWithTemplateRender(res, rendered, template.uid);
    }),
  });

  defineRoute(router, '/image/:uid', {
    get: lists.one,
  });

  return router;
}
