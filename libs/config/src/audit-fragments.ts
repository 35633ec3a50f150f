import { z } from 'zod';

/** How long the audit log keeps an event unless PRESSROOM_AUDIT_RETENTION_DAYS says otherwise: a year, what audits ask. */
const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** The audit log's retention (the scheduler deletes older events; docs/audit-log.md). */
export const auditEnv = {
  /** Days an audit event is kept; 0 keeps every event for as long as its workspace. */
  PRESSROOM_AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'PRESSROOM_AUDIT_RETENTION_DAYS is a whole number of days (0: keep forever).' })
    .int('PRESSROOM_AUDIT_RETENTION_DAYS is a whole number of days (0: keep forever).')
    .min(0, 'PRESSROOM_AUDIT_RETENTION_DAYS is a whole number of days (0: keep forever).')
    .default(DEFAULT_AUDIT_RETENTION_DAYS),
};

/** The retention in milliseconds, or null to keep events forever (0 days). */
export function auditRetentionMs(days: number): number | null {
  return days === 0 ? null : days * 86_400_000;
}
