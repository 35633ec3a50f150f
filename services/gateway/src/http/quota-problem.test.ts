import { QuotaExceededError } from '@pressroom/db';
import { QUOTA_STATUS, quotaProblem, withQuotaProblem } from './quota-problem.js';

const used = () => new QuotaExceededError('free', 50, 50, 1, new Date('2026-02-01T00:00:00Z'));

describe('quota problems (the contract’s Errors table)', () => {
  it('is a 429 quota_exceeded on render endpoints and a 402 quota_exceeded on video endpoints', () => {
    expect(QUOTA_STATUS).toEqual({ renders: 429, video: 402 });
    const renders = quotaProblem(used());
    expect([renders.status, renders.code, renders.slug]).toEqual([429, 'quota_exceeded', 'quota-exceeded']);
    const video = quotaProblem(used(), QUOTA_STATUS.video);
    expect([video.status, video.code, video.slug]).toEqual([402, 'quota_exceeded', 'quota-exceeded']);
  });

  it('maps only the quota error, and carries no retry hint', async () => {
    const refused = withQuotaProblem(async () => {
      throw used();
    }, QUOTA_STATUS.video);
    await expect(refused).rejects.toMatchObject({ status: 402, code: 'quota_exceeded', extensions: { plan: 'free', used: 50, limit: 50 } });
    await expect(refused).rejects.not.toHaveProperty('headers.Retry-After');
    await expect(withQuotaProblem(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});
