import type { AddressInfo } from 'node:net';
import { request, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import { compress } from './compress.js';

/** node:http, not fetch: fetch decodes bodies itself and hides Content-Encoding handling. */
function get(base: string, path: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compress', () => {
  let server: Server;
  let base: string;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) };
  const png = Buffer.alloc(4096, 7);
  beforeAll(async () => {
    const app = express();
    app.use(compress());
    app.get('/json', (_req, res) => void res.json(big));
    app.get('/html', (_req, res) => void res.type('html').send(`<p>${'hello '.repeat(500)}</p>`));
    app.get('/png', (_req, res) => void res.type('png').send(png));
    app.get('/small', (_req, res) => void res.json({ ok: true }));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('brotli- or gzip-encodes JSON and HTML as the client prefers', async () => {
    const br = await get(base, '/json', 'br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(big);
    const gz = await get(base, '/html', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toMatch(/^<p>hello hello/);
  });

  it('leaves images, small bodies and clients without Accept-Encoding alone', async () => {
    const image = await get(base, '/png', 'gzip, br');
    expect(image.encoding).toBeUndefined();
    expect(image.body.equals(png)).toBe(true);
    expect((await get(base, '/small', 'gzip')).encoding).toBeUndefined();
    expect((await get(base, '/json', 'identity')).encoding).toBeUndefined();
  });
});
