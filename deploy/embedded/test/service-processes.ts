/*
 * Pressroom's services as their own processes (`make run-cluster`'s shape), for the
 * whole-stack tests that need a real process boundary: a SIGKILL, a supervisor, a
 * gateway and a renderer that share nothing but NATS, PostgreSQL and the object store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount, createApiKey, openDatabase } from '@pressroom/db';
import type { ServiceProcess } from '@pressroom/testing';

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
