import { Router } from 'express';
import { TemplatePreviewRequest } from '@pressroom/contracts';
import { authOf } from '../http/auth.js';
import { countEndpointMinute } from '../http/endpoint-limit.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import type { RenderGatewayDeps } from '../renders/submit-render.js';
import { renderTemplatePreview } from '../renders/template-preview.js';

/** POST /templates/preview: the editor's live preview, answered with the image itself (or, asked for JSON, its data URL). */
export function templatePreviewRoutes(deps: RenderGatewayDeps & { perMinute: number }): Router {
  const router = Router();
  defineRoute(router, '/templates/preview', {
    post: handler(async (req, res) => {
      const auth = authOf(res);
      // Counted before the body is read: a stream of invalid drafts counts too.
      await countEndpointMinute(deps.db, res, {
        ownerId: auth.ownerId,
        scope: 'template-preview',
        limit: deps.perMinute,
        what: 'Template previews',
      });
      const body = parseOrThrow(TemplatePreviewRequest, req.body);
      const image = await renderTemplatePreview(deps, { auth, body });
      // A key caller that prefers JSON (the hosted service's clients) gets the image data inline; the
      // dashboard (a session, whose fetches prefer JSON for every call) and `*/*` get the bytes.
      if (!auth.session && req.accepts(['image/*', 'application/json']) === 'application/json') {
        res
          .status(200)
          .set('Cache-Control', 'no-store')
          .json({
            image: `data:${image.contentType};base64,${image.bytes.toString('base64')}`,
            contentType: image.contentType,
            width: image.width,
            height: image.height,
          });
        return;
      }
      res
        .status(200)
        .set({
          'Content-Type': image.contentType,
          'Cache-Control': 'no-store',
          'X-Image-Width': String(image.width),
          'X-Image-Height': String(image.height),
        })
        .send(image.bytes);
    }),
  });
  return router;
}
