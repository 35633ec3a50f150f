import { Router } from 'express';
import { PdfMultiPageRequest, PdfRenderRequest, pdfPresetList, type PdfOptions } from '@pressroom/contracts';
import { pdfPrintSettings, templateDocuments, type PdfDocumentInput } from '@pressroom/render-requests';
import type { SsrfGuard } from '@pressroom/ssrf';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { submitPdfRender } from '../renders/submit-pdf-render.js';
import type { RenderGatewayDeps } from '../renders/submit-render.js';
import { assertFetchableUrl } from '../renders/target-url.js';
import { loadTemplate } from '../renders/load-template.js';
import { pdfView } from '../views/pdf-view.js';
import { renderListHandlers } from './render-list.js';
import { respondWithPdf } from './respond-render.js';

function topLevelOptions(body: PdfOptions): PdfOptions {
  const { preset, customSize, width, height, margins, landscape, printBackground, headerTemplate, footerTemplate, title } = body;
  return { preset, customSize, width, height, margins, landscape, printBackground, headerTemplate, footerTemplate, title };
}

/** POST /pdf/render, POST /pdf/multi-page, GET /pdf/presets, GET /pdf, GET /pdf/{uid}. See docs/pdf.md. */
export function pdfRoutes(deps: RenderGatewayDeps & { guard: SsrfGuard }): Router {
  const router = Router();
  const lists = renderListHandlers({ db: deps.db, kind: 'pdf', plural: 'pdfs', singular: 'pdf', noun: 'PDF', view: pdfView });

  defineRoute(router, '/pdf/render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(PdfRenderRequest, req.body);
      const auth = authOf(res);
      let documents: PdfDocumentInput[];
      let templateId: string | null = null;
      let templatePreset: string | null = null;
      if (body.html !== undefined) {
        documents = [{ kind: 'html', html: body.html, jsEnabled: true }];
      } else if (body.url !== undefined) {
        documents = [{ kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) }];
      } else {
        const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: (body.templateUid ?? body.template)! });
        // One document, or one per canvas page of a FabricJS template with `pages`.
        documents = templateDocuments(template, [body.variables ?? {}]);
        templateId = template.uid;
        templatePreset = template.pdfPreset;
      }
      const settings = pdfPrintSettings(topLevelOptions(body), body.options, templatePreset);
      const wait = await submitPdfRender(deps, {
        auth,
        origin: body.html !== undefined ? 'html' : body.url !== undefined ? 'url' : 'template',
        templateId,
        documents,
        settings,
      });
      await respondWithPdf(deps, res, wait);
    }),
  });

  defineRoute(router, '/pdf/multi-page', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(PdfMultiPageRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: (body.templateUid ?? body.template)! });
      const documents = templateDocuments(template, body.variableSets);
      const settings = pdfPrintSettings(topLevelOptions(body), body.options, template.pdfPreset);
      const wait = await submitPdfRender(deps, { auth, origin: 'template', templateId: template.uid, documents, settings });
      await respondWithPdf(deps, res, wait);
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
