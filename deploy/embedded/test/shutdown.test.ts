import type { ChildProcess } from 'node:child_process';
import {
  TEST_NATS_URL,
  createTestDatabase,
  waitFor,
  freePort,
  stopProcesses,
  uniqueNamespace,
  waitHealthy,
  type ServiceProcess,
} from '@pressroom/testing';
import { decode, freshConnection } from './harness.js';
import { accountWithKey, postImage, spawnService } from './service-processes.js';

/** The QA pass's render (/tmp/qaops-report.md, H1): ready after 8 s, then 10 s of delay: 18 s, longer than the old 10 s grace. */
const LONG_RENDER = {
  html: '<h1>long</h1><script>setTimeout(()=>{window.ready=true},8000)</script>',
  width: 400,
  height: 200,
  waitForFunction: 'window.ready===true',
  delayMs: 10_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(service: ServiceProcess): Promise<{ code: number | null; at: number }> {
  const { child } = service;
  if (child.exitCode !== null) return Promise.resolve({ code: child.exitCode, at: Date.now() });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
}

/**
 * SIGTERM, as a rolling deploy or a scale-in sends it, to services running as their own processes on
 * NATS and PostgreSQL (docs/adr/0068, docs/operations.md#shutdown): work in flight
 * finishes within the service's grace; a render that outlives it is handed back to another renderer,
 * never failed; the gateway answers what it holds before it exits.
 */
describe('SIGTERM drains services run as their own processes', () => {
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let key: string;
  let gatewayUrl: string;
  let gatewayOpsUrl: string;
  let gateway: ServiceProcess;
  let env: NodeJS.ProcessEnv;

  const startImage = async (extra: NodeJS.ProcessEnv = {}) => {
    const port = await freePort();
    const service = spawnService('services/image/src/main.ts', { port, env: { ...env, ...extra }, children });
    // Its whole log (the service keeps only a tail, which one error's stack fills).
    let log = '';
    service.child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitHealthy(`http://127.0.0.1:${port}/health`, { service });
    return { service, readyz: `http://127.0.0.1:${port}/readyz`, log: () => log };
  };

  const render = (body: Record<string, unknown>) => postImage(gatewayUrl, key, body);

  /** Whether the replica's browser is rendering (has taken a render), from its /readyz. */
  const busy = async (replica: { readyz: string }) => {
    const health = (await (await fetch(replica.readyz)).json()) as {
      components: { browser: { pagesBusy: number; rendersSinceStart: number } };
    };
    return health.components.browser.rendersSinceStart > 0 && health.components.browser.pagesBusy > 0;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ key } = await accountWithKey(database.url, { name: 'shutdown', plan: 'enterprise' }));
    env = {
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('shutdown'),
      PRESSROOM_BROWSER_PAGES: '1',
      PRESSROOM_SECRET_KEY: 'shutdown-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
    };
    const port = await freePort();
    const opsPort = await freePort();
    gateway = spawnService('services/gateway/src/main.ts', { port, env: { ...env, PRESSROOM_OPS_PORT: String(opsPort) }, children });
    gatewayUrl = `http://127.0.0.1:${port}`;
    gatewayOpsUrl = `http://127.0.0.1:${opsPort}`;
    await waitHealthy(`${gatewayUrl}/health`, { service: gateway });
  }, 120_000);

  afterAll(async () => {
    await stopProcesses(children);
    await database.drop();
  });

  it('a renderer finishes an 18 s render after SIGTERM (past the old 10 s cut): the caller gets its image, then it exits 0', async () => {
    const image = await startImage();
    const answer = render(LONG_RENDER);
    // Signalled once the render runs (not after a fixed 2 s, which a loaded machine may not have started it in).
    await waitFor(() => busy(image), 'the render to start', 60_000, { everyMs: 50 });
    const signalledAt = Date.now();
    image.service.child.kill('SIGTERM');
    const res = await answer;
    const answeredAt = Date.now();
    // Not the 422 "The page crashed the renderer…" of a render cut by the shutdown.
    expect({ status: res.status, body: res.status === 200 ? 'image' : await res.text() }).toEqual({ status: 200, body: 'image' });
    expect(answeredAt - signalledAt).toBeGreaterThan(12_000);
    const { url } = (await res.json()) as { url: string };
    const png = await decode(url.replace(/^http:\/\/localhost:\d+/, gatewayUrl));
    expect([png.width, png.height]).toEqual([400, 200]);
    const exit = await exited(image.service);
    expect(exit.code).toBe(0);
    expect(exit.at).toBeGreaterThanOrEqual(answeredAt - 1_000);
  }, 90_000);

  it('a renderer whose grace runs out hands the render back: another replica renders it, nothing fails, the first exits at once', async () => {
    // Two replicas with a 1 s grace; whichever takes the render is stopped while it runs.
    const replicas = await Promise.all([
      startImage({ PRESSROOM_SHUTDOWN_GRACE_MS: '1000' }),
      startImage({ PRESSROOM_SHUTDOWN_GRACE_MS: '1000' }),
    ]);
    // 13 s of render: waiting for it instead of handing it back would keep the holder ~12 s, far from the bound below.
    const answer = render({ ...LONG_RENDER, html: LONG_RENDER.html.replace('8000', '3000'), delayMs: 10_000 });
    let holder: (typeof replicas)[number] | undefined;
    for (let i = 0; !holder; i++) {
      if (i > 200) throw new Error('the render never started');
      for (const replica of replicas) if (await busy(replica)) holder = replica;
      await sleep(50);
    }
    const other = replicas.find((r) => r !== holder)!;
    const signalledAt = Date.now();
    holder.service.child.kill('SIGTERM');
    const exit = await exited(holder.service);
    expect(exit.code).toBe(0);
    // About the grace, not the render: the rest of the render is the other replica's. The bound leaves room for a loaded
    // machine's stall (it was 6 s against a 6 s render, which could not tell the two apart).
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(900);
    expect(exit.at - signalledAt).toBeLessThan(8_000);
    expect(holder.log()).toContain('handed back for another renderer');
    expect(holder.log()).not.toContain('render failed on its input');

    const res = await answer;
    expect({ status: res.status, body: res.status === 200 ? 'image' : await res.text() }).toEqual({ status: 200, body: 'image' });
    const { url } = (await res.json()) as { url: string };
    const png = await decode(url.replace(/^http:\/\/localhost:\d+/, gatewayUrl));
    expect([png.width, png.height]).toEqual([400, 200]);
    // The other replica stays, for the gateway's test below.
    expect(other.service.child.exitCode).toBeNull();
  }, 120_000);

  it('the gateway answers the requests it holds after SIGTERM (not "Empty reply"), answers 503 on /readyz meanwhile, refuses new connections, then exits 0', async () => {
    // 8 s each (one page: 16 s in all), so that the checks below happen while the gateway holds them, even after a
    // loaded machine's stall.
    const answers = [
      render({ html: '<h1>one</h1>', width: 300, height: 100, delayMs: 8_000 }),
      render({ html: '<h1>two</h1>', width: 300, height: 100, delayMs: 8_000 }),
    ];
    await sleep(1_000);
    gateway.child.kill('SIGTERM');
    // Draining (once the signal is handled, not after a fixed 300 ms): not ready (the endpoint is taken out of
    // rotation), but alive; no new connection is taken.
    await waitFor(async () => (await fetch(`${gatewayOpsUrl}/readyz`)).status === 503, 'the gateway to say draining', 30_000);
    expect((await fetch(`${gatewayOpsUrl}/livez`)).status).toBe(200);
    await expect(freshConnection(`${gatewayUrl}/health`)).rejects.toThrow(/ECONNREFUSED/);

    const results = await Promise.all(answers);
    for (const res of results) {
      expect({ status: res.status, body: res.status === 200 ? 'render' : await res.text() }).toEqual({ status: 200, body: 'render' });
      expect(res.headers.get('connection')).toBe('close');
      expect((await res.json()) as { url: string }).toMatchObject({ url: expect.stringMatching(/\.png$/) });
    }
    const exit = await exited(gateway);
    expect(exit.code).toBe(0);
  }, 60_000);
});
