import { CATALOG, type PdfDocumentSource, type RenderPdfCommand, type VariableDefinition } from '@pressroom/contracts';
import { getRenderById, type TemplateRow } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';
import type { Response } from 'express';
import type { AuthContext } from '../http/auth.js';
import { pdfResult } from '../views/pdf-view.js';
import { pdfPrintSettings, type PdfPrintSettings } from './pdf-print-settings.js';
import { INLINE_HTML_LIMIT, commandSource, submitRender, type RenderGatewayDeps, type RenderWait } from './submit-render.js';
import { canvasCommandSource, canvasSizeOf, prepareCanvas, type CanvasRenderSource } from './canvas-source.js';
import { resolveLayout } from './template-layouts.js';
import { templatePage } from './template-source.js';

/** A canvas page of a FabricJS template, templated, with its size in CSS pixels (its PDF page size). */
export type CanvasPageInput = CanvasRenderSource & { width: number; height: number };

export type PdfDocumentInput = { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string } | CanvasPageInput;

/** Canvas pages of one PDF, over all variable sets: each page is a print and a part to join. */
export const MAX_CANVAS_PDF_PAGES = 1_000;

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
  const total = input.documents.reduce((sum, d) => sum + sizeOfDocument(d), 0);
  const spill = total > INLINE_HTML_LIMIT;
  // A canvas page's PDF page is its own size (1 CSS px = 0.75 pt); the row reports the first page.
  const first = input.documents[0]!;
  const sizePt =
    first.kind === 'canvas'
      ? { width: first.width * 0.75, height: first.height * 0.75 }
      : { width: input.settings.page.widthPt, height: input.settings.page.heightPt };
  return submitRender<RenderPdfCommand>(deps, {
    auth: input.auth,
    kind: 'pdf',
    idPrefix: 'pdf',
    extension: 'pdf',
    origin: input.origin,
    templateId: input.templateId,
    format: 'pdf',
    width: Math.round(sizePt.width),
    height: Math.round(sizePt.height),
    subject: CATALOG.renderPdf,
    command: async ({ id, output, requestedAt }) => {
      const documents: PdfDocumentSource[] = [];
      for (const [i, document] of input.documents.entries()) {
        const key = input.documents.length === 1 ? id : `${id}.${i}`;
        if (document.kind === 'canvas') {
          const { width, height, ...canvas } = document;
          documents.push({ ...(spill ? await canvasCommandSource(deps.storage, key, canvas, 0) : canvas), width, height });
        } else {
          documents.push(await commandSource(deps.storage, key, document, spill && document.kind === 'html'));
        }
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

function sizeOfDocument(document: PdfDocumentInput): number {
  switch (document.kind) {
    case 'html':
      return Buffer.byteLength(document.html);
    case 'url':
      return document.url.length;
    case 'canvas':
      return Buffer.byteLength(JSON.stringify(document.canvas));
  }
}

/**
 * The documents of a template, once per variable set: its HTML page, or for
 * a FabricJS template its canvas pages (`pages`, in page-number order; the
 * canvas itself when it has none), each printed at its own size. A bad set
 * is a 400 that names its index.
 */
export function templateDocuments(template: TemplateRow, variableSets: Record<string, unknown>[], layout?: string): PdfDocumentInput[] {
  const documents = variableSets.flatMap((variables, i) => {
    try {
      return documentsOfSet(template, variables, layout);
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
  if (documents.length > MAX_CANVAS_PDF_PAGES) {
    throw new ProblemError('validation-error', {
      detail: `This PDF would have ${documents.length} canvas pages (variable sets × template pages); at most ${MAX_CANVAS_PDF_PAGES} are allowed in one PDF.`,
      errors: [{ field: 'variableSets', message: `At most ${MAX_CANVAS_PDF_PAGES} canvas pages per PDF.` }],
    });
  }
  return documents;
}

interface StoredTemplatePage {
  pageNumber: number;
  fabricJSData: Record<string, unknown>;
}

function documentsOfSet(template: TemplateRow, variables: Record<string, unknown>, layout: string | undefined): PdfDocumentInput[] {
  const resolved = resolveLayout(template, layout);
  if (resolved.html !== null || !resolved.fabricJSData) {
    const page = templatePage(template, { variables, layout });
    return [{ kind: 'html', html: page.html, jsEnabled: page.jsEnabled }];
  }
  const definitions = template.variableDefinitions as VariableDefinition[];
  const canvasPage = (document: Record<string, unknown>, field: string, fallback: { width: number; height: number }): CanvasPageInput => {
    const stated = canvasSizeOf(document);
    const source = prepareCanvas({ document, variables, definitions, strictVariables: template.strictVariables, field });
    return { ...source, width: stated.width ?? fallback.width, height: stated.height ?? fallback.height };
  };
  const pages = resolved.key === 'default' ? (template.pages as StoredTemplatePage[]) : [];
  if (pages.length === 0) {
    return [
      canvasPage(resolved.fabricJSData, resolved.key === 'default' ? 'fabricJSData' : `layouts.${resolved.key}.fabricJSData`, resolved),
    ];
  }
  return pages
    .map((page, index) => ({ page, index }))
    .sort((a, b) => a.page.pageNumber - b.page.pageNumber)
    .map(({ page, index }) => canvasPage(page.fabricJSData, `pages.${index}.fabricJSData`, template));
}

/** 200 with the PdfResponse once the PDF is stored, or 202 with its id when it outlived the wait. */
export async function respondWithPdf(deps: RenderGatewayDeps, res: Response, wait: RenderWait): Promise<void> {
  if (wait.state === 'pending') {
    res
      .status(202)
      .location(`/pdf/${wait.id}`)
      .json({ success: true, id: wait.id, status: 'queued', url: null, createdAt: wait.createdAt });
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
