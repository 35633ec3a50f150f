import { Router } from 'express';
import { CanvasImageRequest, IMAGE_DEFAULT_HEIGHT, IMAGE_DEFAULT_WIDTH, formatOfExtension } from '@pressroom/contracts';
import { canvasSizeOf, prepareCanvas } from '@pressroom/render-requests';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitImageRender, type RenderGatewayDeps } from '../renders/submit-image-render.js';
import { respondWithRender } from './respond-render.js';

const DEFAULT_QUALITY = 0.9;

/**
 * POST /image/canvas: a FabricJS canvas JSON rendered to an image. Mounted
 * before the image routes, whose `/image/:uid` would otherwise claim the path.
 */
export function canvasRoutes(deps: RenderGatewayDeps): Router {
  const router = Router();

  defineRoute(router, '/image/canvas', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(CanvasImageRequest, req.body);
      const source = prepareCanvas({
        document: body.fabricJSData,
        variables: body.variables ?? {},
        definitions: body.variableDefinitions ?? [],
        strictVariables: false,
      });
      const stated = canvasSizeOf(body.fabricJSData);
      const outcome = await submitImageRender(deps, {
        auth: authOf(res),
        origin: 'canvas',
        templateId: null,
        source,
        width: body.width ?? stated.width ?? IMAGE_DEFAULT_WIDTH,
        height: body.height ?? stated.height ?? IMAGE_DEFAULT_HEIGHT,
        selector: null,
        format: formatOfExtension(body.fileExtension),
        quality: body.quality ?? DEFAULT_QUALITY,
      });
      respondWithRender(res, outcome);
    }),
  });

  return router;
}
