import { useQuery } from '@tanstack/react-query';
import { cache } from 'fabric';
import { api } from '../../../api/client';

/** Fonts every browser and the renderer's Chromium have. */
export const SYSTEM_FONTS = [
  'sans-serif',
  'serif',
  'monospace',
  'Arial',
  'Helvetica',
  'Georgia',
  'Times New Roman',
  'Courier New',
  'Verdana',
];

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
  if (faces.length === 0) return Promise.resolve();
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
