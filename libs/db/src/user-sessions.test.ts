import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { browserLabel } from './browser-label.js';
import { createSession, hashSessionToken, resolveSession } from './sessions.js';
import { signUp } from './sign-up.js';
import { endUserSession, listUserSessions, sessionIdOf } from './user-sessions.js';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const TTL = 60 * 60_000;

describe('browserLabel', () => {
  it.each([
    [CHROME_MAC, 'Chrome on macOS'],
    [FIREFOX_WINDOWS, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Headless Chrome on Linux',
    ],
    ['curl/8.5.0', null],
    [null, null],
  ])('%s is %s', (userAgent, label) => {
    expect(browserLabel(userAgent)).toBe(label);
  });
});

describe.each(ENGINES)('a user’s signed-in browsers (%s)', (engine) => {
  const db = useDatabase(engine);

  async function person() {
    const user = await signUp(
      db(),
      { email: `${unique('browsers')}@example.com`, password: 'browsers passphrase' },
      { configuredMode: 'open' },
    );
    const start = (userAgent: string | null, now: Date) =>
      createSession(db(), { userId: user.id, accountId: user.personalAccountId, ttlMs: TTL, now, userAgent });
    return { user, start };
  }

  it('lists each live session by an opaque id, this browser first, then the latest used; never a token or its hash', async () => {
    const { user, start } = await person();
    const t0 = new Date(Date.now() - 10 * 60_000);
    const mac = await start(CHROME_MAC, t0);
    const windows = await start(FIREFOX_WINDOWS, new Date(t0.getTime() + 60_000));
    const other = await start(null, new Date(t0.getTime() + 2 * 60_000));
    // The Mac was used last: resolving its token (as every request does) keeps when.
    await resolveSession(db(), mac.token, new Date(t0.getTime() + 5 * 60_000));

    const list = await listUserSessions(db(), { userId: user.id, currentTokenHash: hashSessionToken(windows.token) });
    expect(list).toEqual([
      {
        id: sessionIdOf(hashSessionToken(windows.token)),
        browser: 'Firefox on Windows',
        createdAt: expect.any(Date),
        lastUsedAt: expect.any(Date),
        current: true,
      },
      {
        id: sessionIdOf(hashSessionToken(mac.token)),
        browser: 'Chrome on macOS',
        createdAt: t0,
        lastUsedAt: new Date(t0.getTime() + 5 * 60_000),
        current: false,
      },
      {
        id: sessionIdOf(hashSessionToken(other.token)),
        browser: null,
        createdAt: expect.any(Date),
        lastUsedAt: expect.any(Date),
        current: false,
      },
    ]);
    for (const view of list) expect(view.id).toMatch(/^[0-9a-f]{16}$/);
    const shown = JSON.stringify(list);
    for (const { token } of [mac, windows, other]) {
      expect(shown).not.toContain(token);
      expect(shown).not.toContain(hashSessionToken(token));
    }
  });

  it('last used is written at most once a minute', async () => {
    const { user, start } = await person();
    const t0 = new Date(Date.now() - 10 * 60_000);
    const session = await start(CHROME_MAC, t0);
    await resolveSession(db(), session.token, new Date(t0.getTime() + 30_000));
    const current = hashSessionToken(session.token);
    expect((await listUserSessions(db(), { userId: user.id, currentTokenHash: current }))[0]!.lastUsedAt).toEqual(t0);
    await resolveSession(db(), session.token, new Date(t0.getTime() + 90_000));
    expect((await listUserSessions(db(), { userId: user.id, currentTokenHash: current }))[0]!.lastUsedAt).toEqual(
      new Date(t0.getTime() + 90_000),
    );
  });

  it('signs one other browser out by its id; not this one, not another person’s, not an unknown id', async () => {
    const { user, start } = await person();
    const stranger = await person();
    const now = new Date();
    const here = await start(CHROME_MAC, now);
    const there = await start(FIREFOX_WINDOWS, now);
    const theirs = await stranger.start(FIREFOX_WINDOWS, now);
    const currentTokenHash = hashSessionToken(here.token);
    const hereId = sessionIdOf(currentTokenHash);
    const thereId = sessionIdOf(hashSessionToken(there.token));

    expect(await endUserSession(db(), { userId: user.id, id: hereId, currentTokenHash })).toBeNull();
    expect(await endUserSession(db(), { userId: user.id, id: sessionIdOf(hashSessionToken(theirs.token)), currentTokenHash })).toBeNull();
    expect(await endUserSession(db(), { userId: user.id, id: '%', currentTokenHash })).toBeNull();
    expect(await endUserSession(db(), { userId: user.id, id: '0000000000000000', currentTokenHash })).toBeNull();

    expect(await endUserSession(db(), { userId: user.id, id: thereId, currentTokenHash })).toEqual({
      id: thereId,
      browser: 'Firefox on Windows',
    });
    expect(await resolveSession(db(), there.token)).toBeNull();
    expect(await resolveSession(db(), here.token)).not.toBeNull();
    expect(await resolveSession(db(), theirs.token)).not.toBeNull();
    expect((await listUserSessions(db(), { userId: user.id, currentTokenHash })).map((s) => s.id)).toEqual([hereId]);
    // Once ended, it is gone: a second try finds nothing.
    expect(await endUserSession(db(), { userId: user.id, id: thereId, currentTokenHash })).toBeNull();
  });
});
