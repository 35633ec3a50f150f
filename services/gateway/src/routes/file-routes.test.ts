import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsHandler } from '@pressroom/telemetry';
import { startTestGateway, type TestGateway } from '../test-support/gateway-harness.js';

describe('GET/HEAD /files/<key>', () => {
  let gateway: TestGateway;
  const bytes = randomBytes(100_000);
  const key = 'renders/vid_0123456789abcdefghij.mp4';

  beforeAll(async () => {
    gateway = await startTestGateway('pglite');
    await gateway.storage.put(key, bytes, 'video/mp4');
  });
  afterAll(async () => {
    await gateway.close();
  });

  const url = () => `${gateway.baseUrl}/files/${key}`;

  it('serves the whole file with its type, length, ETag and Accept-Ranges', async () => {
    const res = await fetch(url());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+-[0-9a-f]+"$/); // size, time and inode of the file on disk
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(url(), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a Range with 206 and exactly those bytes (the probe Safari sends first, then a seek)', async () => {
    const probe = await fetch(url(), { headers: { Range: 'bytes=0-1' } });
    expect(probe.status).toBe(206);
    expect(probe.headers.get('content-range')).toBe(`bytes 0-1/${bytes.length}`);
    expect(Buffer.from(await probe.arrayBuffer()).equals(bytes.subarray(0, 2))).toBe(true);

    const seek = await fetch(url(), { headers: { Range: 'bytes=50000-' } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-length')).toBe(String(bytes.length - 50_000));
    expect(Buffer.from(await seek.arrayBuffer()).equals(bytes.subarray(50_000))).toBe(true);

    const tail = await fetch(url(), { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10))).toBe(true);
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await fetch(url(), { headers: { Range: `bytes=${bytes.length}-` } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    const problem = (await res.json()) as { detail: string };
    expect(problem.detail).toMatch(/starts past the end of this 100000-byte file/);
  });

  it('revalidates: 304 for the current ETag, and If-Range with an old ETag gets the whole file', async () => {
    const etag = (await fetch(url(), { method: 'HEAD' })).headers.get('etag')!;
    const fresh = await fetch(url(), { headers: { 'If-None-Match': etag } });
    expect(fresh.status).toBe(304);
    const stale = await fetch(url(), { headers: { 'If-None-Match': '"something-else"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const resumed = await fetch(url(), { headers: { Range: 'bytes=10-', 'If-Range': '"old-version"' } });
    expect(resumed.status).toBe(200);
    expect((await resumed.arrayBuffer()).byteLength).toBe(bytes.length);
  });

  it('is 404 for a missing file and for keys outside renders/', async () => {
    expect((await fetch(`${gateway.baseUrl}/files/renders/vid_missing.mp4`)).status).toBe(404);
    expect((await fetch(`${gateway.baseUrl}/files/inputs/x.html`)).status).toBe(404);
    expect((await fetch(`${gateway.baseUrl}/files/renders/vid_missing.mp4`, { method: 'HEAD' })).status).toBe(404);
  });

  it('counts every file request under one readable route label, /files/*, in http_server_request_duration_seconds', async () => {
    await (await fetch(url())).arrayBuffer();
    await (await fetch(`${gateway.baseUrl}/files/renders/vid_missing.mp4`)).arrayBuffer();
    const series = (await readMetrics()).split('\n').filter((line) => line.startsWith('http_server_request_duration_seconds_count'));
    const fileSeries = series.filter((line) => line.includes('route="/files/*"'));
    expect(fileSeries.some((line) => line.includes('status="200"'))).toBe(true);
    expect(fileSeries.some((line) => line.includes('status="404"'))).toBe(true);
    // The pattern's own text, or `{}` as a RegExp printed as a label, never appears.
    expect(series.filter((line) => line.includes('route="{}"') || line.includes('files\\/'))).toEqual([]);
  });
});

/** The process's Prometheus text, as the ops port's GET /metrics serves it. */
async function readMetrics(): Promise<string> {
  const server = createServer(metricsHandler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    return await res.text();
  } finally {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
  }
}
