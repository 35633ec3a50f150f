import { Router } from 'express';
import {
  DEFAULT_IMAGE_QUALITY,
  IMAGE_DEFAULT_HEIGHT,
  IMAGE_DEFAULT_WIDTH,
  ImageRequest,
  OgImageRequest,
  formatOfExtension,
} from '@pressroom/contracts';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitImageRender, type ImageRenderInput, type RenderGatewayDeps } from '../renders/submit-image-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { renderTemplate } from '../renders/render-template.js';
import { loadTemplate } from '../renders/load-template.js';
import { imageView } from '../views/image-view.js';
import { renderListHandlers } from './render-list.js';
import { respondWithRender, respondWithTemplateRender } from './respond-render.js';

export function imageRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'image', plural: 'images', singular: 'image', noun: 'image', view: imageView });

  defineRoute(router, '/image', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(ImageRequest, req.body);
      const auth = authOf(res);
      let source: ImageRenderInput['source'];
      const size = { width: IMAGE_DEFAULT_WIDTH, height: IMAGE_DEFAULT_HEIGHT };
      const templateId: string | null = null;
      if (body.html !== undefined) {
        source = { kind: 'html', html: body.html, jsEnabled: true };
      } else if (body.url !== undefined) {
        source = { kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) };
      } else {
        const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: body.template! });
        const rendered = await renderTemplate(deps, {
          auth,
          template,
          variables: body.variables ?? {},
          layout: body.layout,
          layouts: body.layouts,
          width: body.width,
          height: body.height,
          selector: body.selector ?? null,
          format: formatOfExtension(body.fileExtension),
          quality: body.quality ?? DEFAULT_IMAGE_QUALITY,
        });
        respondWithTemplateRender(res, rendered, template.uid);
        return;
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
        quality: body.quality ?? DEFAULT_IMAGE_QUALITY,
      });
      respondWithRender(res, outcome);
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
