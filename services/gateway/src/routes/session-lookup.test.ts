import { Browser, ENGINES, startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

// GET /auth/session?ifNone=empty (ADR 0076): nobody signed in is an ordinary 200 {signedIn: false} for the dashboard,
// which asks on every page, signed-out ones too; without the parameter it stays a 401 `not-signed-in`.

describe.each(ENGINES)('GET /auth/session with ?ifNone (%s)', (engine) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway(engine, { dashboard: { signupMode: 'open' } });
  });
  afterAll(() => gw.close());

  const get = (path: string, cookie?: string) =>
    fetch(`${gw.baseUrl}${path}`, { headers: { 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) } });

  it('without a cookie: 200 {signedIn: false} under ifNone=empty, 401 by default and under ifNone=401', async () => {
    const empty = await get('/auth/session?ifNone=empty');
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ signedIn: false });
    for (const path of ['/auth/session', '/auth/session?ifNone=401']) {
      const refused = await get(path);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { type: string }).type).toMatch(/\/not-signed-in$/);
    }
  });

  it('a signed-out or unknown cookie is "not signed in" too; a live one answers the session alike either way', async () => {
    const user = new Browser(gw.baseUrl);
    await user.request('POST', '/auth/sign-up', { json: { email: 'lookup@example.com', password: 'lookup passphrase' } });
    const plain = (await (await user.request('GET', '/auth/session')).json()) as Record<string, unknown>;
    expect(plain).toMatchObject({ signedIn: true, user: { email: 'lookup@example.com' } });
    const asked = await user.request('GET', '/auth/session?ifNone=empty');
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual(plain);

    const stale = `pressroom_session=${user.cookies.get('pressroom_session')!}`;
    await user.request('POST', '/auth/sign-out');
    const gone = await get('/auth/session?ifNone=empty', stale);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ signedIn: false });
    expect((await get('/auth/session?ifNone=empty', 'pressroom_session=never-issued')).status).toBe(200);
    const refused = await get('/auth/session', stale);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/expired or was signed out/);
  });

  it('any other ifNone is a 400 naming the field and its two values', async () => {
    const wrong = await get('/auth/session?ifNone=nothing');
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await wrong.json()) as { errors: { field: string; message: string }[] };
    expect(body.errors).toEqual([expect.objectContaining({ field: 'ifNone', message: expect.stringMatching(/401 .* or empty/) })]);
  });
});
