import { ALLOW_PRIVATE_HOSTS_HINT, BlockedUrlError, createSsrfGuard, type HostLookup } from './index.js';

const lookup: HostLookup = async (hostname) => {
  const table: Record<string, string> = {
    'lan.example': '192.168.1.20',
    'loop.example': '127.0.0.1',
    'metadata-alias.example': '169.254.169.254',
  };
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
const guard = createSsrfGuard({ allowPrivateHosts: [] }, { lookup });

async function refusal(url: string): Promise<BlockedUrlError> {
  const error = await guard.check(url).catch((e: unknown) => e);
  if (!(error instanceof BlockedUrlError)) throw new Error(`${url} was not blocked (got ${String(error)})`);
  return error;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the allow-list hint of a refusal', () => {
  it('names the setting, in words a self-hoster can act on', () => {
    expect(ALLOW_PRIVATE_HOSTS_HINT).toBe(
      'To allow it on a self-hosted instance, add the host or its address to PRESSROOM_ALLOW_PRIVATE_HOSTS.',
    );
  });

  it.each([
    ['a name resolving to a private network', 'http://lan.example/hooks', 'resolves to a private network address 192.168.1.20'],
    ['a name resolving to loopback', 'https://loop.example/', 'resolves to a loopback address 127.0.0.1'],
    ['a loopback literal', 'http://127.0.0.1:3000/x', 'points to a loopback address 127.0.0.1'],
    ['an IPv6 loopback literal', 'http://[::1]/', 'points to a loopback address ::1'],
    ['a private IPv6 literal', 'http://[fd12::1]/', 'points to a private network address fd12::1'],
    ['a CGNAT (VPN overlay) literal', 'http://100.101.102.103/', 'points to a carrier-grade NAT address 100.101.102.103'],
    ['localhost', 'http://localhost:8080/', 'names the local machine (localhost)'],
  ])('ends the detail of %s, once, and leaves reason and log message without it', async (_name, url, reason) => {
    const error = await refusal(url);
    expect(error.reason).toBe(reason);
    expect(error.privateHost).toBe(true);
    expect(error.detail).toBe(`The URL ${url} ${reason} and is blocked. ${ALLOW_PRIVATE_HOSTS_HINT}`);
    expect(occurrences(error.detail, 'PRESSROOM_ALLOW_PRIVATE_HOSTS')).toBe(1);
    expect(error.message).not.toContain('PRESSROOM_ALLOW_PRIVATE_HOSTS');
  });

  it.each([
    ['a cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to the metadata address', 'http://metadata-alias.example/'],
    ['a cloud metadata name', 'http://metadata.google.internal/'],
    // Admitting link-local would admit the metadata service with it.
    ['a link-local address', 'http://169.254.10.10/'],
    ['a multicast address', 'http://224.0.0.1/'],
    ['another scheme', 'file:///etc/passwd'],
  ])('is left out for %s, which no self-hoster should admit', async (_name, url) => {
    const error = await refusal(url);
    expect(error.privateHost).toBe(false);
    expect(error.detail).toBe(`The URL ${url} ${error.reason} and is blocked.`);
  });

  it('is kept when a verdict is reported for another URL of the same host', async () => {
    const moved = (await refusal('http://127.0.0.1/first')).forUrl('http://127.0.0.1/second.png');
    expect(moved.url).toBe('http://127.0.0.1/second.png');
    expect(moved.detail).toBe(
      `The URL http://127.0.0.1/second.png points to a loopback address 127.0.0.1 and is blocked. ${ALLOW_PRIVATE_HOSTS_HINT}`,
    );
  });

  it('is not needed once the host is allow-listed', async () => {
    const allowing = createSsrfGuard({ allowPrivateHosts: ['192.168.1.0/24'] }, { lookup });
    await expect(allowing.check('http://lan.example/hooks')).resolves.toBeUndefined();
  });
});
