import { BlockedUrlError, createSsrfGuard, UnresolvableHostError, type HostLookup } from './index.js';
import { shortenUrl, withoutUrlCredentials } from './blocked-url-error.js';

const lookup: HostLookup = async (hostname) => {
  if (hostname === 'lan.example') return [{ address: '192.168.1.20', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};
const guard = createSsrfGuard({ allowPrivateHosts: [] }, { lookup });

describe('the URL a refusal shows', () => {
  it('never carries the URL’s user and password', async () => {
    const blocked = await guard.check('http://ada:s3cret@lan.example/feed.json').catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(BlockedUrlError);
    expect((blocked as BlockedUrlError).detail).toMatch(
      /^The URL http:\/\/\*\*\*@lan\.example\/feed\.json resolves to a private network address/,
    );
    expect((blocked as BlockedUrlError).detail).not.toContain('s3cret');

    const unresolved = await guard.check('https://ada:s3cret@nowhere.example/x').catch((e: unknown) => e);
    expect(unresolved).toBeInstanceOf(UnresolvableHostError);
    expect((unresolved as UnresolvableHostError).detail).toBe(
      'The host nowhere.example of https://***@nowhere.example/x could not be resolved.',
    );
    // Nor do the messages operators' logs print.
    expect((blocked as Error).message).toBe(
      'blocked url http://***@lan.example/feed.json: resolves to a private network address 192.168.1.20',
    );
    expect((unresolved as Error).message).not.toContain('s3cret');
  });

  it('leaves a URL without credentials as written, and cuts a long one', () => {
    expect(shortenUrl('https://example.com/a?b=c@d')).toBe('https://example.com/a?b=c@d');
    expect(shortenUrl('https://user@example.com/')).toBe('https://***@example.com/');
    expect(shortenUrl(`https://example.com/${'x'.repeat(300)}`)).toHaveLength(201);
  });

  it('masks every URL’s credentials in free text (a browser’s error message), leaving the rest as written', () => {
    expect(withoutUrlCredentials('net::ERR_CONNECTION_REFUSED at http://ada:s3cret@127.0.0.1:9/x?y=a@b')).toBe(
      'net::ERR_CONNECTION_REFUSED at http://***@127.0.0.1:9/x?y=a@b',
    );
    expect(withoutUrlCredentials('from https://token@a.example/ to ftp://u:p@b.example')).toBe(
      'from https://***@a.example/ to ftp://***@b.example',
    );
    expect(withoutUrlCredentials('mail ada@example.com at https://example.com/')).toBe('mail ada@example.com at https://example.com/');
  });
});
