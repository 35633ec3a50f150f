import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from './harness.js';
import { freePort, stopProcesses, waitHealthy } from '@pressroom/testing';
import { ROOT } from './service-processes.js';

/**
 * What the container image holds, built without a docker engine: the image's build stage is
 * deploy/docker/build-app.sh, run here on a copy of the tree; the result is then started the way the
 * runtime stage starts it (plain `node`, NODE_ENV=production, no tsx, no TypeScript compiler, only
 * production dependencies on disk) and renders. The OS layer (Debian's Chromium and fonts) is this
 * machine's, as `make setup` installs the same packages the Dockerfile does.
 */
describe('the container build (deploy/docker/build-app.sh) runs on plain node with production dependencies only', () => {
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-image-'));
    // The tree as `COPY . .` sees it: tracked and untracked files, nothing git ignores (node_modules, dist, .data).
    execFileSync(
      'bash',
      ['-c', `git ls-files -z --cached --others --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C "${dir}"`],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    execFileSync('bash', ['deploy/docker/build-app.sh'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CI: '' },
    });
  }, 600_000);

  afterAll(async () => {
    await stopProcesses(children);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('leaves no development tool on disk and no TypeScript source it needs', async () => {
    const store = await readdir(join(dir, 'node_modules/.pnpm'));
    // (esbuild stays: Remotion's bundler, a production dependency of the video service, runs it.)
    for (const tool of ['typescript@', 'tsx@', 'jest@', 'vite@', 'eslint@', 'playwright-core@', '@swc+jest@']) {
      expect(store.filter((name) => name.startsWith(tool))).toEqual([]);
    }
    expect(existsSync(join(dir, 'deploy/embedded/dist/main.js'))).toBe(true);
    expect(existsSync(join(dir, 'apps/dashboard/dist/index.html'))).toBe(true);
    for (const gone of ['.git', 'bench', 'docs', 'apps/dashboard/src']) expect(existsSync(join(dir, gone))).toBe(false);
  });

  it('starts with plain node, serves the API and the dashboard, and renders', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      HOME: join(dir, 'home'),
      PRESSROOM_DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      PRESSROOM_OPS_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    // No --import tsx, no --conditions=source: the packages resolve to their compiled dist/.
    const child = spawn('node', ['deploy/embedded/dist/main.js'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(`${base}/health`, { service: { child, logTail: () => '(its stderr is above)' }, timeoutMs: 120_000 });
    expect((await fetch(`${base}/app/`)).status).toBe(200);

    // Through the image's `admin-cli` command (deploy/docker/admin-cli), as the docs write it.
    const key = execFileSync(join(dir, 'deploy/docker/admin-cli'), ['key', '--account', 'container'], {
      cwd: dir,
      env,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .at(-1)!;
    const res = await fetch(`${base}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: '<body style="margin:0;background:#ff0000"></body>', width: 40, height: 30 }),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const image = await decode(url.replace(/^https?:\/\/[^/]+/, base));
    expect(image.contentType).toBe('image/png');
    expect([image.width, image.height]).toEqual([40, 30]);
    expect(image.pixel(20, 15)).toEqual([255, 0, 0]);
  }, 240_000);
});
