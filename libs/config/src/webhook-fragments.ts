import { z } from 'zod';

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration such as `200ms`, `30s`, `5m`, `2h` or `1d` in milliseconds.
 * Throws a readable error for anything else (a bare number has no unit on purpose).
 */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!match) throw new Error(`${JSON.stringify(text)} is not a duration (write e.g. 200ms, 30s, 5m, 2h or 1d)`);
  return Math.round(Number(match[1]) * UNIT_MS[match[2]!]!);
}

/** A comma-separated list of durations (`1m,5m,30m,2h,24h`) in milliseconds. */
export const durationList = z.string().transform((text, ctx) => {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'expected at least one duration, e.g. 1m,5m,30m,2h,24h' });
    return z.NEVER;
  }
  const out: number[] = [];
  for (const part of parts) {
    try {
      out.push(parseDuration(part));
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }
  return out;
});

/**
 * Key that encrypts stored signing secrets (webhook subscriptions, batch
 * webhooks). Every process that creates or signs must share it. Unset in the
 * embedded mode: a key is generated once and kept in `<data dir>/secret.key`.
 */
export const secretKeyEnv = {
  PRESSROOM_SECRET_KEY: z.string().min(16, 'use at least 16 characters (32 random bytes, hex or base64, is best)').optional(),
};

/** The webhook dispatcher's delivery settings. */
export const webhookEnv = {
  /** Delays between a failed delivery and its retries; one retry per entry. */
  PRESSROOM_WEBHOOK_RETRY_SCHEDULE: z.string().default('1m,5m,30m,2h,24h').pipe(durationList),
  /** A receiver that has not answered 2xx within this time has failed the attempt. */
  PRESSROOM_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** How often due retries are looked for (new events are sent at once). */
  PRESSROOM_WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1_000),
};

/** Batch rendering settings (the scheduler and the gateway's batch endpoint). */
export const batchEnv = {
  /** Largest CSV a batch may name (bytes, after decompression). */
  PRESSROOM_BATCH_CSV_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** How often the scheduler looks for batches to start, stuck items and expired results. */
  PRESSROOM_BATCH_POLL_MS: z.coerce.number().int().positive().default(1_000),
  /** How long finished batches and their results are kept. */
  PRESSROOM_BATCH_RETENTION: z
    .string()
    .default('7d')
    .transform((text, ctx) => {
      try {
        return parseDuration(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
};
