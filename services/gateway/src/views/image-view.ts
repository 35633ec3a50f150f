import { userStorageOf } from './user-storage-view.js';
import type { ImageEntry } from '@pressroom/contracts';
import type { RenderRow } from '@pressroom/db';

export function imageView(row: RenderRow): ImageEntry {
  return {
    id: row.id,
    url: row.url,
    status: row.state,
    width: row.width,
    height: row.height,
    format: row.format,
    source: row.origin,
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    error: row.error ? { slug: row.error.slug, detail: row.error.detail } : null,
    ...userStorageOf(row),
  };
}
