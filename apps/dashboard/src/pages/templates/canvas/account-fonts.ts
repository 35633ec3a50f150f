import { useQuery } from '@tanstack/react-query';
import { cache } from 'fabric';
import { RENDERER_FONTS } from '@pressroom/contracts/constants';
import { api } from '../../../api/client';
import { loadRendererFamily } from '../../../canvas/design-loader';

/**
 * The families the font choice offers besides the account's: the renderer's own (RENDERER_FONTS, served to the
 * editor from /app/fonts/), so that text is drawn here with the files the render uses (docs/canvas-editor.md).
 */
export const SYSTEM_FONTS = RENDERER_FONTS.map((f) => f.family);

export interface AccountFont {
  family: string;
  weight: number;
  style: string;
  url: string;
}

interface AssetList {
  assets: Array<{ url: string; font: { family: string; weight: number; style: string } | null }>;
}

/**
 * The account's uploaded fonts (GET /assets?kind=font). The renderer finds them by family name in the saved
 * JSON (owner fonts), so the editor only needs them drawn here: each is added to the document's fonts.
 */
export function useAccountFonts(): AccountFont[] {
  const fonts = useQuery({
    queryKey: ['assets', 'fonts'],
    queryFn: async () => {
      const list = await api<AssetList>('/assets', { query: { kind: 'font', limit: 100 } });
      return list.assets.flatMap((a) => (a.font ? [{ ...a.font, url: a.url }] : []));
    },
    staleTime: 60_000,
  });
  return fonts.data ?? [];
}

const loaded = new Map<string, Promise<void>>();

/** Loads every face of a family before fabric measures text in it (an unloaded face measures as the fallback). */
export function loadFamily(family: string, fonts: AccountFont[]): Promise<void> {
  const faces = fonts.filter((f) => f.family === family);
  if (faces.length === 0) {
    // One of the renderer's families: its files, then fabric measures again (it cached the fallback's widths).
    return loadRendererFamily(family).then(
      () => cache.clearFontCache(family),
      () => undefined,
    );
  }
  let done = loaded.get(family);
  if (!done) {
    done = Promise.all(
      faces.map(async (f) => {
        const face = new FontFace(f.family, `url(${JSON.stringify(f.url)})`, { weight: String(f.weight), style: f.style });
        (document.fonts as unknown as Set<FontFace>).add(face);
        await face.load();
      }),
    ).then(() => {
      cache.clearFontCache(family);
    });
    loaded.set(family, done);
  }
  return done;
}
