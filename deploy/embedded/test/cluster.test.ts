import type { ChildProcess } from 'node:child_process';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace, freePort, stopProcesses, waitHealthy } from '@pressroom/testing';
import { QUADRANTS, decode, near } from './harness.js';
import { accountWithKey, spawnService } from './service-processes.js';

/** `make run-cluster`'s shape: gateway and image renderer as separate processes on NATS, PostgreSQL and the object store. */
describe('gateway and image service as their own processes', () => {
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let gatewayUrl: string;
  let imagePort: number;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ key } = await accountWithKey(database.url, { name: 'cluster', plan: 'enterprise' }));

    const gatewayPort = await freePort();
    imagePort = await freePort();
    const env = {
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('cluster'),
      PRESSROOM_BROWSER_PAGES: '2',
      PRESSROOM_SECRET_KEY: 'cluster-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
    };
    const run = (file: string, port: number) => spawnService(file, { port, env, children });
    const image = run('services/image/src/main.ts', imagePort);
    const gateway = run('services/gateway/src/main.ts', gatewayPort);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitHealthy(`${gatewayUrl}/health`, { service: gateway });
    await waitHealthy(`http://127.0.0.1:${imagePort}/health`, { service: image });
  }, 150_000); // Starting services as processes takes long on a loaded 2-core CI machine; waitHealthy gives each 90 s.

  afterAll(async () => {
    await stopProcesses(children);
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
    const gatewayAnswer = await fetch(`${gatewayUrl}/health`);
    // The gateway's idle connections outlive a load balancer's (PRESSROOM_HTTP_KEEPALIVE_MS).
    expect(gatewayAnswer.headers.get('keep-alive')).toBe('timeout=65');
    const gatewayHealth = (await gatewayAnswer.json()) as { components: Record<string, { ok: boolean }> };
    expect(Object.keys(gatewayHealth.components).sort()).toEqual(['bus', 'db', 'storage']);
  });
});
