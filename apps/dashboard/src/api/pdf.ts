import type { PdfPaperPreset } from '@pressroom/contracts/constants';
import { api } from './client';
import { getRenderDetail } from './renders';

/** POST /pdf/multi-page: one template printed once per variable set, joined into one PDF (docs/pdf.md). */
export interface MultiPagePdfRequest {
  templateUid: string;
  variableSets: Record<string, unknown>[];
  /** A paper chosen instead of the template's own (its pdfPreset, else the design's size). */
  options?: { preset: PdfPaperPreset; landscape: boolean };
}

/** How often a PDF still being made (a 202) is looked at again. */
const POLL_MS = 1_000;

/**
 * Makes the PDF and resolves with its render's id once it has an outcome (done or failed): the API answers 200 when
 * it finished within its wait, else 202 with the id, and the render is then read again until it has finished.
 */
export async function makeMultiPagePdf(body: MultiPagePdfRequest, signal?: AbortSignal): Promise<string> {
  const answer = await api<{ id: string; status?: string }>('/pdf/multi-page', { json: body });
  if (answer.status !== 'queued') return answer.id;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (signal?.aborted) return answer.id;
    const render = await getRenderDetail(answer.id);
    if (render.status === 'done' || render.status === 'failed') return answer.id;
  }
}
