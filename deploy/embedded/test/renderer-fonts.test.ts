import { request } from 'node:http';
import { RENDERER_FONTS } from '@pressroom/contracts/constants';
import { startTestStack, type TestStack } from './harness.js';

/** Raw GET: the path is sent as written (fetch would resolve `..` before sending it). */
function rawGet(url: string, path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body: Buffer.concat(chunks).toString() }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the renderer’s fonts for the canvas editor (/app/fonts/<file>)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
  });
  afterAll(() => stack.dispose());

  it('serves each listed face: a TrueType file, font/ttf, cached, public (no session)', async () => {
    for (const family of RENDERER_FONTS) {
      for (const face of family.faces) {
        const res = await fetch(`${stack.baseUrl}/app/fonts/${face.file}`);
        expect([face.file, res.status]).toEqual([face.file, 200]);
        expect(res.headers.get('content-type')).toBe('font/ttf');
        expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
        const bytes = Buffer.from(await res.arrayBuffer());
        // TrueType outlines (0x00010000) or OpenType CFF ('OTTO').
        expect([face.file, ['00010000', '4f54544f'].includes(bytes.subarray(0, 4).toString('hex'))]).toEqual([face.file, true]);
        expect(bytes.length).toBeGreaterThan(10_000);
      }
    }
  });

  it('refuses names it does not list and path tricks with a 404 problem', async () => {
    for (const path of [
      '/app/fonts/Georgia.ttf',
      '/app/fonts/',
      '/app/fonts/noto/NotoSans-Regular.ttf',
      '/app/fonts/../../../../etc/passwd',
      '/app/fonts/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/app/fonts/%2Fusr%2Fshare%2Ffonts%2Ftruetype%2Fnoto%2FNotoSans-Regular.ttf',
    ]) {
      const res = await rawGet(stack.baseUrl, path);
      expect([path, res.status, res.type]).toEqual([path, 404, 'application/problem+json; charset=utf-8']);
      expect(res.body).not.toContain('root:');
    }
    const res = await fetch(`${stack.baseUrl}/app/fonts/Georgia.ttf`);
    expect(((await res.json()) as { detail: string }).detail).toBe('No renderer font "Georgia.ttf" is served here.');
  });
});
