import { z } from 'zod';
import { auditEnv, auditRetentionMs } from './audit-fragments.js';

describe('the audit log retention setting', () => {
  const env = z.object(auditEnv);
  it('keeps a year by default, any whole number of days when set, and 0 keeps forever', () => {
    expect(env.parse({}).PRESSROOM_AUDIT_RETENTION_DAYS).toBe(365);
    expect(env.parse({ PRESSROOM_AUDIT_RETENTION_DAYS: '90' }).PRESSROOM_AUDIT_RETENTION_DAYS).toBe(90);
    expect(auditRetentionMs(90)).toBe(90 * 86_400_000);
    expect(auditRetentionMs(env.parse({ PRESSROOM_AUDIT_RETENTION_DAYS: '0' }).PRESSROOM_AUDIT_RETENTION_DAYS)).toBeNull();
  });

  it('refuses a negative, fractional or worded value, saying what it takes', () => {
    for (const value of ['-1', '1.5', 'a year']) {
      const parsed = env.safeParse({ PRESSROOM_AUDIT_RETENTION_DAYS: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('PRESSROOM_AUDIT_RETENTION_DAYS is a whole number of days (0: keep forever).');
    }
  });
});
