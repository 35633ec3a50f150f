import { CATALOG, type RenderPdfCommand } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import {
  ownerAssetLoader,
  pdfCommand,
  pdfPrintSettings,
  pdfRowSize,
  templateDocuments,
  type PdfRenderPlan,
} from '@pressroom/render-requests';
import type { AuthContext } from '../http/auth.js';
import { submitRender, type RenderGatewayDeps, type RenderWait } from './submit-render.js';

export interface PdfRenderInput extends PdfRenderPlan {
  auth: AuthContext;
}

/** Accept a PDF render: the `render.pdf` command planned by @pressroom/render-requests, through the shared submit path. */
export async function submitPdfRender(deps: RenderGatewayDeps, input: PdfRenderInput): Promise<RenderWait> {
  const { auth, ...planned } = input;
  const withFonts = ownerAssetLoader(deps, auth.ownerId);
  const plan: PdfRenderPlan = { ...planned, documents: await Promise.all(planned.documents.map((document) => withFonts(document))) };
  return submitRender<RenderPdfCommand>(deps, {
    auth,
    kind: 'pdf',
    idPrefix: 'pdf',
    extension: 'pdf',
    origin: plan.origin,
    templateId: plan.templateId,
    format: 'pdf',
    ...pdfRowSize(plan),
    subject: CATALOG.renderPdf,
    command: (envelope) => pdfCommand(deps.storage, plan, envelope),
  });
}

/**
 * POST /templates/{uid}/render of a template whose `outputFormat` is `pdf`:
 * printed on its `pdfPreset` (A4 when unset), answered like POST /pdf/render.
 */
export async function submitTemplatePdf(
  deps: RenderGatewayDeps,
  input: {
    auth: AuthContext;
    template: TemplateRow;
    variables: Record<string, unknown>;
    layout?: string | undefined;
    layouts?: string[] | undefined;
  },
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
