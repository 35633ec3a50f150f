import { Router } from 'express';
import { PdfMultiPageRequest, PdfRenderRequest, pdfPresetList } from '@pressroom/contracts';
import { planPdfPrint, templateDocuments } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitPdfRender } from '../renders/submit-pdf-render.js';
import type { RenderGatewayDeps } from '../renders/submit-render.js';
import { renderPdfRequest, topLevelPdfOptions } from '../renders/pdf-request.js';
import { loadTemplate } from '../renders/load-template.js';
import { pdfView } from '../views/pdf-view.js';
import { renderListHandlers } from './render-list.js';
import { respondWithPdf } from './respond-render.js';

/** POST /pdf/render, POST /pdf/multi-page, GET /pdf/presets, GET /pdf, GET /pdf/{uid}. See docs/pdf.md. */
export function pdfRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'pdf', plural: 'pdfs', singular: 'pdf', noun: 'PDF', view: pdfView });

  defineRoute(router, '/pdf/render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(PdfRenderRequest, req.body);
      respondWithPdf(res, await renderPdfRequest(deps, authOf(res), body));
    }),
  });

  defineRoute(router, '/pdf/multi-page', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(PdfMultiPageRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: (body.templateUid ?? body.template)! });
      const print = planPdfPrint(
        { options: topLevelPdfOptions(body), nested: body.options },
        template,
        templateDocuments(template, body.variableSets),
      );
      const wait = await submitPdfRender(deps, {
        auth,
        origin: 'template',
        templateId: template.uid,
        ...print,
        // One PDF of many pages, one row: it keeps each page's variables, in page order (docs/api.md).
        variableSets: body.variableSets,
      });
      respondWithPdf(res, wait);
    }),
  });

  defineRoute(router, '/pdf/presets', {
    get: handler(async (_req, res) => {
      res.json({ presets: pdfPresetList() });
    }),
  });

  defineRoute(router, '/pdf', { get: lists.list });
  defineRoute(router, '/pdf/:uid', { get: lists.one });

  return router;
}
