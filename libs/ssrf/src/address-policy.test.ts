import { BlockedUrlError, createSsrfGuard, UnresolvableHostError, type HostLookup } from './index.js';

/** Names resolve from this table only: the tests never depend on real DNS (except the localhost case). */
function tableLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const lookup = tableLookup({
  'public.example': ['93.184.216.34'],
  'public6.example': ['2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example': ['10.1.2.3'],
  'mixed.example': ['93.184.216.34', '192.168.1.10'],
  'rebind.example': ['127.0.0.1'],
  'metadata-alias.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'app.internal': ['10.20.30.40'],
  localhost: ['127.0.0.1', '::1'],
});
const guard = createSsrfGuard({ allowPrivateHosts: [] }, { lookup });

async function reasonFor(url: string): Promise<string> {
  const error = await guard.check(url).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BlockedUrlError)) throw new Error(`${url} was not blocked (got ${String(error)})`);
  expect(error.url).toBe(url);
  expect(error.detail).toContain(url);
  return error.reason;
}

describe('schemes', () => {
  it.each([
    'file:///etc/passwd',
    'ftp://example.com/x',
    'data:text/html,<b>hi</b>',
    'gopher://public.example/',
    'javascript:alert(1)',
    'ws://public.example/',
    'blob:https://public.example/uuid',
    'chrome://settings',
  ])('blocks %s', async (url) => {
    expect(await reasonFor(url)).toMatch(/scheme \(only http: and https: are allowed\)/);
  });

  it('blocks what is not a URL', async () => {
    expect(await reasonFor('not a url')).toBe('is not a valid absolute URL');
  });

  it('allows http and https to public names and addresses', async () => {
    await expect(guard.check('http://public.example/a?b=c')).resolves.toBeUndefined();
    await expect(guard.check('https://public6.example/')).resolves.toBeUndefined();
    await expect(guard.check('https://93.184.216.34/')).resolves.toBeUndefined();
    await expect(guard.check('https://[2606:2800:220:1:248:1893:25c8:1946]/')).resolves.toBeUndefined();
  });
});

describe('address literals', () => {
  it.each([
    ['http://127.0.0.1/', 'points to a loopback address 127.0.0.1'],
    ['http://127.255.1.2:8080/', 'points to a loopback address 127.255.1.2'],
    ['http://[::1]/', 'points to a loopback address ::1'],
    ['http://10.0.0.1/', 'points to a private network address 10.0.0.1'],
    ['http://172.16.0.1/', 'points to a private network address 172.16.0.1'],
    ['http://172.31.255.254/', 'points to a private network address 172.31.255.254'],
    ['http://192.168.1.1/', 'points to a private network address 192.168.1.1'],
    ['http://[fc00::1]/', 'points to a private network address fc00::1'],
    ['http://[fd12:3456::1]/', 'points to a private network address fd12:3456::1'],
    ['http://169.254.1.1/', 'points to a link-local address 169.254.1.1'],
    ['http://169.254.169.254/latest/meta-data/', 'points to a cloud metadata address 169.254.169.254'],
    ['http://[fe80::1]/', 'points to a link-local address fe80::1'],
    ['http://100.64.0.1/', 'points to a carrier-grade NAT address 100.64.0.1'],
    ['http://100.127.255.255/', 'points to a carrier-grade NAT address 100.127.255.255'],
    ['http://0.0.0.0/', 'points to an unspecified address 0.0.0.0'],
    ['http://0.1.2.3/', 'points to an unspecified address 0.1.2.3'],
    ['http://[::]/', 'points to an unspecified address ::'],
    ['http://224.0.0.1/', 'points to a multicast address 224.0.0.1'],
    ['http://[ff02::1]/', 'points to a multicast address ff02::1'],
    ['http://255.255.255.255/', 'points to a broadcast address 255.255.255.255'],
    ['http://240.0.0.1/', 'points to a reserved address 240.0.0.1'],
  ])('blocks %s', async (url, reason) => {
    expect(await reasonFor(url)).toBe(reason);
  });

  it.each([
    // WHATWG URL parsing turns all of these into 127.0.0.1 before the guard sees the host.
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://127.1/',
  ])('blocks the numeric loopback spelling %s', async (url) => {
    expect(await reasonFor(url)).toBe('points to a loopback address 127.0.0.1');
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', 'a loopback address wrapped in IPv6'],
    ['http://[::ffff:7f00:1]/', 'a loopback address wrapped in IPv6'],
    ['http://[0:0:0:0:0:ffff:a00:1]/', 'a private network address wrapped in IPv6'],
    ['http://[::ffff:a9fe:a9fe]/', 'a cloud metadata address wrapped in IPv6'],
    ['http://[64:ff9b::7f00:1]/', 'a loopback address wrapped in IPv6'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'a cloud metadata address wrapped in IPv6'],
    ['http://[2002:7f00:1::]/', 'a loopback address wrapped in IPv6'],
    ['http://[2002:c0a8:101::1]/', 'a private network address wrapped in IPv6'],
    ['http://[::ffff:0:7f00:1]/', 'a loopback address wrapped in IPv6'],
  ])('blocks the IPv6 wrapper %s', async (url, kind) => {
    expect(await reasonFor(url)).toContain(kind);
  });

  it('blocks IPv4-compatible and other addresses outside global unicast', async () => {
    expect(await reasonFor('http://[::127.0.0.1]/')).toBe('points to a reserved address ::7f00:1');
    expect(await reasonFor('http://[2001:db8::1]/')).toBe('points to a reserved address 2001:db8::1');
  });

  it('lets NAT64 and 6to4 forms of public addresses through', async () => {
    await expect(guard.check('http://[64:ff9b::5db8:d822]/')).resolves.toBeUndefined();
    await expect(guard.check('http://[2002:5db8:d822::1]/')).resolves.toBeUndefined();
  });
});

describe('host names', () => {
  it.each([
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost:3000/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/',
    'http://instance-data/latest/',
  ])('blocks %s by name, before DNS', async (url) => {
    const guardWithoutDns = createSsrfGuard({ allowPrivateHosts: [] }, { lookup: tableLookup({}) });
    const error = await guardWithoutDns.check(url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockedUrlError);
    expect((error as BlockedUrlError).reason).toMatch(/names (the local machine|a cloud metadata service)/);
  });

  it('blocks names resolving to blocked addresses, checking every address', async () => {
    expect(await reasonFor('http://internal.example/')).toBe('resolves to a private network address 10.1.2.3');
    expect(await reasonFor('http://mixed.example/')).toBe('resolves to a private network address 192.168.1.10');
    expect(await reasonFor('http://rebind.example/')).toBe('resolves to a loopback address 127.0.0.1');
    expect(await reasonFor('http://metadata-alias.example/')).toBe('resolves to a cloud metadata address 169.254.169.254');
    expect(await reasonFor('http://mapped.example/')).toBe('resolves to a loopback address wrapped in IPv6 127.0.0.1');
  });

  it('reports names that do not resolve as UnresolvableHostError, not as blocked', async () => {
    const error = await guard.check('https://nowhere.example/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnresolvableHostError);
    expect((error as UnresolvableHostError).detail).toBe('The host nowhere.example of https://nowhere.example/ could not be resolved.');
  });

  it('resolves localhost with real DNS and blocks it', async () => {
    const realDns = createSsrfGuard({ allowPrivateHosts: [] });
    await expect(realDns.check('http://localhost:8080/')).rejects.toThrow(BlockedUrlError);
    // Allowed by name, the real resolver's loopback answer is what a fetch will connect to.
    const allowed = createSsrfGuard({ allowPrivateHosts: ['localhost'] });
    const resolved = await allowed.resolve('http://localhost:8080/');
    expect(resolved.addresses.map((a) => a.address)).toContain('127.0.0.1');
  });

  it('writes a public detail sentence', async () => {
    const error = (await guard.check('http://127.0.0.1:9/x').catch((e: unknown) => e)) as BlockedUrlError;
    expect(error.slug).toBe('blocked-url');
    expect(error.detail).toBe(
      'The URL http://127.0.0.1:9/x points to a loopback address 127.0.0.1 and is blocked. ' +
        'To allow it on a self-hosted instance, add the host or its address to PRESSROOM_ALLOW_PRIVATE_HOSTS.',
    );
  });
});

describe('allow-list', () => {
  const allowing = createSsrfGuard(
    { allowPrivateHosts: ['localhost', '127.0.0.1/32', '10.20.0.0/16', 'fd00::/8', 'App.Internal'] },
    { lookup },
  );

  it('lets exact host names through, whatever they resolve to', async () => {
    await expect(allowing.check('http://localhost:3000/')).resolves.toBeUndefined();
    await expect(allowing.check('http://app.internal/')).resolves.toBeUndefined();
    await expect(allowing.check('http://api.localhost/')).rejects.toThrow(BlockedUrlError);
  });

  it('lets addresses inside listed CIDRs through, and only those', async () => {
    await expect(allowing.check('http://127.0.0.1:8080/')).resolves.toBeUndefined();
    await expect(allowing.check('http://[::ffff:127.0.0.1]/')).resolves.toBeUndefined();
    await expect(allowing.check('http://10.20.1.1/')).resolves.toBeUndefined();
    await expect(allowing.check('http://[fd00::5]/')).resolves.toBeUndefined();
    await expect(allowing.check('http://127.0.0.2/')).rejects.toThrow('loopback address 127.0.0.2');
    await expect(allowing.check('http://10.21.0.1/')).rejects.toThrow(BlockedUrlError);
    await expect(allowing.check('http://rebind.example/')).resolves.toBeUndefined();
    await expect(allowing.check('http://internal.example/')).rejects.toThrow('10.1.2.3');
  });

  it('never allows other schemes', async () => {
    await expect(allowing.check('file://localhost/etc/passwd')).rejects.toThrow(BlockedUrlError);
  });

  it('answers isBlockedAddress with the allow-list applied', () => {
    expect(guard.isBlockedAddress('127.0.0.1')).toBe(true);
    expect(guard.isBlockedAddress('::ffff:7f00:1')).toBe(true);
    expect(guard.isBlockedAddress('8.8.8.8')).toBe(false);
    expect(guard.isBlockedAddress('2001:4860:4860::8888')).toBe(false);
    expect(guard.isBlockedAddress('not-an-ip')).toBe(true);
    expect(allowing.isBlockedAddress('127.0.0.1')).toBe(false);
    expect(allowing.isBlockedAddress('127.0.0.2')).toBe(true);
  });

  it('rejects malformed CIDR entries at construction', () => {
    expect(() => createSsrfGuard({ allowPrivateHosts: ['10.0.0.0/99'] })).toThrow(/not a valid CIDR/);
  });
});
