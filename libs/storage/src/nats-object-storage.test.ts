import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { connect } from '@nats-io/transport-node';
import { Objm } from '@nats-io/obj';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
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
