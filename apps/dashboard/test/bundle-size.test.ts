import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const BUILD = fileURLToPath(new URL('../../../deploy/scripts/build-dashboard.mjs', import.meta.url));
/** Issue 14: the JavaScript a first visit downloads, gzipped. */
const INITIAL_JS_LIMIT = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

test('the initial JavaScript (entry chunks and their static imports) stays under 250 KB gzipped; pages load on demand', () => {
  execFileSync(process.execPath, [BUILD, '--quiet'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  // The app's one entry; video-player.html is the sandboxed scene player's own page, loaded only in its frame.
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry && key !== 'video-player.html');
  expect(entries).toEqual(['index.html']);

  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]!.imports ?? []) visit(next);
  };
  entries.forEach(visit);
  const gzipped = [...initial].reduce((sum, key) => sum + gzipSync(readFileSync(`${DIST}${manifest[key]!.file}`)).length, 0);
  expect(gzipped).toBeLessThanOrEqual(INITIAL_JS_LIMIT);

  // Every page is its own chunk, fetched when first opened.
  const lazy = Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []);
  expect(lazy.length).toBeGreaterThanOrEqual(2);
  for (const key of lazy) expect(initial.has(key)).toBe(false);
});

test("the build is React's production build even when a test starts it (jest sets NODE_ENV=test)", () => {
  expect(process.env.NODE_ENV).toBe('test');
  execFileSync(process.execPath, [BUILD, '--quiet'], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const code = Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js'))
    .map((chunk) => readFileSync(`${DIST}${chunk.file}`, 'utf8'))
    .join('\n');
  // The development build calls jsxDEV and names each component's source file by its absolute path.
  expect(code).not.toContain('jsxDEV');
  expect(code).not.toContain(fileURLToPath(new URL('../src/', import.meta.url)));
});
