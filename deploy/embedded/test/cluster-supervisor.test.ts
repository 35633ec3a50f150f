import { createTestDatabase, freePort, waitFor, waitHealthy } from '@pressroom/testing';
import { QUADRANTS, decode, near } from './harness.js';
import { accountWithKey, postImage } from './service-processes.js';
import { processEnded, superviseCluster, type SupervisedCluster } from './supervised-cluster.js';

/** Ready after 6 s, then 8 s of delay: a 14 s render, long enough to be in flight when the cluster is stopped. */
const SLOW_RENDER = {
  html: `${QUADRANTS}<script>setTimeout(() => { window.ready = true }, 6000)</script>`,
  width: 400,
  height: 300,
  waitForFunction: 'window.ready === true',
  delayMs: 8_000,
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `make run-cluster`: a dead service is restarted; Ctrl-C drains every service once; a second Ctrl-C cuts the drain. */
describe('cluster supervisor', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let key: string;
  const clusters: SupervisedCluster[] = [];

  /** Image renderer and gateway under the supervisor, both healthy. */
  async function startCluster(): Promise<{ cluster: SupervisedCluster; gatewayUrl: string; imagePort: number }> {
    const gatewayPort = await freePort();
    const imagePort = await freePort();
    const cluster = superviseCluster({
      services: ['image', 'gateway'],
      databaseUrl: database.url,
      env: { PORT: String(gatewayPort), IMAGE_PORT: String(imagePort), PRESSROOM_OPS_PORT: '0' },
    });
    clusters.push(cluster);
    const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitHealthy(`${gatewayUrl}/health`);
    await waitHealthy(`http://127.0.0.1:${imagePort}/health`);
    return { cluster, gatewayUrl, imagePort };
  }

  const render = (gatewayUrl: string, body: object) => postImage(gatewayUrl, key, body);

  /**
   * Resolves once the image service's browser renders (from its /readyz): the render is in flight. A fixed 2 s wait
   * was not always enough on a loaded CI machine for the request to reach a page.
   */
  const renderUnderway = (imagePort: number) =>
    waitFor(
      async () => {
        const health = (await (await fetch(`http://127.0.0.1:${imagePort}/readyz`)).json()) as {
          components: { browser: { pagesBusy: number } };
        };
        return health.components.browser.pagesBusy > 0;
      },
      'the render to be in flight',
      60_000,
      { everyMs: 100 },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ key } = await accountWithKey(database.url, { name: 'supervised', plan: 'enterprise' }));
  });

  afterAll(async () => {
    await Promise.all(clusters.map((c) => c.stop()));
    await database.drop();
  }, 30_000);

  describe('one cluster, restarted then stopped', () => {
    let cluster: SupervisedCluster;
    let gatewayUrl: string;
    let imagePort: number;

    beforeAll(async () => {
      ({ cluster, gatewayUrl, imagePort } = await startCluster());
    }, 150_000); // Starting services as processes takes long on a loaded 2-core CI machine; waitHealthy gives each 90 s.

    it('restarts a SIGKILLed image service; the gateway stays up and a render succeeds afterwards', async () => {
      const image = await cluster.next((e) => e.supervisor === 'started' && e.service === 'image');
      const gateway = await cluster.next((e) => e.supervisor === 'started' && e.service === 'gateway');

      // The gateway answers /health all through the renderer's death and restart.
      let gatewayDown = 0;
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const res = await fetch(`${gatewayUrl}/health`).catch(() => null);
          if (!res?.ok) gatewayDown++;
          await sleep(100);
        }
      })();

      process.kill(image.pid!, 'SIGKILL');
      await cluster.next((e) => e.supervisor === 'exited' && e.service === 'image');
      const restarted = await cluster.next((e) => e.supervisor === 'started' && e.service === 'image' && e.pid !== image.pid);
      expect(restarted.pid).not.toBe(image.pid);
      await waitHealthy(`http://127.0.0.1:${imagePort}/health`);

      const res = await render(gatewayUrl, { html: QUADRANTS, width: 400, height: 300 });
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      const png = await decode(url.replace(/^http:\/\/localhost:\d+/, gatewayUrl));
      expect([png.width, png.height]).toEqual([400, 300]);
      expect(near(png.pixel(5, 5), [255, 0, 0], 30)).toBe(true);

      watching = false;
      await watch;
      expect(gatewayDown).toBe(0);
      // The gateway process was never restarted.
      expect(cluster.events.filter((e) => e.service === 'gateway')).toEqual([gateway]);
    }, 90_000);

    it('on Ctrl-C (SIGINT to the whole process group), each service drains once within its grace: a 14 s render in flight still answers 200, then all exit 0', async () => {
      const answer = render(gatewayUrl, SLOW_RENDER);
      await renderUnderway(imagePort);
      cluster.ctrlC();
      const res = await answer;
      expect({ status: res.status, body: res.status === 200 ? 'image' : await res.text() }).toEqual({ status: 200, body: 'image' });
      expect(await cluster.exited).toBe(0);
      // A service that took the terminal's SIGINT and then the supervisor's as a second signal would have exited 130.
      const stopped = cluster.events.filter((e) => e.supervisor === 'stopped').map((e) => [e.service, e.code]);
      expect(stopped.sort()).toEqual([
        ['gateway', 0],
        ['image', 0],
      ]);
      expect(cluster.events.some((e) => e.supervisor === 'killed' || e.supervisor === 'stopping-now')).toBe(false);
    }, 90_000);
  });

  it('a second Ctrl-C while they drain ends every service at once (130), the render in flight cut', async () => {
    const { cluster, gatewayUrl, imagePort } = await startCluster();
    // A 28 s render: were the second Ctrl-C to wait for it, the exit would come ~25 s later, far from the bound below.
    const answer = render(gatewayUrl, { ...SLOW_RENDER, html: SLOW_RENDER.html.replace('6000', '20000') }).then(
      (res) => res.status,
      () => 'cut',
    );
    await renderUnderway(imagePort);
    cluster.ctrlC();
    await cluster.next((e) => e.supervisor === 'stopping');
    await sleep(500);
    const secondAt = Date.now();
    cluster.ctrlC();
    expect(await cluster.exited).toBe(130);
    // At once; the bound leaves room for a loaded machine's stall (it was 5 s against ~11 s of render left).
    expect(Date.now() - secondAt).toBeLessThan(10_000);
    expect(await answer).toBe('cut');
    const stopped = cluster.events.filter((e) => e.supervisor === 'stopped').map((e) => [e.service, e.code]);
    expect(stopped.sort()).toEqual([
      ['gateway', 130],
      ['image', 130],
    ]);
  }, 150_000);

  it('when the supervisor is SIGKILLed, its services notice and stop by themselves', async () => {
    const { cluster } = await startCluster();
    const pids = cluster.events.filter((e) => e.supervisor === 'started').map((e) => e.pid!);
    expect(pids).toHaveLength(2);
    cluster.supervisor.kill('SIGKILL');
    await cluster.exited;
    // Each polls for its parent every second, then drains (nothing in flight here) and exits.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !pids.every(processEnded)) await sleep(200);
    expect(pids.filter((pid) => !processEnded(pid))).toEqual([]);
  }, 150_000);
});
