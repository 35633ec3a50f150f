import type { PdfOptions } from '@pressroom/contracts';
import type { PdfDocumentInput } from './pdf-documents.js';
import type { PdfPrintSettings } from './pdf-print-settings.js';

/** The print options that choose a paper: its preset, its size or which way it is turned. */
const PAPER_FIELDS = ['preset', 'customSize', 'width', 'height', 'landscape'] as const satisfies ReadonlyArray<keyof PdfOptions>;

/** Whether a PDF request chose a paper itself, in any of the places it may (the top level, `options`). */
export function requestNamesPaper(...options: ReadonlyArray<PdfOptions | undefined>): boolean {
  return options.some((o) => o !== undefined && PAPER_FIELDS.some((field) => o[field] !== undefined));
}

/**
 * A canvas page prints at its own size, or on its template's `pdfPreset` (canvasPaper); a paper the request chose
 * wins over both: the request's print settings' page, exactly as asked (preset, size, `landscape`), with the design
 * scaled to fill it, so a caller printing a design on Letter gets Letter whatever the template says. HTML and URL
 * pages print on the settings' page already.
 */
export function withRequestedPaper(documents: PdfDocumentInput[], settings: PdfPrintSettings, requested: boolean): PdfDocumentInput[] {
  if (!requested) return documents;
  const paper = { widthPt: settings.page.widthPt, heightPt: settings.page.heightPt };
  return documents.map((document) => (document.kind === 'canvas' ? { ...document, paper } : document));
}
