import { deleteAuditEventsBefore, type Db } from '@pressroom/db';
import type { Logger } from '@pressroom/telemetry';

/** Audit events deleted per pass: a lowered retention is caught up over quick passes, never in one long statement. */
export const AUDIT_PURGE_BATCH = 1_000;
/** How long after a pass that left nothing the next looks again: finding old events scans the table (no index on time). */
export const AUDIT_PURGE_EVERY_MS = 3_600_000;

/**
 * PRESSROOM_AUDIT_RETENTION_DAYS, as a step of the scheduler's periodic sweep (docs/audit-log.md): deletes a bounded
 * batch of events past the retention, then rests an hour, unless the batch was full and more may be left.
 */
export class AuditRetention {
  #dueAt = 0;

  constructor(private readonly deps: { db: Db; logger: Logger; retentionMs: number | null; batchSize?: number }) {}

  /** Resolves true when it deleted a full batch, so the sweep comes back at its quick pace for the rest. */
  async pass(now: Date): Promise<boolean> {
    if (this.deps.retentionMs === null || now.getTime() < this.#dueAt) return false;
    const limit = this.deps.batchSize ?? AUDIT_PURGE_BATCH;
    const deleted = await deleteAuditEventsBefore(this.deps.db, { before: new Date(now.getTime() - this.deps.retentionMs), limit });
    if (deleted > 0) this.deps.logger.info({ deleted }, 'audit events past their retention deleted');
    const more = deleted === limit;
    this.#dueAt = more ? 0 : now.getTime() + AUDIT_PURGE_EVERY_MS;
    return more;
  }
}
