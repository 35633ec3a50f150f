import { canonicalQuery, signRenderUrl, signatureOf, verifyRenderUrl, type QueryPairs } from './url-signature.js';

const SECRET = 'secret_123';
const NOW = new Date('2026-01-01T00:00:00Z');
/** Computed independently with Python's hmac and urllib.parse.quote(v, safe='-_.~') (docs/signed-urls.md). */
const VECTOR = {
  path: '/r/tpl_abc.png',
  pairs: [
    ['title', 'Hello wörld & co'],
    ['sid', 'uss_test'],
    ['exp', '4102444800'],
    ['color', '#ff0000'],
  ] as QueryPairs,
  canonical: 'color=%23ff0000&exp=4102444800&sid=uss_test&title=Hello%20w%C3%B6rld%20%26%20co',
  signature: '965321445101262d4e468aa7cb64a5131d848deccb085d1e62a7b5489fbce7c2',
};

function pairsOf(url: string): { path: string; pairs: [string, string][] } {
  const parsed = new URL(url, 'http://x.test');
  return { path: decodeURIComponent(parsed.pathname), pairs: [...parsed.searchParams.entries()] };
}

describe('URL signatures', () => {
  it('matches the reference vector computed in Python', () => {
    expect(canonicalQuery(VECTOR.pairs)).toBe(VECTOR.canonical);
    expect(signatureOf(SECRET, VECTOR.path, VECTOR.pairs)).toBe(VECTOR.signature);
    const pairs = [...VECTOR.pairs, ['s', VECTOR.signature]] as QueryPairs;
    expect(verifyRenderUrl({ path: VECTOR.path, pairs, secret: SECRET, now: NOW })).toEqual({
      ok: true,
      expiresAt: new Date(4102444800 * 1000),
    });
  });

  it('signs a URL that verifies whatever the parameter order', () => {
    const signed = signRenderUrl('https://img.example/r/tpl_abc.png?b=2&a=1%2B1', { secretId: 'uss_1', secret: SECRET });
    expect(signed).toMatch(/^https:\/\/img\.example\/r\/tpl_abc\.png\?b=2&a=1%2B1&sid=uss_1&s=[0-9a-f]{64}$/);
    const { path, pairs } = pairsOf(signed);
    expect(verifyRenderUrl({ path, pairs: [...pairs].reverse(), secret: SECRET, now: NOW }).ok).toBe(true);
    // A relative URL stays relative; a base path before /r/ is not signed.
    const relative = signRenderUrl('/v1/r/tpl_abc.png?a=1', { secretId: 'uss_1', secret: SECRET, pathPrefix: '/v1' });
    expect(relative.startsWith('/v1/r/tpl_abc.png?a=1&sid=uss_1&s=')).toBe(true);
    expect(verifyRenderUrl({ path: '/r/tpl_abc.png', pairs: pairsOf(relative).pairs, secret: SECRET, now: NOW }).ok).toBe(true);
  });

  it('refuses a tampered, added or removed parameter, another path and another secret', () => {
    const { path, pairs } = pairsOf(signRenderUrl('/r/tpl_abc.png?name=Ann', { secretId: 'uss_1', secret: SECRET }));
    const check = (p: string, q: [string, string][], secret = SECRET) => verifyRenderUrl({ path: p, pairs: q, secret, now: NOW });
    expect(
      check(
        path,
        pairs.map(([k, v]) => [k, k === 'name' ? 'Bob' : v]),
      ),
    ).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(check(path, [...pairs, ['extra', '1']])).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(
      check(
        path,
        pairs.filter(([k]) => k !== 'name'),
      ),
    ).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(check('/r/tpl_other.png', pairs)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(check('/r/tpl_abc.jpeg', pairs)).toMatchObject({ ok: false, reason: 'mismatch' });
    expect(check(path, pairs, 'another-secret')).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('refuses an expired URL, and an expiry moved after signing', () => {
    const expiresAt = new Date(NOW.getTime() + 60_000);
    const { path, pairs } = pairsOf(signRenderUrl('/r/tpl_abc.png?a=1', { secretId: 'uss_1', secret: SECRET, expiresAt }));
    expect(verifyRenderUrl({ path, pairs, secret: SECRET, now: NOW }).ok).toBe(true);
    expect(verifyRenderUrl({ path, pairs, secret: SECRET, now: new Date(NOW.getTime() + 61_000) })).toMatchObject({
      ok: false,
      reason: 'expired',
    });
    const moved = pairs.map(([k, v]) => [k, k === 'exp' ? '4102444800' : v] as [string, string]);
    expect(verifyRenderUrl({ path, pairs: moved, secret: SECRET, now: NOW })).toMatchObject({ ok: false, reason: 'mismatch' });
  });

  it('names a missing or malformed signature', () => {
    expect(verifyRenderUrl({ path: '/r/a.png', pairs: [['a', '1']], secret: SECRET, now: NOW })).toMatchObject({ reason: 'missing' });
    expect(verifyRenderUrl({ path: '/r/a.png', pairs: [['s', 'XYZ']], secret: SECRET, now: NOW })).toMatchObject({ reason: 'malformed' });
  });
});
