import { earlyInMinute } from '@pressroom/testing';
import { Browser, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

describe('sign-in rate limit per client address (pglite)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway('pglite', { dashboard: { signInPerMinute: 3 } });
  });
  afterAll(() => gw.close());

  it('answers 429 with Retry-After past the per-minute attempts, before checking the password', async () => {
    const browser = new Browser(gw.baseUrl);
    const attempt = () => browser.request('POST', '/auth/sign-in', { json: { email: 'someone@example.com', password: 'guess' } });
    await earlyInMinute();
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { detail: string }).detail).toMatch(
      /Sign-in and sign-up attempts from one address allow 3 requests per minute/,
    );
  });
});
