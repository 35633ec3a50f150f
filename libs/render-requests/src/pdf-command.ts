import { pxToPoints, type PdfDocumentSource, type RenderPdfCommand } from '@pressroom/contracts';
import type { Storage } from '@pressroom/storage';
import { envelopeFields, type CommandEnvelope } from './command-envelope.js';
import { INLINE_HTML_LIMIT, offloadCanvas, offloadPage } from './offload.js';
import type { PdfDocumentInput } from './pdf-documents.js';
import type { PdfPrintSettings } from './pdf-print-settings.js';

/** A PDF render as planned: its documents (one per variable set, or canvas pages) and the print settings. */
export interface PdfRenderPlan {
  origin: RenderPdfCommand['origin'];
  templateId: string | null;
  documents: PdfDocumentInput[];
  settings: PdfPrintSettings;
}

/**
 * The size the `renders` row reports, in points: a canvas page's PDF page is
 * its own size (1 CSS px = 0.75 pt) or its paper, else the print settings' paper; the first page decides.
 */
export function pdfRowSize(plan: PdfRenderPlan): { width: number; height: number } {
  const first = plan.documents[0]!;
  const size =
    first.kind === 'canvas'
      ? first.paper
        ? { width: first.paper.widthPt, height: first.paper.heightPt }
        : { width: pxToPoints(first.width), height: pxToPoints(first.height) }
      : { width: plan.settings.page.widthPt, height: plan.settings.page.heightPt };
  return { width: Math.round(size.width), height: Math.round(size.height) };
}

/**
 * The `render.pdf` command of a plan. The documents move to storage together
 * when their total is large (`inputs/<id>[.<part>].html|json`), so one PDF
 * never carries part of its input inline and part stored by accident of size.
 */
export async function pdfCommand(storage: Storage, plan: PdfRenderPlan, envelope: CommandEnvelope): Promise<RenderPdfCommand> {
  const offload = plan.documents.reduce((sum, d) => sum + sizeOfDocument(d), 0) > INLINE_HTML_LIMIT;
  const documents: PdfDocumentSource[] = [];
  for (const [i, document] of plan.documents.entries()) {
    const key = plan.documents.length === 1 ? envelope.renderId : `${envelope.renderId}.${i}`;
    if (document.kind === 'canvas') {
      const { width, height, paper, ...canvas } = document;
      documents.push({ ...(offload ? await offloadCanvas(storage, key, canvas, 0) : canvas), width, height, ...(paper ? { paper } : {}) });
    } else {
      documents.push(await offloadPage(storage, key, document, offload && document.kind === 'html'));
    }
  }
  return {
    ...envelopeFields(plan, envelope),
    documents,
    ...plan.settings,
  };
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
