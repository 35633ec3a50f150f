import { PDF_PAPER_PRESETS, PdfPreset, mmToPoints, type PdfOptions } from '@pressroom/contracts';
import type { TemplateRow } from '@pressroom/db';
import type { PdfRenderPlan } from './pdf-command.js';
import type { CanvasPageInput, PdfDocumentInput } from './pdf-documents.js';
import { pdfPrintSettings } from './pdf-print-settings.js';

/** What a PDF request said about its print: the options at its top level and under `options` (which win). */
export interface PdfPrintRequest {
  options: PdfOptions;
  nested?: PdfOptions | undefined;
}

/** The print options that choose a paper: its preset, its size or which way it is turned. */
const PAPER_FIELDS = ['preset', 'customSize', 'width', 'height', 'landscape'] as const satisfies ReadonlyArray<keyof PdfOptions>;

/** Whether a PDF request chose a paper itself, in any of the places it may (the top level, `options`). */
export function requestNamesPaper(request: PdfPrintRequest): boolean {
  return [request.options, request.nested].some((o) => o !== undefined && PAPER_FIELDS.some((field) => o[field] !== undefined));
}

/**
 * The paper of a template's `pdfPreset` for a canvas page: none (the page is the design's size) without one, or
 * for `custom`; else that paper turned to the design's orientation, so a landscape design prints on landscape
 * paper. An unknown preset is left to the print settings to refuse.
 */
export function canvasPaper(pdfPreset: string | null, size: { width: number; height: number }): CanvasPageInput['paper'] {
  const preset = pdfPreset === null ? undefined : PdfPreset.safeParse(pdfPreset).data;
  if (preset === undefined || preset === 'custom') return undefined;
  const sides = [mmToPoints(PDF_PAPER_PRESETS[preset].widthMm), mmToPoints(PDF_PAPER_PRESETS[preset].heightMm)];
  const [short, long] = [Math.min(...sides), Math.max(...sides)];
  return size.width > size.height ? { widthPt: long, heightPt: short } : { widthPt: short, heightPt: long };
}

/**
 * How a PDF prints: its print settings (pdfPrintSettings) and the paper of each canvas page. This is the one place
 * the paper is chosen, for every producer of a PDF (POST /pdf/render, /pdf/multi-page, a template's PDF render):
 * - a paper the request names (preset, size, `landscape`) wins: canvas pages go on it exactly as asked, the design
 *   scaled to fill it, so a caller printing a design on Letter gets Letter whatever the template says;
 * - else a canvas page goes on its template's `pdfPreset`, turned to the design (canvasPaper), or at its own size;
 * - HTML and URL pages print on the settings' page, which already follows the same order (request, template, A4).
 */
export function planPdfPrint(
  request: PdfPrintRequest,
  template: Pick<TemplateRow, 'pdfPreset'> | null,
  documents: PdfDocumentInput[],
): Pick<PdfRenderPlan, 'documents' | 'settings'> {
  const templatePreset = template?.pdfPreset ?? null;
  const settings = pdfPrintSettings(request.options, request.nested, templatePreset);
  const requested = requestNamesPaper(request) ? { widthPt: settings.page.widthPt, heightPt: settings.page.heightPt } : undefined;
  return {
    settings,
    documents: documents.map((document) => {
      if (document.kind !== 'canvas') return document;
      const paper = requested ?? canvasPaper(templatePreset, document);
      return paper ? { ...document, paper } : document;
    }),
  };
}
