import { userStorageOf } from './user-storage-view.js';
import type { RenderDetail, RenderHistoryItem, RenderKind } from '@pressroom/contracts';
import type { BatchRowOfRender, RenderHistoryRow, RenderRow } from '@pressroom/db';

/** A row as the history reads it (with its template's name), or a bare row (its template unnamed). */
type HistoryRow = RenderRow & Partial<Pick<RenderHistoryRow, 'templateName'>>;
import { PROBLEM_KINDS, isProblemSlug } from '@pressroom/problem';

const ms = (from: Date | null, to: Date | null): number | null => (from && to ? Math.max(0, to.getTime() - from.getTime()) : null);

function errorOf(row: RenderRow): RenderHistoryItem['error'] {
  if (!row.error) return null;
  const title = isProblemSlug(row.error.slug) ? PROBLEM_KINDS[row.error.slug].title : row.error.slug;
  return { slug: row.error.slug, title, detail: row.error.detail };
}

/**
 * A still to show in a list: images and GIFs as they are; a video by the PNG poster frame every video render
 * stores (`details.posterUrl`, as GET /video/renders/{id} answers it). PDFs have none yet.
 */
function thumbnailOf(row: RenderRow): string | null {
  if (row.state !== 'done') return null;
  if (row.kind === 'image' || row.kind === 'gif') return row.url;
  const poster = row.kind === 'video' ? row.details?.posterUrl : undefined;
  return typeof poster === 'string' ? poster : null;
}

/** One entry of GET /renders, whatever the kind. */
export function renderHistoryItem(row: HistoryRow): RenderHistoryItem {
  const done = row.state === 'done';
  return {
    id: row.id,
    // The column is text; every writer stores one of the kinds.
    kind: row.kind as RenderKind,
    status: row.state,
    templateUid: row.templateId,
    templateName: row.templateName ?? null,
    format: row.format,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationMs: ms(row.createdAt, row.completedAt),
    url: row.url,
    thumbnailUrl: thumbnailOf(row),
    width: done ? row.width : null,
    height: done ? row.height : null,
    error: errorOf(row),
    ...userStorageOf(row),
  };
}

/** GET /renders/{id}: the entry plus what was asked and how long each step took. */
/**
 * `bytes`: the stored file's size (the route reads it from storage), null when there is none. `batchRow`: the batch
 * row that made it (added as `batch`, so its page can say which row of which batch it is).
 */
export function renderDetail(
  row: HistoryRow,
  errorsBaseUrl: string,
  bytes: number | null = null,
  batchRow: BatchRowOfRender | null = null,
): RenderDetail {
  const item = renderHistoryItem(row);
  return {
    ...item,
    bytes,
    parameters: {
      origin: row.origin,
      // Added beside `origin` (which keeps the contract's values): a template render asked for by a /r/ URL.
      ...(row.via ? { via: row.via } : {}),
      templateUid: row.templateId,
      format: row.format,
      width: row.width,
      height: row.height,
      cost: row.cost,
      ...(row.details ?? {}),
    },
    contentType: row.contentType,
    timings: {
      createdAt: item.createdAt,
      startedAt: row.startedAt?.toISOString() ?? null,
      completedAt: item.completedAt,
      queuedMs: ms(row.createdAt, row.startedAt),
      renderMs: ms(row.startedAt, row.completedAt),
      totalMs: item.durationMs,
    },
    problem:
      row.error && item.error
        ? {
            type: `${errorsBaseUrl}/${row.error.slug}`,
            title: item.error.title,
            status: row.error.status ?? (isProblemSlug(row.error.slug) ? PROBLEM_KINDS[row.error.slug].status : 500),
            detail: row.error.detail,
          }
        : null,
    ...(batchRow
      ? { batch: { id: batchRow.batchId, index: batchRow.rowIndex, ...(batchRow.layout !== null ? { layout: batchRow.layout } : {}) } }
      : {}),
  };
}
