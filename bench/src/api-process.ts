import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { ROOT } from './report.js';

const NODE_RUN = ['--conditions=source', '--import', 'tsx'];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export interface ApiProcess {
  baseUrl: string;
  key: string;
  child: ChildProcess;
}

/** The embedded process (`make run`) on a free port with its own data directory, and a key for it. */
export async function startApi(options: { dataDir: string; pages: number; env?: Record<string, string> }): Promise<ApiProcess> {
  const env = { ...process.env, PRESSROOM_DATA_DIR: options.dataDir, LOG_LEVEL: 'warn', ...options.env };
  const output = execFileSync(
    'node',
    [...NODE_RUN, 'services/gateway/src/admin-cli/main.ts', 'key', '--account', 'bench', '--plan', 'enterprise'],
    { cwd: ROOT, env, encoding: 'utf8' },
  );
  const key = output.trim().split('\n').at(-1)!;
  const port = await freePort();
  const child = spawn('node', [...NODE_RUN, 'deploy/embedded/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PRESSROOM_BROWSER_PAGES: String(options.pages),
      PRESSROOM_ALLOW_PRIVATE_HOSTS: '127.0.0.2/32',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, key, child };
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
