import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSsrfGuard } from '@pressroom/ssrf';
import { fetchSource } from './fetch-source.js';

/** Data sources answer JSON that never passed the API's door: the same input rule applies to it. */
describe('fetchSource and the input rule', () => {
  const bodies: Record<string, string> = {
    '/ok': '{"title":"fine 😀","items":[{"n":1}]}',
    '/nul': '{"title":"a\\u0000b"}',
    '/surrogate': '{"items":["\\ud800"]}',
    '/deep': `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    '/html': '<!DOCTYPE html>\n<html><body>Not found</body></html>',
    '/broken': '{"title": "fine",}',
    '/empty': '  ',
  };
  let server: Server;
  let base: string;
  const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });
  const limits = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

  beforeAll(async () => {
    server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bodies[req.url ?? '']));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const fetchPath = (path: string) => fetchSource(guard, { url: `${base}${path}`, method: 'GET' }, null, limits);

  test('storable JSON is data', async () => {
    await expect(fetchPath('/ok')).resolves.toMatchObject({ kind: 'data', data: { title: 'fine 😀' } });
  });

  test.each([
    ['/nul', /\$\.title: The text contains a NUL/],
    ['/surrogate', /\$\.items\.0: The text contains a lone UTF-16 surrogate/],
    ['/deep', /nests deeper than 64 levels/],
  ])('%s is INVALID_JSON naming where', async (path, message) => {
    await expect(fetchPath(path)).rejects.toMatchObject({ code: 'INVALID_JSON', message: expect.stringMatching(message) as unknown });
  });

  // Said in words, not in the parser's ("Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON").
  test.each([
    ['/html', 'The data source answered, but not with JSON (it began with “<!DOCTYPE”).'],
    ['/broken', 'The data source answered, but its JSON is not valid (it breaks at character 18).'],
    ['/empty', 'The data source answered, but with an empty body, not JSON.'],
  ])('%s is INVALID_JSON, said in plain words', async (path, message) => {
    await expect(fetchPath(path)).rejects.toMatchObject({ code: 'INVALID_JSON', message });
  });
});
