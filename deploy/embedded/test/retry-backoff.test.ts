import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { ALLOWED_HOST, FLAVOURS, QUADRANTS, decode, near, startTestStack, type TestStack } from './harness.js';

/** A TCP hop in front of the S3 server that can be "down" (every connection reset) for a while: a storage blip. */
async function startSwitch(
  target: number,
): Promise<{ endpoint: string; down(): void; up(): void; refused(): number; close(): Promise<void> }> {
  let isDown = false;
  let refused = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    if (isDown) {
      refused += 1;
      return client.destroy();
    }
    const upstream = connect(target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    down() {
      isDown = true;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      isDown = false;
    },
    refused: () => refused,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A render whose delivery failed for a reason of ours (here: the object store unreachable) is
 * redelivered after a back-off, 1 s and then 4 s (docs/adr/0068), not at once: a storage blip of a
 * couple of seconds costs the caller a little time, not a failed render. Both transports.
 */
describe.each(FLAVOURS)('retries wait between deliveries (%s)', (flavour) => {
  let stack: TestStack;
  let s3: TestS3Server;
  let storageSwitch: Awaited<ReturnType<typeof startSwitch>>;
  let key: string;

  beforeAll(async () => {
    s3 = await startTestS3Server({ buckets: ['renders'] });
    storageSwitch = await startSwitch(s3.port);
    stack = await startTestStack(flavour, {
      storage: 's3',
      s3: {
        endpoint: storageSwitch.endpoint,
        region: 'us-east-1',
        bucket: 'renders',
        forcePathStyle: true,
        credentials: TEST_S3_CREDENTIALS,
      },
      allowPrivateHosts: [`${ALLOWED_HOST}/32`, '127.0.0.1/32'],
    });
    ({ key } = await stack.newAccount());
  });

  afterAll(async () => {
    await stack?.dispose();
    await storageSwitch?.close();
    await s3?.close();
  });

  it('survives the object store being unreachable for 2.5 s: the render is stored on a later delivery and answers 200', async () => {
    storageSwitch.down();
    const sent = Date.now();
    const answer = stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 400, height: 300 } });
    setTimeout(() => storageSwitch.up(), 2_500);
    const res = await answer;
    expect({ status: res.status, body: res.status === 200 ? 'stored' : await res.text() }).toEqual({ status: 200, body: 'stored' });
    // Stored only once the store was back, after deliveries that failed while it was down: a few attempts (each
    // delivery's store call and its client's own retries), waiting between deliveries (1 s, then 4 s), not a tight
    // loop of redeliveries. How many deliveries fit in the outage depends on how long one render takes on the machine
    // (the first, slow, may fail at ~1.5 s and the one after it come when the store is up), so the time is not fixed.
    const took = Date.now() - sent;
    console.log(`stored after ${took} ms, ${storageSwitch.refused()} connections refused while down`);
    expect(took).toBeGreaterThanOrEqual(2_500);
    expect(storageSwitch.refused()).toBeGreaterThanOrEqual(1);
    expect(storageSwitch.refused()).toBeLessThanOrEqual(12);
    const { url } = (await res.json()) as { url: string };
    const png = await decode(url);
    expect([png.width, png.height]).toEqual([400, 300]);
    expect(near(png.pixel(10, 10), [255, 0, 0], 30)).toBe(true);
  }, 90_000);
});
