import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addAccountToTeam,
  createAccount,
  createSecretBox,
  saveCustomStorage,
  createTeam,
  getRenderById,
  openDatabase,
  tables,
  type Db,
} from '@pressroom/db';
import { createCustomStorageCopies } from '@pressroom/service-runner';
import { createSsrfGuard } from '@pressroom/ssrf';
import { createDiskStorage, createS3Storage, type CustomStorageCopies, type S3Storage, type Storage } from '@pressroom/storage';
import { createTestDatabase } from '@pressroom/testing';
import { startTestS3Server, TEST_S3_CREDENTIALS, type TestS3Server } from '@pressroom/testing/s3';
import { createLogger } from '@pressroom/telemetry';
import { sweepExpiredRenders } from './render-retention.js';

const DAY = 86_400_000;
const NOW = new Date('2026-06-30T12:00:00Z');

describe.each(['pglite', 'postgres'] as const)('render retention sweep (%s)', (engine) => {
  let db: Db;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  let dir: string;
  let storage: Storage;
  let seq = 0;
  const logger = createLogger({ service: 'retention-test', level: 'silent' });

  let s3: TestS3Server;
  let customerBucket: S3Storage;
  let customStorage: CustomStorageCopies;
  const secretBox = createSecretBox('retention-test-key-0123456789abcdef');

  beforeAll(async () => {
    s3 = await startTestS3Server({ buckets: ['customer'] });
    customerBucket = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'customer',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
    database = engine === 'postgres' ? await createTestDatabase() : null;
    db = await openDatabase(database ? { url: database.url } : {});
    customStorage = createCustomStorageCopies({ db, secretBox, guard: createSsrfGuard({ allowPrivateHosts: ['127.0.0.1'] }), logger });
    dir = await mkdtemp(join(tmpdir(), 'pressroom-retention-'));
    storage = await createDiskStorage({ dir });
  });
  afterAll(async () => {
    await customerBucket.close();
    await s3.close();
    await db.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** A finished render with a stored file, created `ageDays` before NOW. */
  async function render(ownerId: string, accountId: string, ageDays: number, options: { finished?: boolean; copied?: boolean } = {}) {
    const id = `img_ret${seq++}x${Date.now().toString(36)}`;
    const storageKey = `renders/${id}.png`;
    const finished = options.finished ?? true;
    if (finished) await storage.put(storageKey, Buffer.from(id), 'image/png');
    await db.orm.insert(tables.renders).values({
      id,
      ownerId,
      accountId,
      kind: 'image',
      origin: 'html',
      format: 'png',
      width: 1,
      height: 1,
      state: finished ? 'done' : 'queued',
      ...(finished ? { url: `http://x/files/${storageKey}`, storageKey, contentType: 'image/png', completedAt: NOW } : {}),
      userStorageUrl: options.copied ? `http://bucket/${storageKey}` : null,
      createdAt: new Date(NOW.getTime() - ageDays * DAY),
    });
    return { id, storageKey };
  }

  it('deletes, from every store, only finished renders older than their plan keeps them (team plans included)', async () => {
    const free = await createAccount(db, { name: `ret-free-${Date.now()}`, plan: 'free' });
    const pro = await createAccount(db, { name: `ret-pro-${Date.now()}`, plan: 'pro' });
    const enterprise = await createAccount(db, { name: `ret-ent-${Date.now()}`, plan: 'enterprise' });
    // Teams are created on the free plan.
    const team = await createTeam(db, { name: `ret-team-${Date.now()}` });
    // A pro account inside a free team: the team's plan is what counts.
    const member = await createAccount(db, { name: `ret-member-${Date.now()}`, plan: 'pro' });
    await addAccountToTeam(db, { accountId: member.id, teamId: team.id });

    const freeOld = await render(free.id, free.id, 31, { copied: true });
    const freeNew = await render(free.id, free.id, 29);
    const freeQueued = await render(free.id, free.id, 60, { finished: false });
    const proOld = await render(pro.id, pro.id, 31);
    const proAncient = await render(pro.id, pro.id, 91);
    const enterpriseAncient = await render(enterprise.id, enterprise.id, 1000);
    const teamOld = await render(team.id, member.id, 31);

    // The free account's own bucket (a real S3 server) holds a copy of its old render.
    await saveCustomStorage(db, secretBox, {
      ownerId: free.id,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'customer',
      forcePathStyle: true,
      prefix: '',
      publicBaseUrl: null,
      ...TEST_S3_CREDENTIALS,
    });
    const copied = await customStorage.copy({
      ownerId: free.id,
      key: freeOld.storageKey,
      body: Buffer.from('copy'),
      contentType: 'image/png',
    });
    expect(copied).toEqual({ url: `${s3.endpoint}/customer/${freeOld.storageKey}` });
    const removed = await sweepExpiredRenders({
      db,
      storage,
      customStorage,
      logger,
      byPlanMs: { free: 30 * DAY, pro: 90 * DAY },
      now: () => NOW,
      batchSize: 2,
    });
    expect(removed).toBe(3);

    for (const gone of [freeOld, proAncient, teamOld]) {
      expect(await getRenderById(db, gone.id)).toBeNull();
      expect(await storage.head(gone.storageKey)).toBeNull();
    }
    for (const kept of [freeNew, proOld, enterpriseAncient]) {
      expect(await getRenderById(db, kept.id)).not.toBeNull();
      expect(await storage.head(kept.storageKey)).not.toBeNull();
    }
    expect((await getRenderById(db, freeQueued.id))?.state).toBe('queued');
    await expect(customerBucket.head(freeOld.storageKey)).resolves.toBeNull();

    // Nothing left to do: a second sweep removes nothing.
    await expect(sweepExpiredRenders({ db, storage, logger, byPlanMs: { free: 30 * DAY, pro: 90 * DAY }, now: () => NOW })).resolves.toBe(
      0,
    );
  });

  it('keeps a render whose file cannot be deleted, and keeps the row for the next sweep', async () => {
    const owner = await createAccount(db, { name: `ret-broken-${Date.now()}`, plan: 'free' });
    const old = await render(owner.id, owner.id, 45);
    // A store that is down: a real S3 server, stopped.
    const down = await startTestS3Server({ buckets: ['renders'] });
    await down.close();
    const unreachable = createS3Storage({
      endpoint: down.endpoint,
      region: 'us-east-1',
      bucket: 'renders',
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
    });
    await expect(sweepExpiredRenders({ db, storage: unreachable, logger, byPlanMs: { free: 30 * DAY }, now: () => NOW })).resolves.toBe(0);
    await unreachable.close();
    expect(await getRenderById(db, old.id)).not.toBeNull();
    await expect(sweepExpiredRenders({ db, storage, logger, byPlanMs: { free: 30 * DAY }, now: () => NOW })).resolves.toBe(1);
    expect(await getRenderById(db, old.id)).toBeNull();
  });

  it('does nothing without any plan retention', async () => {
    await expect(sweepExpiredRenders({ db, storage, logger, byPlanMs: {}, now: () => NOW })).resolves.toBe(0);
  });
});
