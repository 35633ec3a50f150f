import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryBus, type Bus } from '@pressroom/bus';
import { CATALOG, type RenderImageCommand } from '@pressroom/contracts';
import { createAccount, getRenderById, openDatabase, type Db } from '@pressroom/db';
import { isProblemError } from '@pressroom/problem';
import { INLINE_HTML_LIMIT } from '@pressroom/render-requests';
import { createDiskStorage, type Storage } from '@pressroom/storage';
import type { AuthContext } from '../http/auth.js';
import { submitImageRender, type ImageRenderInput } from './submit-image-render.js';
import type { RenderGatewayDeps } from './submit-render.js';

/**
 * The submit/wait path against real parts (in-memory PGlite, the in-process
 * bus, disk storage) and a stand-in renderer that answers `render.done.<id>`
 * as the page's text asks: `ok`, `fail`, or nothing (the wait runs out).
 */
describe('submitImageRender', () => {
  let db: Db;
  let bus: Bus;
  let storage: Storage;
  let dir: string;
  let deps: RenderGatewayDeps;
  const received: RenderImageCommand[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-submit-'));
    db = await openDatabase({});
    bus = createMemoryBus();
    storage = await createDiskStorage({ dir });
    await bus.ensure([CATALOG.renderImage]);
    await bus.consume(CATALOG.renderImage, async ({ data }) => {
      received.push(data);
      const page = data.source.kind === 'html' ? data.source.html : 'stored';
      const completedAt = new Date().toISOString();
      if (page.includes('ok') || page === 'stored') {
        await bus.notify(CATALOG.renderDone, data.renderId, {
          renderId: data.renderId,
          status: 'done',
          url: data.output.url,
          storageKey: data.output.storageKey,
          contentType: 'image/png',
          width: data.width,
          height: data.height,
          completedAt,
        });
      } else if (page.includes('fail')) {
        await bus.notify(CATALOG.renderDone, data.renderId, {
          renderId: data.renderId,
          status: 'failed',
          problem: { slug: 'selector-not-found', detail: 'No element matches #missing.', status: 422 },
          completedAt,
        });
      }
    });
    deps = { db, bus, storage, publicBaseUrl: 'http://gateway.test', renderWaitMs: 300 };
  });
  afterAll(async () => {
    await bus.close();
    await db.close();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function auth(plan = 'pro'): Promise<AuthContext> {
    const account = await createAccount(db, { name: `submit-${plan}-${received.length}-${Date.now()}`, plan });
    return { account, keyId: 'key_test', ownerId: account.ownerId };
  }

  const input = (who: AuthContext, html: string): ImageRenderInput => ({
    auth: who,
    origin: 'html',
    templateId: null,
    source: { kind: 'html', html, jsEnabled: false },
    width: 100,
    height: 50,
    selector: null,
    format: 'jpeg',
    quality: 0.8,
  });

  it('persists the render, publishes its command and answers with the file once the renderer is done', async () => {
    const outcome = await submitImageRender(deps, input(await auth(), '<p>ok</p>'));
    if (outcome.state !== 'done') throw new Error('expected done');
    expect(outcome.result.id).toMatch(/^img_/);
    expect(outcome.result.url).toBe(`http://gateway.test/files/renders/${outcome.result.id}.jpg`);
    const command = received.find((c) => c.renderId === outcome.result.id)!;
    expect(command).toMatchObject({ origin: 'html', format: 'jpeg', source: { kind: 'html', html: '<p>ok</p>' } });
    expect(await getRenderById(db, outcome.result.id)).toMatchObject({ kind: 'image', format: 'jpeg', width: 100, height: 50 });
  });

  it('throws the renderer’s problem when the render fails', async () => {
    const failure = await submitImageRender(deps, input(await auth(), '<p>fail</p>')).catch((error: unknown) => error);
    expect(isProblemError(failure) && [failure.slug, failure.status, failure.detail]).toEqual([
      'selector-not-found',
      422,
      'No element matches #missing.',
    ]);
  });

  it('answers pending with the id when the wait runs out', async () => {
    const outcome = await submitImageRender(deps, input(await auth(), '<p>silent</p>'));
    expect(outcome).toEqual({ state: 'pending', id: expect.stringMatching(/^img_/), createdAt: expect.any(String) });
  });

  it('moves large HTML to storage before publishing', async () => {
    const html = `<p>${'x'.repeat(INLINE_HTML_LIMIT)}</p>`;
    const outcome = await submitImageRender(deps, input(await auth(), html));
    if (outcome.state !== 'done') throw new Error('expected done');
    const command = received.find((c) => c.renderId === outcome.result.id)!;
    expect(command.source).toEqual({ kind: 'stored-html', storageKey: `inputs/${outcome.result.id}.html`, jsEnabled: false });
    expect((await storage.get(`inputs/${outcome.result.id}.html`))!.bytes.toString()).toBe(html);
  });

  it('refuses a render beyond the monthly credits with 429 quota-exceeded, publishing nothing', async () => {
    const before = received.length;
    const refused = await submitImageRender(deps, { ...input(await auth('free'), '<p>ok</p>'), cost: 1_000 }).catch((e: unknown) => e);
    expect(isProblemError(refused) && [refused.slug, refused.status]).toEqual(['quota-exceeded', 429]);
    expect(received.length).toBe(before);
  });
});
