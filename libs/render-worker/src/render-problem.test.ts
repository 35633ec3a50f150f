import { BlockedUrlError, PoolClosedError, RenderCrashedError } from '@pressroom/browser';
import { inputProblemOf, unfinishedProblem } from './index.js';

describe('a blocked URL met while rendering', () => {
  it('fails for good with the guard’s own public detail, its allow-list hint once', () => {
    const refused = new BlockedUrlError('http://10.0.0.5/logo.png', 'points to a private network address 10.0.0.5', { privateHost: true });
    const problem = inputProblemOf(refused);
    expect(problem).toEqual({ slug: 'blocked-url', status: 400, detail: refused.detail });
    expect(problem?.detail).toMatch(
      /^The URL http:\/\/10\.0\.0\.5\/logo\.png points to a private network address 10\.0\.0\.5 and is blocked\. /,
    );
    expect(problem?.detail.split('PRESSROOM_ALLOW_PRIVATE_HOSTS')).toHaveLength(2);
  });

  it('names no setting for a refusal no operator should lift', () => {
    const refused = new BlockedUrlError('http://169.254.169.254/', 'points to a cloud metadata address 169.254.169.254');
    expect(inputProblemOf(refused)?.detail).toBe(
      'The URL http://169.254.169.254/ points to a cloud metadata address 169.254.169.254 and is blocked.',
    );
  });
});

describe('a browser pool closed under the render (our own shutdown)', () => {
  it('is ours, not the input’s: retried by redelivery, and a 503 to retry on the last delivery', () => {
    const closed = new PoolClosedError({ cause: new Error('page closed') });
    expect(inputProblemOf(closed)).toBeNull();
    expect(unfinishedProblem(closed)).toMatchObject({ slug: 'service-unavailable', status: 503 });
    // A page that crashed its renderer is the input's: the pool keeps that apart.
    expect(inputProblemOf(new RenderCrashedError('page crashed'))).toMatchObject({ slug: 'render-failed', status: 422 });
  });
});
