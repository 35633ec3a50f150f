import type { PdfOptions, PdfRenderRequest } from '@pressroom/contracts';
import { planPdfPrint, templateDocuments, type PdfDocumentInput } from '@pressroom/render-requests';
import type { TemplateRow } from '@pressroom/db';
import type { SsrfGuard } from '@pressroom/ssrf';
import type { AuthContext } from '../http/auth.js';
import { loadTemplate } from './load-template.js';
import { submitPdfRender } from './submit-pdf-render.js';
import type { RenderGatewayDeps, RenderWait } from './submit-render.js';
import { assertFetchableUrl } from './target-url.js';

/** The print options given at the top level of a PDF request (rather than under `options`). */
export function topLevelPdfOptions(body: PdfOptions): PdfOptions {
  const { preset, customSize, width, height, margins, landscape, printBackground, headerTemplate, footerTemplate, title } = body;
  return { preset, customSize, width, height, margins, landscape, printBackground, headerTemplate, footerTemplate, title };
}

/** A PDF as POST /pdf/render describes it (HTML, URL or template); shared by that route and the MCP `render_pdf` tool. */
export async function renderPdfRequest(
  deps: RenderGatewayDeps & { guard: SsrfGuard },
  auth: AuthContext,
  body: PdfRenderRequest,
): Promise<RenderWait> {
  let documents: PdfDocumentInput[];
  let template: TemplateRow | null = null;
  if (body.html !== undefined) {
    documents = [{ kind: 'html', html: body.html, jsEnabled: true }];
  } else if (body.url !== undefined) {
    documents = [{ kind: 'url', url: await assertFetchableUrl(deps.guard, body.url) }];
  } else {
    template = await loadTemplate(deps.db, { ownerId: auth.ownerId, uid: (body.templateUid ?? body.template)! });
    // One document, or one per canvas page of a FabricJS template with `pages`.
    documents = templateDocuments(template, [body.variables ?? {}]);
  }
  return submitPdfRender(deps, {
    auth,
    origin: body.html !== undefined ? 'html' : body.url !== undefined ? 'url' : 'template',
    templateId: template?.uid ?? null,
    ...planPdfPrint({ options: topLevelPdfOptions(body), nested: body.options }, template, documents),
    ...(template ? { variables: body.variables } : {}),
  });
}
