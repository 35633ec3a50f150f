import { decode, near, problemOf, QUADRANTS, startPageServer, startTestStack, type TestStack } from './harness.js';

describe('SSRF guard on URL screenshots (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let secret: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    // A server on 127.0.0.1, which the allow-list (127.0.0.2/32 only) does not admit.
    secret = await startPageServer(
      { '/secret.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end() },
      '127.0.0.1',
    );
    const secretPort = new URL(secret.url('/')).port;
    pages = await startPageServer({
      '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(QUADRANTS),
      '/to-private': (_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${secretPort}/` }).end(),
      '/to-metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/with-private-image': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html' }).end(`${QUADRANTS}<img src="http://127.0.0.1:${secretPort}/secret.png">`),
    });
  });
  afterAll(async () => {
    await pages.close();
    await secret.close();
    await stack.dispose();
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['loopback', 'http://127.0.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['10/8', 'http://10.1.2.3/'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['decimal IP', 'http://2130706433/'],
    ['hex IP', 'http://0x7f000001/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/'],
    ['a name resolving to loopback', 'http://localhost/'],
  ])('blocks %s with 400 blocked-url', async (_name, url) => {
    const res = await stack.api('/image', { method: 'POST', key, json: { url } });
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/blocked-url$/);
    expect(body.title).toBe('Blocked URL');
  });

  it('allows the allow-listed host', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { url: pages.url('/'), width: 400, height: 300 } });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect(near(image.pixel(5, 5), [255, 0, 0])).toBe(true);
  });

  it.each([
    ['a private address', '/to-private'],
    ['the metadata address', '/to-metadata'],
  ])('blocks a redirect to %s', async (_name, path) => {
    const res = await stack.api('/image', { method: 'POST', key, json: { url: pages.url(path) } });
    expect(res.status).toBe(400);
    expect((await problemOf(res)).type).toMatch(/\/errors\/blocked-url$/);
  });

  it('never lets a page load a sub-resource from a private address', async () => {
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      json: { url: pages.url('/with-private-image'), width: 100, height: 100 },
    });
    // The page itself renders; the blocked image is simply not loaded.
    expect(res.status).toBe(200);
    expect(secret.hits.get('/secret.png') ?? 0).toBe(0);
  });

  it('blocks sub-resources of raw HTML too', async () => {
    const html = `${QUADRANTS}<img src="${secret.url('/secret.png')}">`;
    const res = await stack.api('/image', { method: 'POST', key, json: { html, width: 100, height: 100 } });
    expect(res.status).toBe(200);
    expect(secret.hits.get('/secret.png') ?? 0).toBe(0);
  });
});
