// Compiles the TypeScript of every workspace package the services run (libs/*, services/*,
// deploy/embedded) into JavaScript beside it: <package>/src/**/*.ts → <package>/dist/**/*.js.
// Each package's exports already name ./dist/index.js as the default (non-`source`) entry, and
// dist/ sits at the same depth as src/, so paths taken relative to a module (migrations, the
// video worker, the dashboard build) still resolve. The container then runs plain `node`:
// no tsx, no TypeScript compiler at run time (docs/adr/0030). Types are checked by `make
// typecheck`, not here: esbuild only strips them, as tsx does in development.
import { build } from 'esbuild';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const roots = ['libs', 'services'];

async function packages() {
  const dirs = ['deploy/embedded'];
  for (const root of roots) {
    for (const entry of await readdir(root, { withFileTypes: true })) if (entry.isDirectory()) dirs.push(join(root, entry.name));
  }
  return dirs;
}

/** Every .ts file under src/, tests and test helpers left out. */
async function sources(dir) {
  const files = await readdir(join(dir, 'src'), { recursive: true, withFileTypes: true });
  return files
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.d.ts') && !/\.test\.ts$/.test(f.name))
    .map((f) => join(f.parentPath, f.name));
}

let count = 0;
for (const dir of await packages()) {
  const entryPoints = await sources(dir).catch(() => []);
  if (entryPoints.length === 0) continue;
  await rm(join(dir, 'dist'), { recursive: true, force: true });
  await build({
    entryPoints,
    outdir: join(dir, 'dist'),
    outbase: join(dir, 'src'),
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  count += entryPoints.length;
}
console.log(`build-services: ${count} modules compiled to <package>/dist`);
