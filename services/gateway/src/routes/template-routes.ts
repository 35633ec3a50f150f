import { Router } from 'express';
import {
  DEFAULT_IMAGE_QUALITY,
  TemplateCreate,
  TemplateListQuery,
  TemplateMultiSizeRenderRequest,
  TemplateRenderRequest,
  pickRenderControls,
  TemplateUpdate,
  newId,
  paginate,
} from '@pressroom/contracts';
import { deleteTemplate, getRevisedTemplate, insertTemplate, listTemplateVersions, updateTemplate } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { checkTemplateHtml, definitionsFromDesign } from '@pressroom/templating';
import { authOf } from '../http/auth.js';
import { defineRoute, handler } from '../http/routes.js';
import { parseOrThrow } from '../http/validate.js';
import { renderTemplate } from '../renders/render-template.js';
import type { RenderGatewayDeps } from '../renders/submit-image-render.js';
import { loadTemplate } from '../renders/load-template.js';
import { listOwnerTemplates } from '../renders/list-owner-templates.js';
import { submitTemplatePdf } from '../renders/submit-pdf-render.js';
import { respondWithLayouts, respondWithTemplatePdf, respondWithTemplateRender } from './respond-render.js';
import { templateView } from '../views/template-view.js';
import { versionMember } from '../views/template-version-view.js';
import { versionAuthor } from '../http/version-author.js';
import { deleteStoredFiles } from '../renders/delete-stored-files.js';
import { revisionEtag, revisionsOfIfMatch, withRevisionProblem } from '../http/template-etag.js';
import { pagesWithIds } from './template-page-ids.js';

const DEFAULT_TEMPLATE_SIZE = { width: 1200, height: 630 };

function notFound(uid: string): ProblemError {
  return new ProblemError('template-not-found', { detail: `No template with uid ${JSON.stringify(uid)} exists for this account.` });
}

export function templateRoutes(deps: RenderGatewayDeps): Router {
  const router = Router();

  defineRoute(router, '/templates', {
    get: handler(async (req, res) => {
      const query = parseOrThrow(TemplateListQuery, req.query, 'query');
      const { rows, total } = await listOwnerTemplates(deps.db, authOf(res).ownerId, query);
      res.json({ templates: rows.map(templateView), pagination: paginate({ page: query.page, limit: query.limit, total }) });
    }),
    post: handler(async (req, res) => {
      const body = parseOrThrow(TemplateCreate, req.body);
      refuseHtmlThatNeverRenders(body.html);
      const auth = authOf(res);
      const row = await insertTemplate(
        deps.db,
        {
          uid: newId('tpl'),
          ownerId: auth.ownerId,
          name: body.name,
          engine: body.engine ?? (body.fabricJSData ? 'fabric' : 'html'),
          html: body.html ?? null,
          fabricJSData: body.fabricJSData ?? null,
          jsEnabled: body.jsEnabled ?? false,
          strictVariables: body.strictVariables ?? false,
          type: body.type ?? null,
          category: body.category ?? null,
          tags: body.tags ?? [],
          width: body.width ?? DEFAULT_TEMPLATE_SIZE.width,
          height: body.height ?? DEFAULT_TEMPLATE_SIZE.height,
          outputFormat: body.outputFormat ?? 'image',
          pdfPreset: body.pdfPreset ?? null,
          // None given: one `text` definition per variable the design reads (docs/templates.md).
          variableDefinitions: body.variableDefinitions ?? definitionsFromDesign(body),
          pages: pagesWithIds(body.pages ?? []),
          layouts: body.layouts ?? {},
        },
        // Creating is the first save: version 1 of the history (docs/templates.md#versions).
        { version: versionAuthor(auth) },
      );
      res.status(200).json({ template: templateView(row), ...versionMember(row.savedVersion) });
    }),
  });

  defineRoute(router, '/templates/:uid', {
    get: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const row = await getRevisedTemplate(deps.db, { ownerId: authOf(res).ownerId, uid });
      if (!row) throw notFound(uid);
      // The revision, not a body hash: a PUT's If-Match compares it (docs/templates.md#conditional-saves).
      res.setHeader('ETag', revisionEtag(row.revision));
      res.json({ template: templateView(row) });
    }),
    put: handler(async (req, res) => {
      const parsed = parseOrThrow(TemplateUpdate, req.body);
      const patch = parsed.pages ? { ...parsed, pages: pagesWithIds(parsed.pages) } : parsed;
      refuseHtmlThatNeverRenders(patch.html);
      const uid = String(req.params.uid);
      const auth = authOf(res);
      const ifRevision = revisionsOfIfMatch(req.get('If-Match'));
      const row = await withRevisionProblem(uid, () =>
        updateTemplate(deps.db, { ownerId: auth.ownerId, uid, patch, version: versionAuthor(auth), ifRevision }),
      );
      if (!row) throw notFound(uid);
      // URL renders answered from memory (GET /r/) forget this owner's answers in every gateway.
      await deps.owners?.changed(auth.ownerId, ['templates']);
      await deleteStoredFiles(deps.storage, row.savedVersion?.prunedThumbnailKeys ?? []);
      res.setHeader('ETag', revisionEtag(row.revision));
      res.json({ template: templateView(row), ...versionMember(row.savedVersion) });
    }),
    delete: handler(async (req, res) => {
      const uid = String(req.params.uid);
      const ownerId = authOf(res).ownerId;
      const thumbnails = (await listTemplateVersions(deps.db, { ownerId, uid })).flatMap((v) => (v.thumbnailKey ? [v.thumbnailKey] : []));
      if (!(await deleteTemplate(deps.db, { ownerId, uid }))) throw notFound(uid);
      await deps.owners?.changed(ownerId, ['templates']);
      await deleteStoredFiles(deps.storage, thumbnails); // the versions went with the template (cascade)
      res.json({ message: 'Template deleted', uid });
    }),
  });

  defineRoute(router, '/templates/:uid/render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(TemplateRenderRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: String(req.params.uid) });
      const common = {
        auth,
        template,
        variables: body.variables ?? {},
        layout: body.layout,
        layouts: body.layouts,
        width: body.width,
        height: body.height,
      };
      // A PDF template prints whatever image `format` a client sends by default.
      if (template.outputFormat === 'pdf' || body.format === 'pdf') {
        respondWithTemplatePdf(res, await submitTemplatePdf(deps, common), template.uid);
        return;
      }
      const rendered = await renderTemplate(deps, {
        ...common,
        selector: null,
        format: body.format,
        quality: body.quality ?? DEFAULT_IMAGE_QUALITY,
        controls: pickRenderControls(body),
      });
      respondWithTemplateRender(res, rendered, template.uid);
    }),
  });

  // One design at several sizes (the hosted service's dashboard): each size is one render of the layout.
  defineRoute(router, '/templates/:uid/multi-size-render', {
    post: handler(async (req, res) => {
      const body = parseOrThrow(TemplateMultiSizeRenderRequest, req.body);
      const auth = authOf(res);
      const template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: String(req.params.uid) });
      const rendered = await Promise.all(
        body.sizes.map((size) =>
          renderTemplate(deps, {
            auth,
            template,
            variables: body.variables ?? {},
            layout: body.layout,
            width: size.width,
            height: size.height,
            selector: null,
            format: body.format,
            quality: body.quality ?? DEFAULT_IMAGE_QUALITY,
          }),
        ),
      );
      const renders = rendered.map((outcome, i) => {
        const size = body.sizes[i]!;
        const entry = outcome.kind === 'single' ? outcome.entry : outcome.renders[0]!;
        return { ...entry, name: size.name ?? `${size.width}x${size.height}` };
      });
      respondWithLayouts(res, { renders, errors: [] }, template.uid);
    }),
  });

  return router;
}

/**
 * HTML whose expressions can never evaluate (a syntax error, an unknown function) would fail every render: refused
 * when saved, at the field `html`, with the line, rather than accepted and failing later (docs/templates.md).
 */
function refuseHtmlThatNeverRenders(html: string | undefined): void {
  const problem = html === undefined ? null : checkTemplateHtml(html);
  if (!problem) return;
  const message = `Line ${problem.line}, in {{ ${problem.expression} }}: ${problem.detail}`;
  throw new ProblemError('validation-error', { detail: `The HTML cannot render. ${message}`, errors: [{ field: 'html', message }] });
}
