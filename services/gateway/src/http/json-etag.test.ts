import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { jsonEtag, matchesIfNoneMatch } from './json-etag.js';

describe('jsonEtag', () => {
  let server: Server;
  let base: string;
  let value = { n: 1 };
  beforeAll(async () => {
    const app = express();
    app.set('etag', false); // as in the gateway: this middleware is the only source of ETags
    app.use(jsonEtag);
    app.get('/value', (_req, res) => void res.json(value));
    app.get('/revision', (_req, res) => void res.setHeader('ETag', '"7"').json(value));
    app.get('/missing', (_req, res) => void res.status(404).json({ missing: true }));
    app.post('/value', (_req, res) => void res.json(value));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('tags a JSON GET and answers 304 while it is unchanged, 200 once it changes', async () => {
    const first = await fetch(`${base}/value`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(await first.json()).toEqual({ n: 1 });
    const again = await fetch(`${base}/value`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    value = { n: 2 };
    const changed = await fetch(`${base}/value`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it("keeps a route's own ETag and never answers 304 for it (it names a revision, not the body)", async () => {
    const answer = await fetch(`${base}/revision`, { headers: { 'if-none-match': '"7"' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('etag')).toBe('"7"');
    expect(await answer.json()).toEqual(value);
  });

  it('leaves errors and POSTs untagged', async () => {
    expect((await fetch(`${base}/missing`)).headers.get('etag')).toBeNull();
    expect((await fetch(`${base}/value`, { method: 'POST' })).headers.get('etag')).toBeNull();
  });

  it('compares weakly, in lists, and with *', () => {
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('*', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"x"', 'W/"abc"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, 'W/"abc"')).toBe(false);
  });
});
