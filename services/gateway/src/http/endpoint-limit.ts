import type { Response } from 'express';
import { hitCounter, minuteWindow, secondsUntil, type Db } from '@pressroom/db';
import { ProblemError } from '@pressroom/problem';
import { countRateLimited, setRateLimitHeaders } from './rate-limit.js';

/**
 * A fixed per-owner minute limit of one endpoint (URL renders, video previews), counted in the
 * database like the plan limits so every replica shares it, with the same headers; over it → 429.
 */
export async function countEndpointMinute(
  db: Db,
  res: Response,
  input: { ownerId: string; scope: string; limit: number; what: string; now?: Date },
): Promise<void> {
  const at = input.now ?? new Date();
  const window = minuteWindow(at);
  const count = await hitCounter(db, { ownerId: input.ownerId, scope: `endpoint:${input.scope}`, window });
  setRateLimitHeaders(res, { scope: 'minute', limit: input.limit, count, window }, at);
  if (count > input.limit) {
    const retryAfter = secondsUntil(window.end, at);
    countRateLimited({ limit: `endpoint:${input.scope}`, window: 'minute' });
    throw new ProblemError('rate-limit', {
      detail: `${input.what} allow ${input.limit} requests per minute. Retry in ${retryAfter} seconds.`,
      headers: { 'Retry-After': String(retryAfter) },
      extensions: { limit: input.limit, window: 'minute' },
    });
  }
}
