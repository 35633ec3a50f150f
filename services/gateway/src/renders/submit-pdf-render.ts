import { CATALOG, type RenderPdfCommand, type RenderSource } from '@pressroom/contracts';
import { getRenderById, type TemplateRow } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';
import type { Response } from 'express';
import type { AuthContext } from '../http/auth.js';
import { pdfResult } from '../views/pdf-view.js';
import { pdfPrintSettings, type PdfPrintSettings } from './pdf-print-settings.js';
import { INLINE_HTML_LIMIT, commandSource, submitRender, type RenderGatewayDeps, type RenderWait } from './submit-render.js';
import { templatePage } from './template-source.js';

export type PdfDocumentInput = { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string };

export interface PdfRenderInput {
  auth: AuthContext;
  origin: RenderPdfCommand['origin'];
  templateId: string | null;
  /** One per variable set (multi-page) or one. */
  documents: PdfDocumentInput[];
  settings: PdfPrintSettings;
}

/** Accept a PDF render: `render.pdf` through the shared submit path. Documents spill to storage together when they are large. */
export function submitPdfRender(deps: RenderGatewayDeps, input: PdfRenderInput): Promise<RenderWait> {
  const total = input.documents.reduce((sum, d) => sum + (d.kind === 'html' ? Buffer.byteLength(d.html) : d.url.length), 0);
  const spill = total > INLINE_HTML_LIMIT;
  return submitRender<RenderPdfCommand>(deps, {
    auth: input.auth,
    kind: 'pdf',
    idPrefix: 'pdf',
    extension: 'pdf',
    origin: input.origin,
    templateId: input.templateId,
    format: 'pdf',
    width: Math.round(input.settings.page.widthPt),
    height: Math.round(input.settings.page.heightPt),
    subject: CATALOG.renderPdf,
    command: async ({ id, output, requestedAt }) => {
      const documents: RenderSource[] = [];
      for (const [i, document] of input.documents.entries()) {
        documents.push(await commandSource(deps.storage, input.documents.length === 1 ? id : `${id}.${i}`, document, spill && document.kind === 'html'));
      }
      return {
        renderId: id,
        accountId: input.auth.account.id,
        ownerId: input.auth.ownerId,
        origin: input.origin,
        templateId: input.templateId,
        documents,
        ...input.settings,
        output,
        requestedAt,
      };
    },
  });
}

/** The HTML of a template once per variable set; a bad set is a 400 that names its index. */
export function templateDocuments(template: TemplateRow, variableSets: Record<string, unknown>[], layout?: string): PdfDocumentInput[] {
  return variableSets.map((variables, i) => {
    try {
      const page = templatePage(template, { variables, layout });
      return { kind: 'html', html: page.html, jsEnabled: page.jsEnabled };
    } catch (error) {
      if (!isProblemError(error) || variableSets.length === 1) throw error;
      throw new ProblemError(error.slug, {
        detail: `variableSets[${i}]: ${error.detail}`,
        status: error.status,
        ...(error.errors ? { errors: error.errors.map((e) => ({ ...e, field: `variableSets.${i}.${e.field}` })) } : {}),
        cause: error,
      });
    }
  });
}

/** 200 with the PdfResponse once the PDF is stored, or 202 with its id when it outlived the wait. */
export async function respondWithPdf(deps: RenderGatewayDeps, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    res.status(202).location(`/pdf/${wait.id}`).json({ success: true, id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
    return;
  }
  const row = await getRenderById(deps.db, wait.id);
  res.status(200).json(pdfResult(row!));
}

/**
 * POST /templates/{uid}/render of a template whose `outputFormat` is `pdf`:
 * printed on its `pdfPreset` (A4 when unset), answered like POST /pdf/render.
 */
export async function submitTemplatePdf(
  deps: RenderGatewayDeps,
  input: { auth: AuthContext; template: TemplateRow; variables: Record<string, unknown>; layout?: string | undefined; layouts?: string[] | undefined },
): Promise<RenderWait> {
  if (input.layouts !== undefined) {
    throw new ProblemError('validation-error', {
      detail: `Template ${input.template.uid} renders to PDF: give one \`layout\`, not \`layouts\`.`,
      errors: [{ field: 'layouts', message: 'PDF templates render one layout at a time.' }],
    });
  }
  return submitPdfRender(deps, {
    auth: input.auth,
    origin: 'template',
    templateId: input.template.uid,
    documents: templateDocuments(input.template, [input.variables], input.layout),
    settings: pdfPrintSettings({}, undefined, input.template.pdfPreset),
  });
}
