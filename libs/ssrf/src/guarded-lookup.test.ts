import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BlockedUrlError, createSsrfGuard, guardedLookup } from './index.js';

describe('guardedLookup', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // Names resolve through the injected lookup, as DNS would answer them.
  const dns: Record<string, string> = { 'bucket.allowed.test': '127.0.0.1', 'rebound.evil.test': '10.0.0.7' };
  const guard = createSsrfGuard(
    { allowPrivateHosts: ['127.0.0.1/32'] },
    { lookup: (host) => Promise.resolve(dns[host] ? [{ address: dns[host], family: 4 }] : []) },
  );

  function fetchVia(host: string, protocol?: 'http:' | 'https:'): Promise<string> {
    return new Promise((resolve, reject) => {
      get({ host, port, path: '/', lookup: guardedLookup(guard, protocol ? { protocol } : {}) }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
  }

  it('connects to the addresses the guard approved', async () => {
    await expect(fetchVia('bucket.allowed.test')).resolves.toBe('reached');
  });

  it("refuses a name that resolves to a private address, with the guard's public sentence", async () => {
    const err = await fetchVia('rebound.evil.test').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlockedUrlError);
    expect((err as BlockedUrlError).detail).toMatch(/private/);
  });

  it('refuses a name that does not resolve, naming the URL with the scheme the connection uses (https unless told)', async () => {
    await expect(fetchVia('nowhere.test')).rejects.toThrow(/https:\/\/nowhere\.test\//);
    await expect(fetchVia('nowhere.test', 'http:')).rejects.toThrow(/http:\/\/nowhere\.test\//);
  });
});
