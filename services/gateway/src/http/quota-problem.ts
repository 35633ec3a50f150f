import { ProblemError } from '@pressroom/problem';
import { AiQuotaExceededError, QuotaExceededError } from '@pressroom/db';
import { getMeter } from '@pressroom/telemetry';

const exceeded = getMeter().createCounter('quota_exceeded', { description: 'Requests refused because a monthly quota is used up' });

/**
 * The status of used-up render credits, as the contract's Errors table gives it per endpoint
 * family: 429 on image, GIF, HTML-template, PDF and batch endpoints; 402 on video endpoints
 * (the hosted service's clients read both as a quota error; docs/compatibility.md).
 */
export const QUOTA_STATUS = { renders: 429, video: 402 } as const;

/**
 * Monthly render credits used up → `quota-exceeded` with `code: "quota_exceeded"` and no
 * Retry-After (waiting a minute does not help), at the endpoint family's QUOTA_STATUS.
 */
export function quotaProblem(error: QuotaExceededError, status: number = QUOTA_STATUS.renders): ProblemError {
  exceeded.add(1, { quota: 'renders', plan: error.plan, status: String(status) });
  return new ProblemError('quota-exceeded', {
    status,
    code: 'quota_exceeded',
    detail: error.message,
    extensions: { plan: error.plan, used: error.used, limit: error.limit, cost: error.cost },
  });
}

/** Run `work`, turning a QuotaExceededError into the endpoint's quota problem. */
export async function withQuotaProblem<T>(work: () => Promise<T>, status: number = QUOTA_STATUS.renders): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QuotaExceededError) throw quotaProblem(error, status);
    throw error;
  }
}

/** Run `work`, turning an AiQuotaExceededError into 402 `ai_quota_exceeded` (a plain message, no retry hint). */
export async function withAiQuotaProblem<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AiQuotaExceededError)) throw error;
    exceeded.add(1, { quota: 'ai', status: '402' });
    throw new ProblemError('ai-quota-exceeded', {
      code: 'ai_quota_exceeded',
      detail: error.message,
      extensions: { limit: error.limit, used: error.used },
    });
  }
}
