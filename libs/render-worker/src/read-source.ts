import type { RenderSource } from '@pressroom/contracts';
import type { CaptureSource } from '@pressroom/browser';
import type { Storage } from '@pressroom/storage';

/** The page to load: HTML spilled to storage by the gateway is read back here. */
export async function readSource(storage: Storage, source: RenderSource): Promise<CaptureSource> {
  if (source.kind !== 'stored-html') return source;
  const stored = await storage.get(source.storageKey);
  if (!stored) throw new Error(`spilled input ${source.storageKey} is missing`);
  return { kind: 'html', html: stored.bytes.toString('utf8'), jsEnabled: source.jsEnabled };
}

/** Storage keys of spilled inputs, deleted once the render has ended. */
export function spilledKeys(sources: readonly RenderSource[]): string[] {
  return sources.flatMap((source) => (source.kind === 'stored-html' ? [source.storageKey] : []));
}
