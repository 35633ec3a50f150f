import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { assetKeys, listAssets, type Asset } from '../../api/assets';
import type { DesignFont } from '../../canvas/design-loader';

/** The account's font assets as the canvas loader takes them: the same files the renderer loads. */
export function designFontsOf(assets: readonly Asset[]): DesignFont[] {
  return assets
    .filter((asset) => asset.font)
    .map((asset) => ({ family: asset.font!.family, url: asset.url, weight: asset.font!.weight, style: asset.font!.style }));
}

/** The account's fonts (query) for the editor's font list and the canvas loader. */
export function useAccountFonts() {
  return useQuery({ queryKey: assetKeys.list('font'), queryFn: () => listAssets('font') });
}

/**
 * Registers each font asset in the document under its family (a preview in its own font, the picker's
 * list). Declared only: the browser fetches a face the first time text uses it.
 */
export function useFontFaces(assets: readonly Asset[]): void {
  useEffect(() => {
    const faces = designFontsOf(assets).map(
      (font) =>
        new FontFace(font.family, `url(${JSON.stringify(font.url)})`, {
          weight: String(font.weight ?? 'normal'),
          style: font.style ?? 'normal',
        }),
    );
    const set = document.fonts as unknown as Set<FontFace>;
    for (const face of faces) set.add(face);
    return () => {
      for (const face of faces) set.delete(face);
    };
  }, [assets]);
}
