import type { VariableDefinition } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import { ProblemError, isProblemError } from '@pressroom/problem';
import { templatePage } from './html-page.js';
import { resolveLayout } from './layouts.js';
import type { PageSource } from './offload.js';
import { canvasSizeOf, prepareCanvas, type CanvasRenderSource } from './prepare-canvas.js';
import { canvasFieldOf } from './template-source.js';

/**
 * A canvas page of a FabricJS template, templated, with its size in CSS pixels (its PDF page size), or the paper
 * (points) the drawing is scaled to fill, which planPdfPrint chooses.
 */
export type CanvasPageInput = CanvasRenderSource & { width: number; height: number; paper?: { widthPt: number; heightPt: number } };

/** One document of a PDF as planned: a page to print, or a canvas page. */
export type PdfDocumentInput = PageSource | CanvasPageInput;

/** Canvas pages of one PDF, over all variable sets: each page is a print and a part to join. */
export const MAX_CANVAS_PDF_PAGES = 1_000;

/**
 * The documents of a template, once per variable set: its HTML page, or for
 * a FabricJS template its canvas pages (`pages`, in page-number order; the
 * canvas itself when it has none), each at its own size (its paper is planPdfPrint's). A bad set is a 400 that
 * names its index.
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
    const size = { width: stated.width ?? fallback.width, height: stated.height ?? fallback.height };
    return { ...source, ...size };
  };
  const pages = resolved.key === 'default' ? (template.pages as StoredTemplatePage[]) : [];
  if (pages.length === 0) {
    return [canvasPage(resolved.fabricJSData, canvasFieldOf(resolved.key), resolved)];
  }
  return pages
    .map((page, index) => ({ page, index }))
    .sort((a, b) => a.page.pageNumber - b.page.pageNumber)
    .map(({ page, index }) => canvasPage(page.fabricJSData, `pages.${index}.fabricJSData`, template));
}
