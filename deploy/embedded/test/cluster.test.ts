import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccount, createApiKey, openDatabase } from '@pressroom/db';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace } from '@pressroom/testing';
import { QUADRANTS, decode, near } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitHealthy(url: string, child: ChildProcess): Promise<Response> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return res;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} never became healthy`);
}

/** `make run-cluster`'s shape: gateway and image renderer as separate processes on NATS, PostgreSQL and the object store. */
describe('gateway and image service as their own processes', () => {
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let gatewayUrl: string;
  let imagePort: number;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = await openDatabase({ url: database.url });
    const account = await createAccount(db, { name: 'cluster', plan: 'enterprise' });
    ({ key } = await createApiKey(db, { accountId: account.id }));
    await db.close();

    const gatewayPort = await freePort();
    imagePort = await freePort();
    const env = {
      ...process.env,
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('cluster'),
      PRESSROOM_BROWSER_PAGES: '2',
      PRESSROOM_SECRET_KEY: 'cluster-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
    };
    const run = (file: string, port: number) => {
      const child = spawn('node', ['--conditions=source', '--import', 'tsx', file], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), PRESSROOM_OPS_PORT: '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    const image = run('services/image/src/main.ts', imagePort);
    const gateway = run('services/gateway/src/main.ts', gatewayPort);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitHealthy(`${gatewayUrl}/health`, gateway);
    await waitHealthy(`http://127.0.0.1:${imagePort}/health`, image);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
    await database.drop();
  });

  it('renders through the bus between processes and serves the file from the object store', async () => {
    const res = await fetch(`${gatewayUrl}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: QUADRANTS, width: 400, height: 300, fileExtension: 'webp' }),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const image = await decode(url.replace(/^http:\/\/localhost:\d+/, gatewayUrl));
    expect([image.width, image.height, image.format]).toEqual([400, 300, 'webp']);
    expect(near(image.pixel(10, 10), [255, 0, 0], 30)).toBe(true);
  });

  it('has /health and /metrics on every service; the renderer reports its browser', async () => {
    const health = (await (await fetch(`http://127.0.0.1:${imagePort}/health`)).json()) as {
      status: string;
      components: Record<string, any>;
    };
    expect(health.status).toBe('ok');
    expect(health.components.browser).toMatchObject({ ok: true, status: 'ok' });
    const metrics = await (await fetch(`http://127.0.0.1:${imagePort}/metrics`)).text();
    expect(metrics).toContain('render_duration_seconds_bucket');
    const gatewayHealth = (await (await fetch(`${gatewayUrl}/health`)).json()) as { components: Record<string, { ok: boolean }> };
    expect(Object.keys(gatewayHealth.components).sort()).toEqual(['bus', 'db', 'storage']);
  });
});
