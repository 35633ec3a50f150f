import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace, freePort, stopProcesses, waitHealthy } from '@pressroom/testing';
import { accountWithKey, spawnService } from './service-processes.js';

/** `make run-cluster`'s shape for the GIF and PDF renderers: each its own process on NATS, PostgreSQL and the object store. */
describe('gif, pdf and video services as their own processes', () => {
  const children: ChildProcess[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let gatewayUrl: string;
  let gifPort: number;
  let pdfPort: number;
  let videoPort: number;
  let videoWorkDir: string;
  let key: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ key } = await accountWithKey(database.url, { name: 'cluster-gif-pdf', plan: 'enterprise' }));

    const gatewayPort = await freePort();
    gifPort = await freePort();
    pdfPort = await freePort();
    videoPort = await freePort();
    videoWorkDir = await mkdtemp(join(tmpdir(), 'cluster-video-'));
    const env = {
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('cluster-gp'),
      PRESSROOM_BROWSER_PAGES: '1',
      PRESSROOM_GIF_PAGES: '1',
      PRESSROOM_SECRET_KEY: 'cluster-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
      PRESSROOM_VIDEO_WORK_DIR: videoWorkDir,
    };
    const run = (file: string, port: number) => spawnService(file, { port, env, children });
    const gif = run('services/gif/src/main.ts', gifPort);
    const pdf = run('services/pdf/src/main.ts', pdfPort);
    const video = run('services/video/src/main.ts', videoPort);
    const gateway = run('services/gateway/src/main.ts', gatewayPort);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitHealthy(`${gatewayUrl}/health`, { service: gateway });
    await waitHealthy(`http://127.0.0.1:${gifPort}/health`, { service: gif });
    await waitHealthy(`http://127.0.0.1:${pdfPort}/health`, { service: pdf });
    await waitHealthy(`http://127.0.0.1:${videoPort}/health`, { service: video });
  }, 150_000); // Starting services as processes takes long on a loaded 2-core CI machine; waitHealthy gives each 90 s.

  afterAll(async () => {
    await stopProcesses(children);
    await database.drop();
    await rm(videoWorkDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) =>
    fetch(`${gatewayUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const local = (url: string) => url.replace(/^http:\/\/localhost:\d+/, gatewayUrl);

  it('renders a GIF and a PDF through the bus between processes', async () => {
    const html =
      '<style>body{margin:0}div{width:20px;height:20px;background:#f00;animation:m 1s linear forwards}@keyframes m{to{margin-left:60px}}</style><div></div>';
    const gifRes = await post('/gif', { html, width: 80, height: 40, quality: 'low' });
    expect(gifRes.status).toBe(200);
    const { gif } = (await gifRes.json()) as { gif: { url: string; animationLength: number } };
    expect(gif.animationLength).toBe(1);
    const gifBytes = Buffer.from(await (await fetch(local(gif.url))).arrayBuffer());
    expect((await sharp(gifBytes, { pages: -1 }).metadata()).pages).toBe(10);

    const pdfRes = await post('/pdf/render', { html: '<h1>Cluster invoice</h1>', options: { preset: 'Letter' } });
    expect(pdfRes.status).toBe(200);
    const body = (await pdfRes.json()) as { url: string; pageCount: number };
    expect(body.pageCount).toBe(1);
    const dir = await mkdtemp(join(tmpdir(), 'cluster-pdf-'));
    try {
      await writeFile(join(dir, 'a.pdf'), Buffer.from(await (await fetch(local(body.url))).arrayBuffer()));
      expect(execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' })).toContain('Cluster invoice');
      expect(execFileSync('pdfinfo', [join(dir, 'a.pdf')], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('renders a code video template in the video process', async () => {
    const tsx = `import { AbsoluteFill } from 'remotion';
export const meta = { width: 64, height: 36, fps: 10, durationInFrames: 5, defaultProps: { color: '#00ff00' } };
export default function Scene({ color }: { color: string }) { return <AbsoluteFill style={{ backgroundColor: color }} />; }
`;
    const created = await post('/video/templates', { tsx });
    expect(created.status).toBe(201);
    const { template } = (await created.json()) as { template: { uid: string } };
    const rendered = await post(`/video/templates/${template.uid}/render`, { variables: { color: '#0000ff' }, format: 'gif' });
    expect(rendered.status).toBe(200);
    const body = (await rendered.json()) as { url: string; format: string; durationInFrames: number };
    expect(body).toMatchObject({ format: 'gif', durationInFrames: 5 });
    const gif = Buffer.from(await (await fetch(local(body.url))).arrayBuffer());
    const meta = await sharp(gif, { pages: -1 }).metadata();
    expect([meta.pages, meta.width]).toEqual([3, 64]);
    const { data } = await sharp(gif).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[2]!).toBeGreaterThan(200);
    const health = (await (await fetch(`http://127.0.0.1:${videoPort}/health`)).json()) as { components: Record<string, any> };
    expect(health.components.video).toMatchObject({ ok: true });
  }, 90_000);

  it('reports each renderer’s browser and metrics', async () => {
    const gifHealth = (await (await fetch(`http://127.0.0.1:${gifPort}/health`)).json()) as {
      status: string;
      components: Record<string, any>;
    };
    expect(gifHealth.status).toBe('ok');
    expect(gifHealth.components.gifBrowser).toMatchObject({ ok: true, status: 'ok' });
    const pdfHealth = (await (await fetch(`http://127.0.0.1:${pdfPort}/health`)).json()) as { components: Record<string, any> };
    expect(pdfHealth.components.browser).toMatchObject({ ok: true });
    expect(await (await fetch(`http://127.0.0.1:${gifPort}/metrics`)).text()).toContain('render_duration_seconds_bucket{kind="gif"');
  });
});
