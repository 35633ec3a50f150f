import { getAsset, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { PageSource } from './offload.js';
import type { CanvasRenderSource } from './prepare-canvas.js';

type Source = PageSource | CanvasRenderSource;

// An asset-library image URL as the API hands it out (`url` of an asset), on whatever host the instance is reached by.
const ASSET_IMAGE_URL = /https?:\/\/[^\s"'()<>\\]+\/files\/assets\/(ast_[0-9a-z]{1,40})\.(?:png|jpg|webp|svg)/g;

/** At most this many distinct library images are inlined into one document. */
const MAX_INLINED = 50;

/**
 * Replace the owner's asset-library image URLs in a page or canvas with data:
 * URLs of the same bytes. The renderer's network guard refuses the instance's
 * own private address (and should), so a design using library images would
 * otherwise draw nothing. Only the owner's assets are inlined; any other URL is
 * left for the guard to judge.
 */
export function ownerImageInliner(deps: { db: Db; storage: Storage }, ownerId: string): <S extends Source>(source: S) => Promise<S> {
  const dataUrls = new Map<string, Promise<string | null>>();
  const dataUrlOf = (id: string): Promise<string | null> => {
    let url = dataUrls.get(id);
    if (!url) {
      url = (async () => {
        const row = await getAsset(deps.db, { ownerId, id });
        if (!row || row.kind !== 'image') return null;
        const object = await deps.storage.get(row.storageKey);
        return object ? `data:${row.contentType};base64,${object.bytes.toString('base64')}` : null;
      })();
      dataUrls.set(id, url);
    }
    return url;
  };

  async function inline(text: string): Promise<string | null> {
    const ids = [...new Set([...text.matchAll(ASSET_IMAGE_URL)].map((m) => m[1]!))].slice(0, MAX_INLINED);
    if (ids.length === 0) return null;
    const resolved = new Map(await Promise.all(ids.map(async (id) => [id, await dataUrlOf(id)] as const)));
    let changed = false;
    const result = text.replace(ASSET_IMAGE_URL, (url, id: string) => {
      const data = resolved.get(id);
      if (!data) return url;
      changed = true;
      // Inside canvas JSON the URL sits in a JSON string: base64 and the data: prefix need no escaping.
      return data;
    });
    return changed ? result : null;
  }

  return async <S extends Source>(source: S): Promise<S> => {
    if (source.kind === 'url') return source;
    if (source.kind === 'html') {
      const html = await inline(source.html);
      return html === null ? source : { ...source, html };
    }
    const canvas = source as CanvasRenderSource & S;
    const json = await inline(JSON.stringify(canvas.canvas));
    return json === null ? source : { ...canvas, canvas: JSON.parse(json) as Record<string, unknown> };
  };
}
