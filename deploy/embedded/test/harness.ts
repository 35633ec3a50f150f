import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createAccount, createApiKey, setOwnerPlan, type Plan } from '@pressroom/db';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace } from '@pressroom/testing';
import { startStack, type Stack, type StackOptions } from '../src/stack.js';
import { checkContract } from './contract-check.js';

export type Flavour = 'memory+pglite' | 'nats+postgres';
export const FLAVOURS: Flavour[] = ['memory+pglite', 'nats+postgres'];

export interface TestStack extends Stack {
  /** A fresh account with a key; `ownerId` is what its renders are scoped to. */
  /** Accounts default to the enterprise plan (generous limits the suite never hits); limit tests pass `{ plan }`. */
  newAccount(name?: string, options?: { plan?: string }): Promise<{ key: string; accountId: string }>;
  api(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  /** What an operator's `accounts plan` does: an account's plan with overridden limits (tests reach a quota at once). */
  setAccountPlan(accountId: string, plan: Plan, settings?: { renderCredits?: number }): Promise<void>;
  dispose(): Promise<void>;
}

/** The address our local test pages are served from; the stack's allow-list admits exactly it. */
export const ALLOWED_HOST = '127.0.0.2';

/** The suite's browser: two pages, short renders. */
export const TEST_BROWSER: StackOptions['browser'] = {
  executablePath: '/usr/lib/chromium/chromium-headless-shell',
  pages: 2,
  restartAfter: 200,
  queueLimit: 50,
  renderTimeoutMs: 4_000,
};

export async function startTestStack(flavour: Flavour, overrides: Partial<StackOptions> = {}): Promise<TestStack> {
  const filesDir = await mkdtemp(join(tmpdir(), 'pressroom-files-'));
  const database = flavour === 'nats+postgres' ? await createTestDatabase() : null;
  const stack = await startStack({
    port: 0,
    opsPort: 0,
    host: '127.0.0.1',
    natsUrl: flavour === 'nats+postgres' ? TEST_NATS_URL : undefined,
    busNamespace: uniqueNamespace(),
    databaseUrl: database?.url,
    dataDir: undefined,
    filesDir,
    storage: flavour === 'nats+postgres' ? 'nats' : 'disk',
    allowPrivateHosts: [`${ALLOWED_HOST}/32`],
    browser: TEST_BROWSER,
    // A suite's teardown waits no longer than this for what it left running (the API's own grace is 320 s, past
    // jest's hook time-out); embedded-shutdown.test.ts passes undefined for the real graces.
    shutdownGraceMs: 10_000,
    ...overrides,
  });
  let counter = 0;
  return {
    ...stack,
    async newAccount(name, options) {
      const account = await createAccount(stack.db, {
        name: name ?? `acct-${process.pid}-${Date.now()}-${counter++}`,
        plan: options?.plan ?? 'enterprise',
      });
      const { key } = await createApiKey(stack.db, { accountId: account.id });
      return { key, accountId: account.id };
    },
    async setAccountPlan(accountId, plan, settings) {
      await setOwnerPlan(stack.db, { ownerId: accountId, kind: 'account', plan, ...(settings ? { settings } : {}) });
      await stack.owners.changed(accountId, ['plan']);
    },
    api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set('authorization', `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(init.json);
      }
      // Every answer is checked against the OpenAPI document (status declared, body matches).
      return fetch(`${stack.baseUrl}${path}`, { ...init, headers, body: body ?? null }).then(async (response) => {
        await checkContract(init.method ?? 'GET', path, response);
        return response;
      });
    },
    async dispose() {
      await stack.close();
      await database?.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** A local HTTP server on ALLOWED_HOST with named routes. */
export async function startPageServer(
  routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>,
  host = ALLOWED_HOST,
): Promise<{ url: (path: string) => string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes[path];
    if (route) return route(req, res);
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://${host}:${port}${path}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function problemOf(res: Response): Promise<Record<string, any>> {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  return (await res.json()) as Record<string, any>;
}

/**
 * Expects `status`; otherwise fails with the answer's body (a problem's slug and detail), so a failure in CI
 * says why the render was refused, not only that it was. Reading the body clones the response.
 */
export async function expectStatus(res: Response, status: number): Promise<void> {
  if (res.status !== status) expect({ status: res.status, body: await res.clone().text() }).toEqual({ status, body: expect.anything() });
}

/** Fetch a rendered file and decode it. */
export async function decode(url: string): Promise<{
  contentType: string | null;
  width: number;
  height: number;
  format: string;
  pixel(x: number, y: number): [number, number, number];
}> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const image = sharp(bytes);
  const meta = await image.metadata();
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    contentType: res.headers.get('content-type'),
    width: meta.width,
    height: meta.height,
    format: meta.format,
    pixel(x, y) {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/** The frames of the animated image (GIF, WebP) at `url`: its frame count, as sharp reads the file. */
export async function frameCountOf(url: string): Promise<number> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return (await sharp(Buffer.from(await res.arrayBuffer()), { pages: -1 }).metadata()).pages ?? 1;
}

export function near(actual: [number, number, number], expected: [number, number, number], tolerance = 12): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

/** A page of four coloured quadrants: red, green, blue, white. */
export const QUADRANTS = `<!doctype html><html><body style="margin:0">
<div style="position:absolute;left:0;top:0;width:50%;height:50%;background:#ff0000"></div>
<div style="position:absolute;right:0;top:0;width:50%;height:50%;background:#00ff00"></div>
<div style="position:absolute;left:0;bottom:0;width:50%;height:50%;background:#0000ff"></div>
<div id="card" style="position:absolute;right:10px;bottom:10px;width:200px;height:100px;background:#ffcc00"></div>
</body></html>`;

/** A connection of its own (no pooled keep-alive socket): what a new client gets. */
export function freshConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    }).on('error', reject);
  });
}
