import { familiesUsed, fontDataUrl, withFontFaces, type OwnerFont } from '@pressroom/assets';
import { listOwnerFonts, type AssetRow, type Db } from '@pressroom/db';
import type { Storage } from '@pressroom/storage';
import type { PageSource } from './offload.js';
import type { CanvasRenderSource } from './prepare-canvas.js';

type Source = PageSource | CanvasRenderSource;

/** The process's per-owner font lists (OwnerCaches.fonts in @pressroom/service-runner), dropped when a font is uploaded or deleted. */
export interface FontListCache {
  get(ownerId: string, load: () => Promise<AssetRow[]>): Promise<AssetRow[]>;
}

/** What the asset loaders read from; without `owners` every render reads the owner's font list. */
export interface OwnerAssetDeps {
  db: Db;
  storage: Storage;
  owners?: { fonts: FontListCache } | undefined;
}

/**
 * Make an owner's uploaded fonts usable by family name: @font-face rules in
 * an HTML page, `fonts` entries on a canvas. Only fonts of the render's owner
 * are ever looked up, so a family name never reaches another account's font.
 * Applied by ownerAssetLoader. The bytes travel as data: URLs: the renderer needs no access to
 * storage or to the gateway, and large pages spill to storage as any large
 * page does. One loader reads the owner's font list and each file once, for
 * every document of a render.
 */
export function ownerFontLoader(deps: OwnerAssetDeps, ownerId: string): <S extends Source>(source: S) => Promise<S> {
  let rows: Promise<AssetRow[]> | undefined;
  const files = new Map<string, Promise<Buffer | null>>();
  const bytesOf = (key: string): Promise<Buffer | null> => {
    let file = files.get(key);
    if (!file) {
      file = deps.storage.get(key).then((object) => object?.bytes ?? null);
      files.set(key, file);
    }
    return file;
  };

  async function fontsNamedIn(text: string, skip: Set<string>): Promise<OwnerFont[]> {
    rows ??= deps.owners ? deps.owners.fonts.get(ownerId, () => listOwnerFonts(deps.db, ownerId)) : listOwnerFonts(deps.db, ownerId);
    const candidates = (await rows).filter((row) => !skip.has(row.fontFamily!.toLowerCase()));
    if (candidates.length === 0) return [];
    const used = familiesUsed(text, [...new Set(candidates.map((row) => row.fontFamily!))]);
    const loaded = await Promise.all(
      candidates
        .filter((row) => used.has(row.fontFamily!))
        .map(async (row): Promise<OwnerFont | null> => {
          const bytes = await bytesOf(row.storageKey);
          if (!bytes) return null;
          return {
            family: row.fontFamily!,
            weight: row.fontWeight ?? 400,
            style: row.fontStyle === 'italic' ? 'italic' : 'normal',
            contentType: row.contentType,
            bytes,
          };
        }),
    );
    return loaded.filter((font): font is OwnerFont => font !== null);
  }

  return async <S extends Source>(source: S): Promise<S> => {
    if (source.kind === 'url') return source;
    if (source.kind === 'html') {
      const fonts = await fontsNamedIn(source.html, new Set());
      return fonts.length === 0 ? source : { ...source, html: withFontFaces(source.html, fonts) };
    }
    const canvas = source as CanvasRenderSource & S;
    const declared = new Set(canvas.fonts.map((font) => font.family.toLowerCase()));
    const fonts = await fontsNamedIn(JSON.stringify(canvas.canvas), declared);
    if (fonts.length === 0) return source;
    return {
      ...canvas,
      fonts: [
        ...canvas.fonts,
        ...fonts.map((font) => ({ family: font.family, url: fontDataUrl(font), weight: String(font.weight), style: font.style })),
      ],
    };
  };
}
