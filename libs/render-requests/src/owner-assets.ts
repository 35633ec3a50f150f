import type { PageSource } from './offload.js';
import { ownerFontLoader, type OwnerAssetDeps } from './owner-fonts.js';
import { ownerImageInliner } from './owner-images.js';
import type { CanvasRenderSource } from './prepare-canvas.js';

type Source = PageSource | CanvasRenderSource;

/**
 * What every producer of renders applies to each document before the command
 * is built: the owner's library images inlined, the owner's fonts loaded.
 * One loader per render reads each asset once for all its documents.
 */
export function ownerAssetLoader(deps: OwnerAssetDeps, ownerId: string): <S extends Source>(source: S) => Promise<S> {
  const images = ownerImageInliner(deps, ownerId);
  const fonts = ownerFontLoader(deps, ownerId);
  return async <S extends Source>(source: S) => fonts(await images(source));
}

/** One document with the owner's assets (see ownerAssetLoader). */
export function withOwnerAssets<S extends Source>(deps: OwnerAssetDeps, ownerId: string, source: S): Promise<S> {
  return ownerAssetLoader(deps, ownerId)(source);
}
