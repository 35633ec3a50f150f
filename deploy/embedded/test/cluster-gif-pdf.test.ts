import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createAccount, createApiKey, openDatabase } from '@pressroom/db';
import { TEST_NATS_URL, createTestDatabase, uniqueNamespace } from '@pressroom/testing';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitHealthy(url: string, child: ChildProcess): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return (await res.json()) as Record<string, any>;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} never became healthy`);
}

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
    const db = await openDatabase({ url: database.url });
    const account = await createAccount(db, { name: 'cluster-gif-pdf', plan: 'enterprise' });
    ({ key } = await createApiKey(db, { accountId: account.id }));
    await db.close();

    const gatewayPort = await freePort();
    gifPort = await freePort();
    pdfPort = await freePort();
    videoPort = await freePort();
    videoWorkDir = await mkdtemp(join(tmpdir(), 'cluster-video-'));
    const env = {
      ...process.env,
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
    const run = (file: string, port: number) => {
      const child = spawn('node', ['--conditions=source', '--import', 'tsx', file], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), PRESSROOM_OPS_PORT: '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    const gif = run('services/gif/src/main.ts', gifPort);
    const pdf = run('services/pdf/src/main.ts', pdfPort);
    const video = run('services/video/src/main.ts', videoPort);
    const gateway = run('services/gateway/src/main.ts', gatewayPort);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    await waitHealthy(`${gatewayUrl}/health`, gateway);
    await waitHealthy(`http://127.0.0.1:${gifPort}/health`, gif);
    await waitHealthy(`http://127.0.0.1:${pdfPort}/health`, pdf);
    await waitHealthy(`http://127.0.0.1:${videoPort}/health`, video);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
          }),
      ),
    );
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
