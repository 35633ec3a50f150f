#!/usr/bin/env node
// Builds apps/dashboard into apps/dashboard/dist when its sources changed since the last build: a hash of
// the sources, config and lockfile is kept in dist/.source-hash, so `make run` and `make test` stay fast.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const app = join(root, 'apps/dashboard');
const stamp = join(app, 'dist/.source-hash');
const inputs = ['src', 'index.html', 'video-player.html', 'package.json', 'vite.config.ts', 'tsconfig.json'];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(join(path, name)));
}

const hash = createHash('sha256');
// The browser-safe constants the dashboard imports from the contracts are sources of it too, and so is the
// timeline composition (and its project checks) that the video studio's player shares with the renderer.
const shared = [
  ...files(join(root, 'libs/contracts/src')),
  ...files(join(root, 'libs/video/runtime')),
  join(root, 'libs/video/src/timeline-project.ts'),
].filter((f) => !f.endsWith('.test.ts'));
for (const file of [...inputs.flatMap((p) => files(join(app, p))), ...shared, join(root, 'pnpm-lock.yaml')]) {
  hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
}
const digest = hash.digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === digest && existsSync(join(app, 'dist/index.html'))) process.exit(0);
// Progress on stderr: stdout is for what a caller captures (setup runs before `make -s key`).
if (!process.argv.includes('--quiet')) console.error('setup: building the dashboard (apps/dashboard)');
// NODE_ENV is set to production for the build: a build started from a test (jest sets NODE_ENV=test) would
// otherwise be React's development build, with absolute source paths in it and a larger download.
execFileSync(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
  cwd: app,
  stdio: ['ignore', 2, 2],
  env: { ...process.env, NODE_ENV: 'production' },
});
writeFileSync(stamp, `${digest}\n`);
