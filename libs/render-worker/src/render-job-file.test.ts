import { randomBytes, randomUUID } from 'node:crypto';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG, type CommandSubject, type RenderOutcome } from '@pressroom/contracts';
import { createMemoryBus, type Bus } from '@pressroom/bus';
import { getRenderById, insertUnchargedRender, openDatabase, type Db } from '@pressroom/db';
import { createDiskStorage, createS3Storage, type Storage } from '@pressroom/storage';
import { createLogger } from '@pressroom/telemetry';
import { uniqueNamespace } from '@pressroom/testing';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { renderJobHandler } from './index.js';
import { RenderCommand as Command } from './test-support/render-commands.js';

const logger = createLogger({ service: 'render-worker-file-test', level: 'silent' });

/**
 * GIFs and videos reach storage as a file on disk, never as one Buffer: the lifecycle streams the
 * temporary file into the store (multipart on S3: the file is larger than one 5 MiB part) and
 * deletes it once the render has ended.
 */
describe.each(['disk', 's3'] as const)('renderJobHandler with a file-backed result (%s storage)', (kind) => {
  let bus: Bus;
  let db: Db;
  let storage: Storage;
  let dir: string;
  let s3: TestS3Server | null = null;
  const outcomes = new Map<string, RenderOutcome>();

  beforeAll(async () => {
    bus = createMemoryBus({ namespace: uniqueNamespace('rwf'), logger });
    db = await openDatabase({});
    dir = await mkdtemp(join(tmpdir(), 'render-worker-file-'));
    if (kind === 's3') {
      s3 = await startTestS3Server({ buckets: ['renders'] });
      storage = createS3Storage({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        bucket: 'renders',
        forcePathStyle: true,
        credentials: TEST_S3_CREDENTIALS,
      });
    } else {
      storage = await createDiskStorage({ dir: join(dir, 'store'), fsync: false });
    }
    await bus.ensure([CATALOG.renderCompleted, CATALOG.renderFailed]);
    await bus.listen(CATALOG.renderDone, '*', (outcome) => void outcomes.set(outcome.renderId, outcome));
  });

  afterAll(async () => {
    await bus.close({ graceMs: 0 });
    await db.close();
    await storage.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the file from its path, equal byte for byte, and deletes the temporary file', async () => {
    const contents = randomBytes(6 * 1024 * 1024 + 123);
    const tempFile = join(dir, `out-${randomUUID()}.mp4`);
    await writeFile(tempFile, contents);
    const renderId = `rnd_${randomUUID()}`;
    await insertUnchargedRender(db, {
      id: renderId,
      ownerId: 'own_f',
      accountId: 'acc_f',
      kind: 'video',
      origin: 'html',
      templateId: null,
      format: 'mp4',
      width: 4,
      height: 2,
    });
    const subject: CommandSubject<Command> = {
      kind: 'command',
      name: `rwfile.${kind}`,
      subject: `rwfile.${kind}`,
      stream: `RWFILE_${kind.toUpperCase()}`,
      schema: Command,
      durable: `rwfile-${kind}`,
      ackWaitMs: 5_000,
      maxDeliver: 1,
    };
    const handler = renderJobHandler<Command>(
      { bus, db, storage, logger },
      {
        kind: 'video',
        subject,
        inputs: () => [],
        render: async () => ({ path: tempFile, contentType: 'video/mp4', width: 4, height: 2, details: {} }),
      },
    );
    await bus.ensure([subject]);
    const subscription = await bus.consume(subject, handler);
    const storageKey = `renders/${renderId}.mp4`;
    await bus.publish(subject, {
      renderId,
      accountId: 'acc_f',
      ownerId: 'own_f',
      origin: 'html',
      templateId: null,
      output: { storageKey, url: `http://files.test/${storageKey}` },
    });

    // Up to 1,200 looks 25 ms apart (30 s; it was 10 s, short on a loaded CI machine).
    for (let i = 0; i < 1_200 && !outcomes.has(renderId); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(outcomes.get(renderId)).toMatchObject({ status: 'done', contentType: 'video/mp4', storageKey });
    const stored = await storage.get(storageKey);
    expect(stored?.contentType).toBe('video/mp4');
    expect(stored!.bytes.equals(contents)).toBe(true);
    expect((await getRenderById(db, renderId))?.state).toBe('done');
    await expect(access(tempFile)).rejects.toMatchObject({ code: 'ENOENT' });
    await subscription.stop();
  }, 30_000);
});
