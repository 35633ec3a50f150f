import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { connect } from '@nats-io/transport-node';
import { Objm } from '@nats-io/obj';
import { startNatsCluster, TEST_NATS_URL, uniqueNamespace, type NatsCluster } from '@pressroom/testing';
import { createNatsObjectStorage, type NatsObjectStorage } from './index.js';
import { readAll } from './streams.js';

describe('NATS object storage chunks', () => {
  let storage: NatsObjectStorage;
  const nc = connect({ servers: TEST_NATS_URL });

  beforeAll(async () => {
    storage = await createNatsObjectStorage({ url: TEST_NATS_URL, bucket: 'renders', namespace: uniqueNamespace() });
  });
  afterAll(async () => {
    await storage.destroy();
    await storage.close();
    await (await nc).close();
  });

  const stored = async (key: string) => (await new Objm(await nc).open(storage.bucketName)).info(key);

  it('writes a card-sized render as one chunk and larger objects in 1 MiB chunks, bytes and ranges intact', async () => {
    const card = randomBytes(900_000);
    await storage.put('renders/img_card.png', card, 'image/png');
    expect(await stored('renders/img_card.png')).toMatchObject({ chunks: 1, size: card.length });

    const large = randomBytes(2 * 1024 * 1024 + 5);
    await storage.put('renders/vid_large.mp4', Readable.from([large.subarray(0, 700_000), large.subarray(700_000)]), 'video/mp4');
    expect(await stored('renders/vid_large.mp4')).toMatchObject({
      chunks: 3,
      size: large.length,
      options: { max_chunk_size: 1024 * 1024 },
    });
    expect((await storage.get('renders/vid_large.mp4'))?.bytes.equals(large)).toBe(true);
    const range = { start: 1024 * 1024 - 10, end: 1024 * 1024 + 10 };
    const object = await storage.open('renders/vid_large.mp4', range);
    expect((await readAll(object!.body)).equals(large.subarray(range.start, range.end + 1))).toBe(true);
  });
});

// PRESSROOM_NATS_REPLICAS: the bucket's stream is copied to that many servers, including a bucket made before.
describe('NATS object storage replicas on a three-server cluster', () => {
  let cluster: NatsCluster;
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
  }, 90_000);
  afterAll(() => cluster?.close());

  /** The bucket's replica count, as the server reports it. */
  async function replicasOf(bucketName: string): Promise<number> {
    const nc = await connect({ servers: cluster.url });
    try {
      return (await (await new Objm(nc).open(bucketName)).status()).replicas;
    } finally {
      await nc.close();
    }
  }

  it('creates the bucket with the configured replicas', async () => {
    const storage = await createNatsObjectStorage({ url: cluster.url, bucket: 'renders', namespace: uniqueNamespace(), replicas: 3 });
    try {
      expect(await replicasOf(storage.bucketName)).toBe(3);
      await expect(storage.check()).resolves.toEqual({ ok: true });
    } finally {
      await storage.destroy();
      await storage.close();
    }
  }, 60_000);

  it('raises an existing one-replica bucket when opened with more, keeping its objects', async () => {
    const namespace = uniqueNamespace();
    const before = await createNatsObjectStorage({ url: cluster.url, bucket: 'renders', namespace });
    await before.put('renders/img_kept.png', Buffer.from('kept'), 'image/png');
    await before.close();
    const after = await createNatsObjectStorage({ url: cluster.url, bucket: 'renders', namespace, replicas: 3 });
    try {
      expect(await replicasOf(after.bucketName)).toBe(3);
      expect((await after.get('renders/img_kept.png'))?.bytes.toString()).toBe('kept');
    } finally {
      await after.destroy();
      await after.close();
    }
  }, 60_000);

  it('explains a replica count the server cannot hold (a single server)', async () => {
    await expect(
      createNatsObjectStorage({ url: TEST_NATS_URL, bucket: 'renders', namespace: uniqueNamespace(), replicas: 3 }),
    ).rejects.toThrow(
      /cannot open NATS object store bucket .* with 3 replicas \(is JetStream enabled, and are there as many servers in its cluster\?\)/,
    );
  });
});
