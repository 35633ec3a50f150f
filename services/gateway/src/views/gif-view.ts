import { userStorageOf } from './user-storage-view.js';
import type { GifEntry, GifQuality, GifResult } from '@pressroom/contracts';
import type { RenderRow } from '@pressroom/db';

interface GifDetails {
  animationLength?: number;
  frames?: number;
  fps?: number;
  quality?: GifQuality;
}

const detailsOf = (row: RenderRow): GifDetails => row.details ?? {};

/** The `gif` object of a finished render (POST /gif, POST /gif/capture). */
export function gifResult(row: RenderRow): GifResult {
  const details = detailsOf(row);
  return {
    url: row.url!,
    uid: row.id,
    width: row.width,
    height: row.height,
    animationLength: details.animationLength ?? 0,
    frames: details.frames ?? 0,
    fps: details.fps ?? 0,
    quality: details.quality ?? 'medium',
    createdAt: row.createdAt.toISOString(),
    ...userStorageOf(row),
  };
}

/**
 * The `gif` member of a 202 (POST /gif, POST /gif/capture): the 200's `gif` names with `url: null`
 * until the render is done, so a client reading `gif.url` and `gif.uid` works on either answer.
 */
export function queuedGif(pending: { id: string; createdAt: string }): {
  uid: string;
  id: string;
  status: 'queued';
  url: null;
  createdAt: string;
} {
  return { uid: pending.id, id: pending.id, status: 'queued', url: null, createdAt: pending.createdAt };
}

export function gifView(row: RenderRow): GifEntry {
  const details = detailsOf(row);
  return {
    uid: row.id,
    id: row.id,
    url: row.url,
    status: row.state,
    width: row.width,
    height: row.height,
    animationLength: details.animationLength ?? null,
    frames: details.frames ?? null,
    fps: details.fps ?? null,
    quality: details.quality ?? null,
    source: row.origin,
    templateId: row.templateId,
    cost: row.cost,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    error: row.error ? { slug: row.error.slug, detail: row.error.detail } : null,
    ...userStorageOf(row),
  };
}
