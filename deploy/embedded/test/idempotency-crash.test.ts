import type { ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { createAccount, createApiKey, openDatabase, tables, type Db } from '@pressroom/db';
import {
  TEST_NATS_URL,
  createTestDatabase,
  uniqueNamespace,
  freePort,
  waitHealthy,
  waitFor,
  type ServiceProcess,
} from '@pressroom/testing';
import { ALLOWED_HOST, decode, problemOf, startPageServer } from './harness.js';
import { spawnService, TINY_PNG } from './service-processes.js';

/** The gateway's render wait; a retry waits for the first request this long plus 5 s before answering 409. */
const RENDER_WAIT_MS = 20_000;

/**
 * The gateway as its own process (`make run-cluster`'s shape), SIGKILLed while a POST with an
 * Idempotency-Key is rendering on a separate image service: its claim's lease runs out within
 * seconds, so the same request with the same key answers from that render (one render, one
 * credit), or 409 with a short Retry-After while the render still runs; the key is never locked.
 */
describe('Idempotency-Key across a gateway SIGKILL (nats+postgres, separate processes)', () => {
  const namespace = uniqueNamespace('idem-crash');
  const children: ChildProcess[] = [];
  const held = new Map<string, ServerResponse>();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let gateway: ServiceProcess;
  let gatewayPort: number;
  let key: string;
  let accountId: string;

  const gatewayUrl = () => `http://127.0.0.1:${gatewayPort}`;

  function run(file: string, port: number, env: Record<string, string> = {}): ServiceProcess {
    return spawnService(file, {
      port,
      children,
      env: {
        NATS_URL: TEST_NATS_URL,
        DATABASE_URL: database.url,
        PRESSROOM_STORAGE: 'nats',
        PRESSROOM_BUS_NAMESPACE: namespace,
        PRESSROOM_SECRET_KEY: 'idem-crash-test-secret-key-0123456789',
        LOG_LEVEL: 'warn',
        ...env,
      },
    });
  }

  const healthy = (service: ServiceProcess, port: number) => waitHealthy(`http://127.0.0.1:${port}/health`, { service });

  async function startGateway(): Promise<void> {
    gateway = run('services/gateway/src/main.ts', gatewayPort, { PRESSROOM_RENDER_WAIT_MS: String(RENDER_WAIT_MS) });
    await healthy(gateway, gatewayPort);
  }

  async function killGateway(): Promise<void> {
    const exited = new Promise((r) => gateway.child.once('exit', r));
    gateway.child.kill('SIGKILL');
    await exited;
  }

  /** A page whose image the test serves only when it says so: the render runs until then. */
  const page = (path: string) =>
    `<html><body style="margin:0;background:#00ff00"><img src="${pages.url(path)}" style="position:absolute;left:0;top:0;width:4px;height:4px"></body></html>`;
  const post = (idem: string, path: string) =>
    fetch(`${gatewayUrl()}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idem },
      body: JSON.stringify({ html: page(path), width: 40, height: 30 }),
    });
  const release = (path: string) => held.get(path)?.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);

  const rendersOfAccount = async () => (await db.orm.select().from(tables.renders)).filter((r) => r.ownerId === accountId);
  const creditsUsed = async () =>
    (await db.orm.select().from(tables.creditUsage)).filter((r) => r.ownerId === accountId).reduce((sum, r) => sum + r.used, 0);

  /** Sends the request, waits until its render is loading the held image, and SIGKILLs the gateway under it. */
  async function killMidRender(idem: string, path: string): Promise<void> {
    const first = post(idem, path).catch(() => null); // the connection dies with the gateway
    await waitFor(() => held.has(path), `the render of ${idem} loading its image`, 60_000);
    await killGateway();
    expect(await first).toBeNull();
    await startGateway();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = await openDatabase({ url: database.url });
    const account = await createAccount(db, { name: 'idem-crash', plan: 'enterprise' });
    accountId = account.id;
    ({ key } = await createApiKey(db, { accountId }));
    pages = await startPageServer({
      '/held-a.png': (_req, res) => void held.set('/held-a.png', res),
      '/held-b.png': (_req, res) => void held.set('/held-b.png', res),
    });
    const imagePort = await freePort();
    const image = run('services/image/src/main.ts', imagePort, {
      PRESSROOM_BROWSER_PAGES: '2',
      PRESSROOM_ALLOW_PRIVATE_HOSTS: `${ALLOWED_HOST}/32`,
      PRESSROOM_RENDER_TIMEOUT_MS: '90000',
    });
    gatewayPort = await freePort();
    await startGateway();
    await healthy(image, imagePort);
  }, 120_000);

  afterAll(async () => {
    for (const res of held.values()) res.destroy();
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await db?.close();
    await pages?.close();
    await database?.drop();
  });

  it('answers the retry from the render the dead gateway started: same render, one credit, then replays', async () => {
    await killMidRender('crash-finished', '/held-a.png');
    release('/held-a.png');
    const retry = await post('crash-finished', '/held-a.png');
    expect(retry.status).toBe(200);
    const body = (await retry.json()) as { id: string; url: string };
    const rows = await rendersOfAccount();
    expect(rows.map((r) => [r.id, r.state])).toEqual([[body.id, 'done']]);
    expect(await creditsUsed()).toBe(1);
    const image = await decode(body.url.replace(/^http:\/\/localhost:\d+/, gatewayUrl()));
    expect(image.pixel(20, 20)).toEqual([0, 255, 0]);
    // The answer is now stored: the next retry replays it.
    const again = await post('crash-finished', '/held-a.png');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(body);
  }, 120_000);

  it('answers 409 with a short Retry-After while that render still runs, and its answer once it ends', async () => {
    const before = (await rendersOfAccount()).length;
    await killMidRender('crash-running', '/held-b.png');
    const waiting = await post('crash-running', '/held-b.png');
    expect(waiting.status).toBe(409);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    const problem = await problemOf(waiting);
    expect(problem.type).toMatch(/\/errors\/idempotency-in-progress$/);
    const running = (await rendersOfAccount()).filter((r) => r.state !== 'done');
    expect(running).toHaveLength(1);
    expect(problem.detail).toContain(running[0]!.id);

    release('/held-b.png');
    const done = await waitFor(
      async () => {
        const res = await post('crash-running', '/held-b.png');
        return res.status === 200 ? ((await res.json()) as { id: string }) : null;
      },
      'the retry answered from the render',
      30_000,
    );
    expect(done.id).toBe(running[0]!.id);
    expect((await rendersOfAccount()).length).toBe(before + 1);
    expect(await creditsUsed()).toBe(2);
  }, 150_000);
});
