import { familiesUsed, fontDataUrl, withFontFaces, type OwnerFont } from '@pressroom/assets';
import { listOwnerFonts, type Db } from '@pressroom/db';
import type { ImageRenderPlan } from './image-command.js';
import type { Storage } from '@pressroom/storage';

type Source = ImageRenderPlan['source'];

/** The owner's fonts whose family names appear in `text`, with their bytes. */
async function fontsNamedIn(deps: { db: Db; storage: Storage }, ownerId: string, text: string, skip: Set<string>): Promise<OwnerFont[]> {
  const rows = (await listOwnerFonts(deps.db, ownerId)).filter((row) => !skip.has(row.fontFamily!.toLowerCase()));
  if (rows.length === 0) return [];
  const used = familiesUsed(text, [...new Set(rows.map((row) => row.fontFamily!))]);
  const loaded = await Promise.all(
    rows
      .filter((row) => used.has(row.fontFamily!))
      .map(async (row) => {
        const object = await deps.storage.get(row.storageKey);
        return object
          ? {
              family: row.fontFamily!,
              weight: row.fontWeight ?? 400,
              style: row.fontStyle === 'italic' ? 'italic' : 'normal',
              contentType: row.contentType,
              bytes: object.bytes,
            }
          : null;
      }),
  );
  return loaded.filter((font): font is OwnerFont => font !== null);
}

/**
 * Make the owner's uploaded fonts usable by family name: @font-face rules in
 * an HTML page, `fonts` entries on a canvas. Only fonts of the render's owner
 * are ever looked up, so a family name never reaches another account's font.
 * Every producer of image renders (API, batches, bindings) calls this. The bytes travel as data: URLs: the renderer needs no access to storage or
 * to the gateway, and large pages spill to storage as any large page does.
 */
export async function withOwnerFonts(deps: { db: Db; storage: Storage }, ownerId: string, source: Source): Promise<Source> {
  if (source.kind === 'url') return source;
  if (source.kind === 'html') {
    const fonts = await fontsNamedIn(deps, ownerId, source.html, new Set());
    return fonts.length === 0 ? source : { ...source, html: withFontFaces(source.html, fonts) };
  }
  const declared = new Set(source.fonts.map((font) => font.family.toLowerCase()));
  const fonts = await fontsNamedIn(deps, ownerId, JSON.stringify(source.canvas), declared);
  if (fonts.length === 0) return source;
  return {
    ...source,
    fonts: [
      ...source.fonts,
      ...fonts.map((font) => ({ family: font.family, url: fontDataUrl(font), weight: String(font.weight), style: font.style })),
    ],
  };
}
