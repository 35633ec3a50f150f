import { userStorageOf } from './user-storage-view.js';
import type { PdfEntry, PdfPreset, PdfResult } from '@pressroom/contracts';
import type { RenderRow } from '@pressroom/db';

interface PdfDetails {
  pageCount?: number;
  preset?: PdfPreset;
  pageSize?: { width: number; height: number };
}

const detailsOf = (row: RenderRow): PdfDetails => row.details ?? {};

/** The answer of a finished PDF render (the published API's PdfResponse, plus id and createdAt). */
export function pdfResult(row: RenderRow): PdfResult {
  const details = detailsOf(row);
  return {
    success: true,
    id: row.id,
    url: row.url!,
    pageCount: details.pageCount ?? 0,
    preset: details.preset ?? 'custom',
    pageSize: details.pageSize ?? { width: row.width, height: row.height },
    createdAt: row.createdAt.toISOString(),
    ...userStorageOf(row),
  };
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
    source: row.origin as PdfEntry['source'],
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    error: row.error ? { slug: row.error.slug, detail: row.error.detail } : null,
    ...userStorageOf(row),
  };
}
