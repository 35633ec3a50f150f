import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { freePort } from '@pressroom/testing';
import { ROOT } from './report.js';

const NODE_RUN = ['--conditions=source', '--import', 'tsx'];

/**
 * The processes measured are the ones the containers run: the services compiled to `dist/` by
 * `make build`, started with plain `node` (deploy/docker/Dockerfile). Started from source instead
 * (`BENCH_FROM_SOURCE=1`), tsx's loader turns on source maps, and every stack trace a library builds
 * (puppeteer and the NATS client make an Error per call) is mapped: several per cent of the CPU.
 */
const FROM_SOURCE = process.env.BENCH_FROM_SOURCE === '1';
let built = false;

/** `node <args>` for a service's entry (`deploy/embedded/src/main.ts`), built first unless BENCH_FROM_SOURCE. */
export function serviceCommand(sourceEntry: string): string[] {
  if (FROM_SOURCE) return [...NODE_RUN, sourceEntry];
  if (!built) {
    execFileSync('node', ['deploy/scripts/build-services.mjs'], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  return [sourceEntry.replace('/src/', '/dist/').replace(/\.ts$/, '.js')];
}

export interface ApiProcess {
  baseUrl: string;
  key: string;
  child: ChildProcess;
  /** The ops server (`/metrics`), on its own free port so parallel runs never collide on the default 9464. */
  opsUrl: string;
}

/** The embedded process (`make run`) on a free port with its own data directory, and a key for it. */
export async function startApi(options: {
  dataDir: string;
  pages: number;
  env?: Record<string, string>;
  /** Extra node flags for the API process only (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<ApiProcess> {
  const env = { ...process.env, PRESSROOM_DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env };
  const output = execFileSync(
    'node',
    [...serviceCommand('services/gateway/src/admin-cli/main.ts'), 'key', '--account', 'bench', '--plan', 'enterprise'],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  const key = output.trim().split('\n').at(-1)!;
  const port = await freePort();
  const opsPort = options.env?.PRESSROOM_OPS_PORT ?? String(await freePort());
  const child = spawn('node', [...(options.nodeArgs ?? []), ...serviceCommand('deploy/embedded/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PRESSROOM_BROWSER_PAGES: String(options.pages),
      PRESSROOM_ALLOW_PRIVATE_HOSTS: '127.0.0.2/32',
      PRESSROOM_OPS_PORT: opsPort,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Up to 2 minutes: on the shared 2-core machine under load, compiling and starting the stack can take over 30 s.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the API exited (${child.exitCode ?? child.signalCode}) before it became healthy`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, key, child, opsUrl: `http://127.0.0.1:${opsPort}` };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the API did not become healthy');
}

/** POST JSON with the bench key; throws unless 200. */
export async function apiPost<T>(api: ApiProcess, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export function machineMeta(): { date: string; cpus: number; cpu: string; node: string } {
  return { date: new Date().toISOString(), cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
}
