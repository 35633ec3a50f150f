import { userStorageOf } from './user-storage-view.js';
import type { PdfEntry, PdfPreset, PdfResult } from '@pressroom/contracts';
import type { RenderRow } from '@pressroom/db';

interface PdfDetails {
  pageCount?: number;
  preset?: PdfPreset;
  pageSize?: { width: number; height: number };
}

const detailsOf = (row: { details?: Record<string, unknown> | null }): PdfDetails => row.details ?? {};

/** What a PdfResponse is made of: a finished render's row, or the renderer's own report of it (RenderWait). */
export interface FinishedPdf {
  id: string;
  url: string;
  width: number;
  height: number;
  createdAt: string;
  details?: Record<string, unknown> | null;
  userStorageUrl?: string | null;
  userStorageError?: string | null;
}

/** The answer of a finished PDF render (the published API's PdfResponse, plus id and createdAt). */
export function pdfResult(finished: FinishedPdf): PdfResult {
  const details = detailsOf(finished);
  return {
    success: true,
    id: finished.id,
    url: finished.url,
    pageCount: details.pageCount ?? 0,
    preset: details.preset ?? 'custom',
    pageSize: details.pageSize ?? { width: finished.width, height: finished.height },
    createdAt: finished.createdAt,
    ...userStorageOf(finished),
  };
}

/** pdfResult of a row known to be done. */
export function pdfResultOfRow(row: RenderRow): PdfResult {
  return pdfResult({ ...row, url: row.url!, createdAt: row.createdAt.toISOString() });
}

export function pdfView(row: RenderRow): PdfEntry {
  const details = detailsOf(row);
  return {
    id: row.id,
    url: row.url,
    status: row.state,
    pageCount: details.pageCount ?? null,
    preset: details.preset ?? null,
    pageSize: details.pageSize ?? null,
    source: row.origin,
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    error: row.error ? { slug: row.error.slug, detail: row.error.detail } : null,
    ...userStorageOf(row),
  };
}
