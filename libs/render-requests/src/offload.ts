import type { ImageRenderSource, RenderSource } from '@pressroom/contracts';
import type { Storage } from '@pressroom/storage';
import type { CanvasRenderSource } from './prepare-canvas.js';

/** HTML (and canvas JSON) larger than this travel through storage instead of inside the command (bus payloads stay small). */
export const INLINE_HTML_LIMIT = 256 * 1024;

/** A page as a planner produces it, before it is put in a command. */
export type PageSource = { kind: 'html'; html: string; jsEnabled: boolean } | { kind: 'url'; url: string };

/**
 * A page as a command carries it: inline, or moved to storage under
 * `inputs/<key>.html` when `offload` is set (by default: HTML over the
 * limit). The renderer deletes the stored input once the render has ended.
 */
export async function offloadPage(
  storage: Storage,
  key: string,
  source: PageSource,
  offload = source.kind === 'html' && Buffer.byteLength(source.html) > INLINE_HTML_LIMIT,
): Promise<RenderSource> {
  if (source.kind === 'url' || !offload) return source;
  const storageKey = `inputs/${key}.html`;
  await storage.put(storageKey, Buffer.from(source.html), 'text/html; charset=utf-8');
  return { kind: 'stored-html', storageKey, jsEnabled: source.jsEnabled };
}

/**
 * A canvas as a command carries it: inline, or moved to storage as the JSON
 * `{canvas, fonts}` under `inputs/<key>.json` when larger than `inlineLimit`
 * (the same limit as HTML unless told; 0 always moves it).
 */
export async function offloadCanvas(
  storage: Storage,
  key: string,
  source: CanvasRenderSource,
  inlineLimit = INLINE_HTML_LIMIT,
): Promise<CanvasRenderSource | Extract<ImageRenderSource, { kind: 'stored-canvas' }>> {
  const json = JSON.stringify({ canvas: source.canvas, fonts: source.fonts });
  if (Buffer.byteLength(json) <= inlineLimit) return { kind: 'canvas', canvas: source.canvas, fonts: source.fonts };
  const storageKey = `inputs/${key}.json`;
  await storage.put(storageKey, Buffer.from(json), 'application/json');
  return { kind: 'stored-canvas', storageKey };
}
