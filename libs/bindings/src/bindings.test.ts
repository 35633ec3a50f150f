import { createSsrfGuard } from '@pressroom/ssrf';
import { applyMapping, credentialHeaders, fetchSource, listPaths, maskCredentials, parsePath, resolvePath } from './index.js';

describe('paths', () => {
  test('dot and index notation', () => {
    expect(parsePath('data.items[0].name')).toEqual(['data', 'items', 0, 'name']);
    expect(parsePath("a['odd key'].b.2")).toEqual(['a', 'odd key', 'b', 2]);
    expect(() => parsePath('a..b')).toThrow(/Malformed/);
  });

  test('resolve follows own properties only and says where it ran into nothing', () => {
    const data = { data: { items: [{ name: 'first' }, { name: 'second' }] } };
    expect(resolvePath(data, 'data.items[1].name')).toEqual({ found: true, value: 'second' });
    expect(resolvePath(data, 'data.items[5].name')).toEqual({ found: false, missingAt: 'data.items[5]' });
    expect(resolvePath(data, 'data.nope.x')).toEqual({ found: false, missingAt: 'data.nope' });
    expect(resolvePath({}, 'constructor')).toEqual({ found: false, missingAt: 'constructor' });
  });

  test('listPaths gives every path with its type and a sample', () => {
    const { paths } = listPaths({ title: 'Hi', stats: { n: 3 }, items: [{ id: 1 }], 'odd key': true });
    expect(paths).toEqual([
      { path: 'title', type: 'string', sample: 'Hi' },
      { path: 'stats', type: 'object', sample: '{1 key}' },
      { path: 'stats.n', type: 'number', sample: 3 },
      { path: 'items', type: 'array', sample: '[1 item]' },
      { path: 'items[0]', type: 'object', sample: '{1 key}' },
      { path: 'items[0].id', type: 'number', sample: 1 },
      { path: "['odd key']", type: 'boolean', sample: true },
    ]);
    for (const { path, sample } of paths.filter((p) => p.type !== 'object' && p.type !== 'array')) {
      expect(resolvePath({ title: 'Hi', stats: { n: 3 }, items: [{ id: 1 }], 'odd key': true }, path)).toEqual({
        found: true,
        value: sample,
      });
    }
  });
});

describe('mapping', () => {
  test('mapped values override defaults; missing paths fall back to defaults', () => {
    const result = applyMapping({ a: { b: 'x' } }, { one: 'a.b', two: 'a.c' }, { two: 'fallback', three: 3 });
    expect(result).toEqual({ ok: true, variables: { one: 'x', two: 'fallback', three: 3 } });
  });

  test('a missing path without a default fails clearly', () => {
    const result = applyMapping({ a: {} }, { one: 'a.b.c' }, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/one ← a\.b\.c \(nothing at a\.b\)/);
  });
});

describe('credentials', () => {
  test('headers per type', () => {
    expect(credentialHeaders({ type: 'bearer_token', value: 'tok' })).toEqual({ authorization: 'Bearer tok' });
    expect(credentialHeaders({ type: 'api_key', value: 'k' })).toEqual({ 'X-API-Key': 'k' });
    expect(credentialHeaders({ type: 'custom_header', headerName: 'X-Token', value: 'v' })).toEqual({ 'X-Token': 'v' });
    expect(credentialHeaders({ type: 'basic_auth', username: 'u', password: 'p:w' })).toEqual({
      authorization: `Basic ${Buffer.from('u:p:w').toString('base64')}`,
    });
    expect(credentialHeaders({ type: 'basic_auth', value: 'u:p' })).toEqual({
      authorization: `Basic ${Buffer.from('u:p').toString('base64')}`,
    });
  });

  test('masking never shows a short secret and shows only the last 4 of a long one', () => {
    expect(maskCredentials({ type: 'bearer_token', value: 'abcdefghijklmnop' })).toEqual({ type: 'bearer_token', value: '••••mnop' });
    expect(maskCredentials({ type: 'api_key', value: 'short' })).toEqual({ type: 'api_key', value: '••••' });
    expect(maskCredentials({ type: 'basic_auth', username: 'alice', password: 'pw' })).toEqual({
      type: 'basic_auth',
      username: 'alice',
      value: '••••',
    });
  });
});

describe('fetchSource', () => {
  const limits = { maxBytes: 1024, timeoutMs: 1_000 };
  const source = (url: string) => ({ url, method: 'GET' as const });

  test('a name resolving to a metadata address, and file:, are BLOCKED_URL', async () => {
    const guard = createSsrfGuard({ allowPrivateHosts: [] }, { lookup: async () => [{ address: '169.254.169.254', family: 4 }] });
    await expect(fetchSource(guard, source('http://data.example.test/x'), null, limits)).rejects.toMatchObject({
      name: 'SourceFetchError',
      code: 'BLOCKED_URL',
    });
    await expect(fetchSource(guard, source('file:///etc/passwd'), null, limits)).rejects.toMatchObject({ code: 'BLOCKED_URL' });
  });
});
