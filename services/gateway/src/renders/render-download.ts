import { getRender, getTemplate, PREVIEW_ORIGIN, type Db, type RenderRow } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import type { ObjectInfo, Storage } from '@pressroom/storage';
import { attachmentDisposition, fileNamePart } from '../http/content-disposition.js';

/** Longest template-name part kept before the id (download bars and file systems cut long names anyway). */
const MAX_NAME = 60;

/** The stored file's extension (`renders/img_x.jpg` → `jpg`), else the render's format. */
function extensionOf(render: Pick<RenderRow, 'storageKey' | 'format'>): string {
  return /\.([a-z0-9]+)$/i.exec(render.storageKey ?? '')?.[1] ?? render.format;
}

/**
 * The names a render's file is saved under. `ascii`: `<render id>.<ext>`, the plain `filename` older clients read.
 * `readable`: `<template name>-<render id>.<ext>`, or the ascii name for a render of no (or a deleted) template; the
 * id keeps two renders of one template apart and leads back to the render's page.
 */
export function renderDownloadNames(
  render: Pick<RenderRow, 'id' | 'storageKey' | 'format'>,
  templateName: string | null,
): { ascii: string; readable: string } {
  const ascii = `${render.id}.${extensionOf(render)}`;
  const name = fileNamePart(templateName ?? '', MAX_NAME);
  return { ascii, readable: name ? `${name}-${ascii}` : ascii };
}

export interface RenderDownload {
  /** Where the file is in our store (whichever backend it is), and its type, size and ETag. */
  key: string;
  info: ObjectInfo;
  /** `attachment` with the names of `renderDownloadNames`. */
  disposition: string;
}

/**
 * The caller's finished render `id` as a file to save (GET /renders/{id}/file). Read from our own store, never
 * fetched from the render's public URL: the same bytes on every backend, and no request to an address a row holds.
 * Another owner's render, a preview, an unknown id, a failed render and a file gone from the store are 404s; a render
 * still being made is a 409. Only looked up here: the route answers the bytes (or a range of them, answerStoredFile).
 */
export async function openRenderDownload(
  deps: { db: Db; storage: Storage },
  input: { ownerId: string; id: string },
): Promise<RenderDownload> {
  const row = await getRender(deps.db, input);
  if (!row || row.origin === PREVIEW_ORIGIN) {
    throw new ProblemError('not-found', { detail: `No render with id ${JSON.stringify(input.id)} exists for this account.` });
  }
  if (row.state === 'queued' || row.state === 'rendering') {
    throw new ProblemError('conflict', { detail: `Render ${row.id} is still ${row.state}; its file can be downloaded once it is done.` });
  }
  if (row.state === 'failed' || !row.storageKey) {
    throw new ProblemError('not-found', { detail: `Render ${row.id} failed, so it has no file to download.` });
  }
  const template = row.templateId ? await getTemplate(deps.db, { ownerId: row.ownerId, uid: row.templateId }) : null;
  const names = renderDownloadNames(row, template?.name ?? null);
  const info = await deps.storage.head(row.storageKey);
  if (!info) throw fileGone(row.id);
  return { key: row.storageKey, info, disposition: attachmentDisposition(names.ascii, names.readable) };
}

/** A finished render whose file left the store (deleted, or its retention ended), before or while it is read. */
export function fileGone(id: string): ProblemError {
  return new ProblemError('not-found', { detail: `The file of render ${id} is no longer stored (it was deleted or its retention ended).` });
}
