import { listAuditEvents, recordAuditEvent } from '@pressroom/db';
import { AUDIT_PURGE_EVERY_MS } from '@pressroom/scheduler';
import { FLAVOURS, startTestStack, type TestStack } from './harness.js';

const DAY = 86_400_000;

/** PRESSROOM_AUDIT_RETENTION_DAYS through the scheduler's periodic sweep, on both databases (docs/audit-log.md). */
describe.each(FLAVOURS)('audit log retention (%s)', (flavour) => {
  let stack: TestStack;
  let clockOffsetMs = 0;
  beforeAll(async () => {
    stack = await startTestStack(flavour, {
      auditRetentionDays: 30,
      batches: { pollMs: 60_000, now: () => new Date(Date.now() + clockOffsetMs) },
    });
  }, 60_000);
  afterAll(() => stack?.dispose());

  it('the sweep deletes events older than the retention and keeps the newer ones', async () => {
    const { accountId } = await stack.newAccount();
    const now = Date.now();
    for (const [days, label] of [
      [45, 'old'],
      [31, 'just past'],
      [29, 'kept'],
      [0, 'today'],
    ] as const) {
      await recordAuditEvent(stack.db, {
        ownerId: accountId,
        accountId,
        at: new Date(now - days * DAY),
        action: 'webhook.created',
        targetLabel: label,
        keyId: null,
      });
    }
    // The sweep at start found nothing and rests an hour before it looks again (audit-retention.ts).
    clockOffsetMs = AUDIT_PURGE_EVERY_MS + 60_000;
    await stack.scheduler!.sweep();
    clockOffsetMs = 0;
    const left = await listAuditEvents(stack.db, { ownerId: accountId, limit: 10 });
    expect(left.map((e) => e.target.label)).toEqual(['today', 'kept']);
  });
});
