import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * fabric's UMD build (`require` entry of the package: dist/index.min.js), which
 * defines `window.fabric` when run as a classic script. Read from disk once per
 * process and injected into every canvas job's page.
 */
export const FABRIC_BUNDLE_PATH = require.resolve('fabric');

let bundle: Promise<string> | null = null;

export function fabricBundle(): Promise<string> {
  bundle ??= readFile(FABRIC_BUNDLE_PATH, 'utf8').catch((error: unknown) => {
    bundle = null;
    throw error;
  });
  return bundle;
}
