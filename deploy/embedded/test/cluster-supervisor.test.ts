import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace, freePort, waitHealthy } from '@pressroom/testing';
import { QUADRANTS, decode, near } from './harness.js';
import { accountWithKey, ROOT } from './service-processes.js';

interface SupervisorEvent {
  supervisor: 'started' | 'exited' | 'stopping' | 'killed';
  service?: string;
  pid?: number;
}

/** `make run-cluster` survives one dead service: the supervisor restarts it and the gateway keeps serving. */
describe('cluster supervisor', () => {
  let supervisor: ChildProcess;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let key: string;
  let gatewayUrl: string;
  let imagePort: number;
  const events: SupervisorEvent[] = [];
  const next = (predicate: (e: SupervisorEvent) => boolean, timeoutMs = 30_000): Promise<SupervisorEvent> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('supervisor event never came')), timeoutMs);
      const check = setInterval(() => {
        const found = events.find(predicate);
        if (found) {
          clearTimeout(timer);
          clearInterval(check);
          resolve(found);
        }
      }, 50);
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ key } = await accountWithKey(database.url, { name: 'supervised', plan: 'enterprise' }));
    const gatewayPort = await freePort();
    imagePort = await freePort();
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    supervisor = spawn(process.execPath, ['deploy/scripts/supervise-cluster.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        CLUSTER_SERVICES: 'image,gateway',
        PORT: String(gatewayPort),
        IMAGE_PORT: String(imagePort),
        NATS_URL: TEST_NATS_URL,
        DATABASE_URL: database.url,
        PRESSROOM_STORAGE: 'nats',
        PRESSROOM_BUS_NAMESPACE: uniqueNamespace('supervised'),
        PRESSROOM_BROWSER_PAGES: '2',
        PRESSROOM_SECRET_KEY: 'supervisor-test-secret-key-0123456789',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    createInterface({ input: supervisor.stdout! }).on('line', (line) => {
      if (line.startsWith('{"supervisor"')) events.push(JSON.parse(line) as SupervisorEvent);
    });
    await waitHealthy(`${gatewayUrl}/health`);
    await waitHealthy(`http://127.0.0.1:${imagePort}/health`);
  }, 150_000); // Starting services as processes takes long on a loaded 2-core CI machine; waitHealthy gives each 90 s.

  afterAll(async () => {
    if (supervisor.exitCode === null) {
      const exited = new Promise((r) => supervisor.once('exit', r));
      supervisor.kill('SIGTERM');
      await exited;
    }
    await database.drop();
  }, 30_000);

  it('restarts a SIGKILLed image service; the gateway stays up and a render succeeds afterwards', async () => {
    const image = await next((e) => e.supervisor === 'started' && e.service === 'image');
    const gateway = await next((e) => e.supervisor === 'started' && e.service === 'gateway');

    // The gateway answers /health all through the renderer's death and restart.
    let gatewayDown = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const res = await fetch(`${gatewayUrl}/health`).catch(() => null);
        if (!res?.ok) gatewayDown++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    process.kill(image.pid!, 'SIGKILL');
    await next((e) => e.supervisor === 'exited' && e.service === 'image');
    const restarted = await next((e) => e.supervisor === 'started' && e.service === 'image' && e.pid !== image.pid);
    expect(restarted.pid).not.toBe(image.pid);
    await waitHealthy(`http://127.0.0.1:${imagePort}/health`);

    const res = await fetch(`${gatewayUrl}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: QUADRANTS, width: 400, height: 300 }),
    });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const png = await decode(url.replace(/^http:\/\/localhost:\d+/, gatewayUrl));
    expect([png.width, png.height]).toEqual([400, 300]);
    expect(near(png.pixel(5, 5), [255, 0, 0], 30)).toBe(true);

    watching = false;
    await watch;
    expect(gatewayDown).toBe(0);
    // The gateway process was never restarted.
    expect(events.filter((e) => e.service === 'gateway')).toEqual([gateway]);
  }, 90_000);

  it('on SIGTERM, gives every service its drain grace (not 10 s): a 14 s render in flight still answers 200, then all exit', async () => {
    // Ready after 6 s, then 8 s of delay.
    const html = `${QUADRANTS}<script>setTimeout(() => { window.ready = true }, 6000)</script>`;
    const answer = fetch(`${gatewayUrl}/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html, width: 400, height: 300, waitForFunction: 'window.ready === true', delayMs: 8_000 }),
    });
    await new Promise((r) => setTimeout(r, 2_000));
    const stopped = new Promise<number | null>((r) => supervisor.once('exit', (code) => r(code)));
    supervisor.kill('SIGTERM');
    const res = await answer;
    expect({ status: res.status, body: res.status === 200 ? 'image' : await res.text() }).toEqual({ status: 200, body: 'image' });
    expect(await stopped).toBe(0);
    expect(events.some((e) => e.supervisor === 'stopping')).toBe(true);
    expect(events.some((e) => e.supervisor === 'killed')).toBe(false);
  }, 90_000);
});
