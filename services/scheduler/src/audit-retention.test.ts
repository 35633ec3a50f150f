import { createAccount, listAuditEvents, openDatabase, recordAuditEvent, type Db } from '@pressroom/db';
import { createLogger } from '@pressroom/telemetry';
import { createTestDatabase } from '@pressroom/testing';
import { AUDIT_PURGE_EVERY_MS, AuditRetention } from './audit-retention.js';

const logger = createLogger({ service: 'audit-retention-test', level: 'silent' });
const DAY = 86_400_000;

describe.each(['pglite', 'postgres'] as const)('audit retention (%s)', (engine) => {
  let db: Db;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (engine === 'postgres') {
      const database = await createTestDatabase();
      drop = database.drop;
      db = await openDatabase({ url: database.url });
    } else db = await openDatabase({});
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await drop?.();
  });

  const labels = async (ownerId: string) => (await listAuditEvents(db, { ownerId, limit: 50 })).map((e) => e.target.label);

  it('deletes a bounded batch a pass, asks for another while batches are full, then rests an hour', async () => {
    const { id: ownerId } = await createAccount(db, { name: `audit-retention-${engine}-${Date.now()}` });
    const now = new Date('2030-01-01T00:00:00Z');
    for (const days of [50, 40, 35, 31, 10]) {
      await recordAuditEvent(db, {
        ownerId,
        accountId: ownerId,
        at: new Date(now.getTime() - days * DAY),
        action: 'webhook.created',
        targetLabel: `${days} days`,
        keyId: null,
      });
    }
    const retention = new AuditRetention({ db, logger, retentionMs: 30 * DAY, batchSize: 2 });
    expect(await retention.pass(now)).toBe(true);
    expect(await retention.pass(now)).toBe(true);
    // The last batch was not full: nothing is left, and the next pass within the hour does not look.
    expect(await retention.pass(now)).toBe(false);
    expect(await labels(ownerId)).toEqual(['10 days']);
    await recordAuditEvent(db, {
      ownerId,
      accountId: ownerId,
      at: new Date(now.getTime() - 60 * DAY),
      action: 'webhook.created',
      keyId: null,
    });
    expect(await retention.pass(new Date(now.getTime() + AUDIT_PURGE_EVERY_MS - 1))).toBe(false);
    expect(await listAuditEvents(db, { ownerId, limit: 50 })).toHaveLength(2);
    await retention.pass(new Date(now.getTime() + AUDIT_PURGE_EVERY_MS));
    expect(await labels(ownerId)).toEqual(['10 days']);
  });

  it('keeps every event when the retention is 0 days (null)', async () => {
    const { id: ownerId } = await createAccount(db, { name: `audit-forever-${engine}-${Date.now()}` });
    await recordAuditEvent(db, {
      ownerId,
      accountId: ownerId,
      at: new Date('2001-01-01T00:00:00Z'),
      action: 'webhook.created',
      targetLabel: 'ancient',
      keyId: null,
    });
    expect(await new AuditRetention({ db, logger, retentionMs: null }).pass(new Date())).toBe(false);
    expect(await labels(ownerId)).toEqual(['ancient']);
  });
});
