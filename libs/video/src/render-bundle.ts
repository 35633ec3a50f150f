import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '@remotion/bundler';
import { VERSION } from 'remotion/version';

const RUNTIME_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../runtime');

/** Where render bundles are kept when the caller names no directory (shared by every process on the machine). */
export const DEFAULT_BUNDLE_CACHE = join(tmpdir(), 'pressroom-video-bundles');

/** The bundle's identity: the runtime's source and the Remotion version. */
function runtimeHash(): string {
  const hash = createHash('sha256').update(VERSION);
  for (const file of readdirSync(RUNTIME_DIR).sort()) hash.update(file).update(readFileSync(join(RUNTIME_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

const building = new Map<string, Promise<string>>();

/**
 * The serve directory of the render bundle (runtime/): built once with @remotion/bundler and kept
 * under `cacheDir/<hash>`; built into a temporary directory and renamed into place, so processes
 * sharing the cache never see half a bundle. Concurrent callers in one process share one build.
 */
export function renderBundle(cacheDir: string = DEFAULT_BUNDLE_CACHE): Promise<string> {
  const target = join(cacheDir, runtimeHash());
  if (existsSync(join(target, 'index.html'))) return Promise.resolve(target);
  let pending = building.get(target);
  if (!pending) {
    pending = (async () => {
      await mkdir(cacheDir, { recursive: true });
      const scratch = `${target}.building-${process.pid}-${Date.now()}`;
      try {
        await bundle({
          entryPoint: join(RUNTIME_DIR, 'index.jsx'),
          outDir: scratch,
          enableCaching: false,
          ignoreRegisterRootWarning: true,
        });
        if (!existsSync(join(target, 'index.html'))) {
          await rm(target, { recursive: true, force: true });
          await rename(scratch, target);
        }
        return target;
      } finally {
        await rm(scratch, { recursive: true, force: true });
        building.delete(target);
      }
    })();
    building.set(target, pending);
  }
  return pending;
}
