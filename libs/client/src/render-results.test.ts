import sharp from 'sharp';
import { startPageServer, startTestStack, type TestStack } from '../../../deploy/embedded/test/harness.js';
import { Pressroom, PressroomRenderError, type TemplateRenderResult } from './index.js';
import { startProxy, type TestProxy } from './test-support/proxy.js';

const page = (colour: string, extra = '') => `<html><body style="margin:0;background:${colour}">${extra}</body></html>`;

async function firstPixel(pressroom: Pressroom, url: string): Promise<{ rgb: number[]; width: number; height: number }> {
  const { data, info } = await sharp((await pressroom.download(url)).bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: [...data.subarray(0, 3)], width: info.width, height: info.height };
}

const sortedKeys = (value: object) => Object.keys(value).sort();

describe('@pressroom/client render helpers: one typed result per helper, every layout', () => {
  let stack: TestStack;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let proxy: TestProxy;
  let pressroom: Pressroom;
  let uid: string;

  beforeAll(async () => {
    // Renders slower than this answer 202, so the same helper is seen finishing both ways.
    stack = await startTestStack('memory+pglite', { gateway: { renderWaitMs: 1_000, authCacheMs: 0 } });
    const { key } = await stack.newAccount();
    pages = await startPageServer({
      '/slow': (_req, res) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('#ff0000')), 2_500);
      },
      '/hang': (_req, res) => {
        // Answers after the render timeout (4 s): a layout that loads it fails.
        setTimeout(() => res.writeHead(204).end(), 6_000).unref();
      },
    });
    // Every request through a proxy: its log tells a render answered at once from one that was polled.
    proxy = await startProxy(stack.baseUrl, () => 'forward');
    pressroom = new Pressroom({ baseUrl: proxy.url, apiKey: key, pollIntervalMs: 200 });
    const { template } = await pressroom.api.createTemplate({
      body: {
        name: 'layouts',
        html: page('#ff0000'),
        width: 40,
        height: 30,
        layouts: {
          square: { name: 'Square', width: 30, height: 30, html: page('#0000ff') },
          slow: {
            width: 20,
            height: 20,
            html: page('#0000ff', `<img style="position:absolute;left:-99px" src="${pages.url('/slow')}?v={{v}}">`),
          },
          hang: { width: 20, height: 20, html: page('#0000ff', `<img src="${pages.url('/hang')}">`) },
        },
      },
    });
    uid = template.uid;
  });
  afterAll(async () => {
    await proxy?.close();
    await pages?.close();
    await stack?.dispose();
  });

  /** The GETs `run` made: a render that was polled shows its GET /image/{id}. */
  async function polls<T>(run: () => Promise<T>): Promise<{ result: T; gets: string[] }> {
    const from = proxy.seen.length;
    const result = await run();
    return { result, gets: proxy.seen.slice(from).flatMap((r) => (r.method === 'GET' && !r.path.startsWith('/files/') ? [r.path] : [])) };
  }

  it('returns every layout of a render that finished at once (200), and lists a layout the template lacks', async () => {
    const { result, gets } = await polls(() => pressroom.renderTemplate(uid, { layouts: ['default', 'square', 'missing'] }));
    expect(gets).toEqual([]);
    expect(result.renders.map((r) => [r.layout, r.name, r.status, r.format, r.width, r.height])).toEqual([
      ['default', 'default', 'done', 'png', 40, 30],
      ['square', 'Square', 'done', 'png', 30, 30],
    ]);
    expect(result.errors).toEqual([{ layout: 'missing', code: 'layout_not_found', error: expect.stringContaining('missing') }]);
    expect(result).toMatchObject({ templateUid: uid, layout: 'default', id: result.renders[0]!.id, url: result.renders[0]!.url });
    expect(await firstPixel(pressroom, result.renders[0]!.url)).toEqual({ rgb: [255, 0, 0], width: 40, height: 30 });
    expect(await firstPixel(pressroom, result.renders[1]!.url)).toEqual({ rgb: [0, 0, 255], width: 30, height: 30 });
  });

  it('polls each queued layout of a 202 (which has renders[] and no Location) until every one is done', async () => {
    const raw = await pressroom.call('renderTemplate', { path: { uid }, body: { layouts: ['square', 'slow'], variables: { v: 1 } } });
    expect(raw.status).toBe(202);
    expect(raw.headers.get('location')).toBeNull();
    const { result, gets } = await polls(() => pressroom.renderTemplate(uid, { layouts: ['square', 'slow'], variables: { v: 2 } }));
    const slow = result.renders.find((r) => r.layout === 'slow')!;
    expect(gets).toContain(`/image/${slow.id}`);
    expect(result.renders.map((r) => [r.layout, r.status, r.url.endsWith('.png')])).toEqual([
      ['square', 'done', true],
      ['slow', 'done', true],
    ]);
    expect(result.errors).toEqual([]);
    expect(await firstPixel(pressroom, slow.url)).toEqual({ rgb: [0, 0, 255], width: 20, height: 20 });
  });

  it('lists a layout whose render failed among others that rendered; throws when the only one fails', async () => {
    const result = await pressroom.renderTemplate(uid, { layouts: ['square', 'hang'] });
    expect(result.renders.map((r) => r.layout)).toEqual(['square']);
    expect(result.errors).toEqual([{ layout: 'hang', code: expect.stringMatching(/^[a-z-]+$/), error: expect.any(String) }]);
    const [several, one] = await Promise.all([
      pressroom.renderTemplate(uid, { layouts: ['hang'] }).catch((error: unknown) => error),
      pressroom.renderTemplate(uid, { layout: 'hang' }).catch((error: unknown) => error),
    ]);
    for (const error of [several, one]) {
      expect(error).toBeInstanceOf(PressroomRenderError);
      expect(error).toMatchObject({ slug: result.errors[0]!.code, detail: result.errors[0]!.error });
    }
  });

  it('gives a one-layout template render the same shape whether it finished at once or was polled', async () => {
    const fast = await polls(() => pressroom.renderTemplate(uid));
    const slow = await polls(() => pressroom.renderTemplate(uid, { layout: 'slow', variables: { v: 3 } }));
    expect(fast.gets).toEqual([]);
    expect(slow.gets.length).toBeGreaterThan(0);
    const expected: (keyof TemplateRenderResult)[] = [
      'createdAt',
      'errors',
      'format',
      'height',
      'id',
      'layout',
      'name',
      'renders',
      'status',
    ];
    expect(sortedKeys(fast.result)).toEqual([...expected, 'templateUid', 'url', 'width'].sort());
    expect(sortedKeys(slow.result)).toEqual(sortedKeys(fast.result));
    expect(slow.result).toMatchObject({
      layout: 'slow',
      status: 'done',
      width: 20,
      height: 20,
      format: 'png',
      renders: [{ layout: 'slow' }],
    });
  });

  it('gives renderImage one shape either way, and a template body the template result', async () => {
    const fast = await polls(() => pressroom.renderImage({ html: page('#ff0000'), width: 20, height: 20 }));
    const slow = await polls(() => pressroom.renderImage({ url: pages.url('/slow?image'), width: 20, height: 20 }));
    expect([fast.gets.length, slow.gets.length > 0]).toEqual([0, true]);
    expect(sortedKeys(fast.result)).toEqual(['createdAt', 'id', 'status', 'url']);
    expect(sortedKeys(slow.result)).toEqual(sortedKeys(fast.result));
    expect(slow.result.status).toBe('done');
    const templated = await pressroom.renderImage({ template: uid, layouts: ['square'] });
    expect(templated.renders.map((r) => [r.layout, r.width])).toEqual([['square', 30]]);
  });

  it('gives renderGif one shape either way, with both id and uid', async () => {
    const fast = await polls(() => pressroom.renderGif({ html: page('#ff0000'), width: 20, height: 20, quality: 'low' }));
    const slow = await polls(() => pressroom.renderGif({ url: pages.url('/slow?gif'), width: 20, height: 20, quality: 'low' }));
    expect([fast.gets.length, slow.gets.length > 0]).toEqual([0, true]);
    expect(sortedKeys(slow.result)).toEqual(
      ['animationLength', 'createdAt', 'fps', 'frames', 'height', 'id', 'quality', 'status', 'uid', 'url', 'width'].sort(),
    );
    expect(sortedKeys(fast.result)).toEqual(sortedKeys(slow.result));
    for (const { result } of [fast, slow]) {
      expect(result.id).toBe(result.uid);
      expect(result).toMatchObject({ status: 'done', width: 20, height: 20, quality: 'low' });
      expect(result.frames).toBeGreaterThan(0);
      expect((await pressroom.download(result.url)).contentType).toBe('image/gif');
    }
  });

  it('gives renderPdf one shape either way', async () => {
    const fast = await polls(() => pressroom.renderPdf({ html: '<h1>Invoice</h1>', options: { preset: 'A4' } }));
    const slow = await polls(() => pressroom.renderPdf({ url: pages.url('/slow?pdf'), options: { preset: 'A4' } }));
    expect([fast.gets.length, slow.gets.length > 0]).toEqual([0, true]);
    expect(sortedKeys(fast.result)).toEqual(['createdAt', 'id', 'pageCount', 'pageSize', 'preset', 'status', 'success', 'url']);
    expect(sortedKeys(slow.result)).toEqual(sortedKeys(fast.result));
    for (const { result } of [fast, slow]) {
      expect(result).toMatchObject({ success: true, status: 'done', pageCount: 1, preset: 'A4' });
      expect(result.pageSize.width).toBeGreaterThan(500);
      expect(Buffer.from((await pressroom.download(result.url)).bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
  });
});
