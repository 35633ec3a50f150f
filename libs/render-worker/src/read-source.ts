import { StoredCanvas, type RenderSource } from '@pressroom/contracts';
import type { CaptureSource } from '@pressroom/browser';
import type { Storage } from '@pressroom/storage';

/** The page to load: HTML spilled to storage by the gateway is read back here. */
export async function readSource(storage: Storage, source: RenderSource): Promise<CaptureSource> {
  if (source.kind !== 'stored-html') return source;
  const stored = await storage.get(source.storageKey);
  if (!stored) throw new Error(`spilled input ${source.storageKey} is missing`);
  return { kind: 'html', html: stored.bytes.toString('utf8'), jsEnabled: source.jsEnabled };
}

/** A canvas the gateway spilled to storage (`stored-canvas`): the JSON `{canvas, fonts}`. */
export async function readStoredCanvas(storage: Storage, storageKey: string): Promise<StoredCanvas> {
  const stored = await storage.get(storageKey);
  if (!stored) throw new Error(`spilled input ${storageKey} is missing`);
  return StoredCanvas.parse(JSON.parse(stored.bytes.toString('utf8')));
}

/** Storage keys of spilled inputs, deleted once the render has ended. */
export function spilledKeys(sources: readonly { kind: string; storageKey?: string }[]): string[] {
  return sources.flatMap((source) =>
    (source.kind === 'stored-html' || source.kind === 'stored-canvas') && source.storageKey !== undefined ? [source.storageKey] : [],
  );
}
