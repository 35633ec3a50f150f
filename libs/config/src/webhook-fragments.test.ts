import { z } from 'zod';
import { batchEnv, parseDuration, parseEnv, webhookEnv } from './index.js';

describe('durations and the webhook/batch settings', () => {
  it('parses ms, s, m, h and d', () => {
    expect([
      parseDuration('200ms'),
      parseDuration('30s'),
      parseDuration('5m'),
      parseDuration('2h'),
      parseDuration('1d'),
      parseDuration('1.5s'),
    ]).toEqual([200, 30_000, 300_000, 7_200_000, 86_400_000, 1_500]);
    for (const bad of ['5', 'm', '5 minutes', '-1m', '']) expect(() => parseDuration(bad)).toThrow(/is not a duration/);
  });

  it('defaults to the contract schedule and rejects a bad one naming the variable', () => {
    const schema = z.object({ ...webhookEnv, ...batchEnv });
    const defaults = parseEnv('test', schema, {});
    expect(defaults.PRESSROOM_WEBHOOK_RETRY_SCHEDULE).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 86_400_000]);
    expect(defaults.PRESSROOM_WEBHOOK_TIMEOUT_MS).toBe(30_000);
    expect(defaults.PRESSROOM_BATCH_RETENTION).toBe(7 * 86_400_000);
    expect(parseEnv('test', schema, { PRESSROOM_WEBHOOK_RETRY_SCHEDULE: '200ms, 400ms,1s' }).PRESSROOM_WEBHOOK_RETRY_SCHEDULE).toEqual([
      200, 400, 1_000,
    ]);
    expect(() => parseEnv('test', schema, { PRESSROOM_WEBHOOK_RETRY_SCHEDULE: '1m,soon' })).toThrow(
      /PRESSROOM_WEBHOOK_RETRY_SCHEDULE: "soon" is not a duration/,
    );
  });
});
