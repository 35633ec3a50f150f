/**
 * The peer (issue 18 item 5): browserless, installed from npm at a pinned
 * version into a cache directory outside the repository (none of its code is
 * committed) and run as a local process on the same Chromium binary as
 * Pressroom, with its own defaults (CONCURRENT 10, QUEUED 10, TIMEOUT 30 s;
 * a fresh browser per HTTP request, as browserless does by default).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@pressroom/testing';

export const BROWSERLESS_VERSION = '2.42.0';

export interface BrowserlessProcess {
  baseUrl: string;
  token: string;
  child: ChildProcess;
}

function install(): string {
  const dir = join(tmpdir(), 'pressroom-bench-peer', `browserless-${BROWSERLESS_VERSION}`);
  const pkg = join(dir, 'node_modules/@browserless.io/browserless');
  if (!existsSync(join(pkg, 'build/index.js'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', `@browserless.io/browserless@${BROWSERLESS_VERSION}`], {
      stdio: 'inherit',
      // Browsers are not downloaded: it runs on the machine's Chromium, like Pressroom.
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1', PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
  }
  return dir;
}

/**
 * Starts browserless on `executablePath`. Two adjustments, both for a machine
 * without Google's builds: its routes for Chrome, Edge, Firefox and WebKit are
 * left out (it refuses to start when their binaries are missing; ROUTES points
 * at a copy of its Chromium routes), and playwright-core's
 * Chromium path (where browserless looks for the binary) links to ours.
 */
export async function startBrowserless(options: { executablePath: string }): Promise<BrowserlessProcess> {
  const dir = install();
  const pkg = join(dir, 'node_modules/@browserless.io/browserless');
  // Beside build/routes, so the routes' relative imports resolve.
  const routes = join(pkg, 'build/routes-pressroom-bench');
  rmSync(routes, { recursive: true, force: true });
  // Its management routes are left out too: one of them requires a file by a path that npm's hoisting moves.
  for (const name of ['chromium']) cpSync(join(pkg, 'build/routes', name), join(routes, name), { recursive: true });
  const browsers = JSON.parse(readFileSync(join(dir, 'node_modules/playwright-core/browsers.json'), 'utf8')) as {
    browsers: Array<{ name: string; revision: string }>;
  };
  const revision = browsers.browsers.find((b) => b.name === 'chromium')!.revision;
  const browsersPath = join(dir, 'browsers');
  const binary = join(browsersPath, `chromium-${revision}`, 'chrome-linux64', 'chrome');
  rmSync(browsersPath, { recursive: true, force: true });
  mkdirSync(join(binary, '..'), { recursive: true });
  symlinkSync(options.executablePath, binary);

  const port = await freePort();
  const token = 'pressroom-bench';
  const child = spawn('node', [join(pkg, 'build/index.js')], {
    cwd: pkg,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TOKEN: token,
      ROUTES: routes,
      PLAYWRIGHT_BROWSERS_PATH: browsersPath,
      NODE_ENV: 'production',
      DEBUG: 'browserless*,-browserless*:trace,-browserless*:debug',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: it imports every route module at start, slow on the shared machine under load.
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${baseUrl}/json/version?token=${token}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, token, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('browserless did not start');
}

/** POST JSON to a browserless route; the response body (the PNG or PDF) as bytes. */
export async function browserlessPost(peer: BrowserlessProcess, path: string, body: unknown): Promise<Buffer> {
  const res = await fetch(`${peer.baseUrl}${path}?token=${peer.token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`browserless ${path} answered ${res.status}: ${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}
