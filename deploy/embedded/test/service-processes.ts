/*
 * Pressroom's services as their own processes (`make run-cluster`'s shape), for the
 * whole-stack tests that need a real process boundary: a SIGKILL, a supervisor, a
 * gateway and a renderer that share nothing but NATS, PostgreSQL and the object store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount, createApiKey, openDatabase, setOwnerPlan, type Db } from '@pressroom/db';
import { TEST_NATS_URL, freePort, waitHealthy, type ServiceProcess } from '@pressroom/testing';
import { ALLOWED_HOST } from './harness.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A 1×1 PNG, for pages that wait on an image the test serves. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Starts a service's main.ts from its sources with `env` over the test's own
 * environment, on `port` (its ops port picked freely). Every process started is
 * pushed onto `children`, for afterAll to stop.
 */
export function spawnService(file: string, options: { port: number; env: NodeJS.ProcessEnv; children: ChildProcess[] }): ServiceProcess {
  const child = spawn('node', ['--conditions=source', '--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, PRESSROOM_OPS_PORT: '0', ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
  options.children.push(child);
  return { child, logTail: () => tail };
}

/**
 * The image renderer as its own process on NATS (bus and object store, under `namespace`) and the database at
 * `databaseUrl`, with `browserPages` pages and renders cut after `renderTimeoutMs`; resolves once it answers healthy
 * (throws if it exits first). The process is pushed onto `children`, for afterAll to stop or a test to kill.
 */
export async function startImageRenderer(options: {
  databaseUrl: string;
  namespace: string;
  children: ChildProcess[];
  browserPages: number;
  renderTimeoutMs: number;
}): Promise<ChildProcess> {
  const port = await freePort();
  const renderer = spawnService('services/image/src/main.ts', {
    port,
    children: options.children,
    env: {
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: options.databaseUrl,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: options.namespace,
      PRESSROOM_BROWSER_PAGES: String(options.browserPages),
      PRESSROOM_ALLOW_PRIVATE_HOSTS: `${ALLOWED_HOST}/32`,
      PRESSROOM_RENDER_TIMEOUT_MS: String(options.renderTimeoutMs),
      LOG_LEVEL: 'warn',
    },
  });
  await waitHealthy(`http://127.0.0.1:${port}/health`, { service: renderer, timeoutMs: 60_000 });
  return renderer.child;
}

/** A pro account whose request rates are lifted (a test that polls would reach them, docs/limits.md), and an API key for it. */
export async function pollingAccount(db: Db, name: string): Promise<{ accountId: string; key: string }> {
  const account = await createAccount(db, { name, plan: 'pro' });
  await setOwnerPlan(db, { ownerId: account.id, kind: 'account', plan: 'pro', settings: { perMinute: 1_000_000, perDay: 100_000_000 } });
  const { key } = await createApiKey(db, { accountId: account.id });
  return { accountId: account.id, key };
}

/** An account on `plan` in the database at `url`, and an API key for it. */
export async function accountWithKey(url: string, options: { name: string; plan: string }): Promise<{ accountId: string; key: string }> {
  const db = await openDatabase({ url });
  try {
    const account = await createAccount(db, { name: options.name, plan: options.plan });
    const { key } = await createApiKey(db, { accountId: account.id });
    return { accountId: account.id, key };
  } finally {
    await db.close();
  }
}

/** POST /image on a gateway with an API key: the render the cluster tests send while they stop or kill services. */
export function postImage(gatewayUrl: string, key: string, body: object): Promise<Response> {
  return fetch(`${gatewayUrl}/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
