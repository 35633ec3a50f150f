import { FLAVOURS, QUADRANTS, decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const YELLOW: [number, number, number] = [255, 204, 0];

describe.each(FLAVOURS)('POST /image and the image list (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('renders HTML at the default 1200×630 as PNG and serves it', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; id: string; createdAt: string };
    expect(body.id).toMatch(/^img_/);
    expect(new Date(body.createdAt).toString()).not.toBe('Invalid Date');
    const image = await decode(body.url);
    expect(image.contentType).toBe('image/png');
    expect([image.width, image.height, image.format]).toEqual([1200, 630, 'png']);
    expect(near(image.pixel(10, 10), RED)).toBe(true);
    expect(near(image.pixel(1190, 10), GREEN)).toBe(true);
    expect(near(image.pixel(10, 620), BLUE)).toBe(true);
    expect(near(image.pixel(1000, 580), YELLOW)).toBe(true);
  });

  it.each([
    ['jpg', 'image/jpeg', 'jpeg'],
    ['jpeg', 'image/jpeg', 'jpeg'],
    ['webp', 'image/webp', 'webp'],
  ])('renders fileExtension %s with the right Content-Type and size', async (ext, contentType, format) => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 400, height: 300, fileExtension: ext } });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect(image.contentType).toBe(contentType);
    expect([image.width, image.height, image.format]).toEqual([400, 300, format]);
    expect(near(image.pixel(20, 20), RED, 30)).toBe(true);
  });

  it('captures one element with selector', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 800, height: 600, selector: '#card' } });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect([image.width, image.height]).toEqual([200, 100]);
    expect(near(image.pixel(100, 50), YELLOW)).toBe(true);
  });

  it('answers a selector that matches nothing with a clear 4xx', async () => {
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, selector: '#missing' } });
    expect(res.status).toBe(422);
    const body = await problemOf(res);
    expect(body.type).toMatch(/\/errors\/selector-not-found$/);
    expect(body.detail).toContain('#missing');
  });

  it('screenshots a URL', async () => {
    const pages = await startPageServer({ '/': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(QUADRANTS) });
    try {
      const res = await stack.api('/image', { method: 'POST', key, json: { url: pages.url('/'), width: 640, height: 360 } });
      expect(res.status).toBe(200);
      const image = await decode(((await res.json()) as { url: string }).url);
      expect([image.width, image.height]).toEqual([640, 360]);
      expect(near(image.pixel(5, 5), RED)).toBe(true);
      expect(near(image.pixel(5, 355), BLUE)).toBe(true);
    } finally {
      await pages.close();
    }
  });

  it('renders HTML larger than the inline bus limit', async () => {
    const filler = `<!-- ${'x'.repeat(600 * 1024)} -->`;
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS + filler, width: 300, height: 200 } });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect(near(image.pixel(5, 5), RED)).toBe(true);
  });

  it.each([
    ['both html and url', { html: '<p>x</p>', url: 'https://example.com' }, 'url'],
    ['neither', { width: 100 }, 'html'],
    ['width 0', { html: '<p>x</p>', width: 0 }, 'width'],
    ['width 4001', { html: '<p>x</p>', width: 4001 }, 'width'],
    ['a non-integer height', { html: '<p>x</p>', height: 10.5 }, 'height'],
    ['an unknown fileExtension', { html: '<p>x</p>', fileExtension: 'bmp' }, 'fileExtension'],
    ['a string width', { html: '<p>x</p>', width: '100' }, 'width'],
  ])('rejects %s with a 400 naming the field', async (_name, json, field) => {
    const res = await stack.api('/image', { method: 'POST', key, json });
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect((body.errors as Array<{ field: string }>).map((e) => e.field)).toContain(field);
  });

  it('lists and shows only the caller’s own renders', async () => {
    const mine = (await (await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 50, height: 50 } })).json()) as {
      id: string;
    };
    const other = await stack.newAccount();
    const theirs = (await (
      await stack.api('/image', { method: 'POST', key: other.key, json: { html: QUADRANTS, width: 60, height: 60 } })
    ).json()) as { id: string };

    const list = (await (await stack.api('/image?limit=100', { key })).json()) as {
      images: Array<{ id: string; status: string }>;
      pagination: Record<string, unknown>;
    };
    const ids = list.images.map((i) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(list.pagination).toMatchObject({ page: 1, limit: 100, total: ids.length, totalPages: 1, hasNext: false, hasPrev: false });

    const paged = (await (await stack.api('/image?limit=1&page=2', { key })).json()) as {
      images: unknown[];
      pagination: Record<string, unknown>;
    };
    expect(paged.images).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, limit: 1, hasPrev: true });

    const one = await stack.api(`/image/${mine.id}`, { key });
    expect(one.status).toBe(200);
    expect(((await one.json()) as { image: { id: string; status: string; width: number } }).image).toMatchObject({
      id: mine.id,
      status: 'done',
      width: 50,
    });

    const foreign = await stack.api(`/image/${theirs.id}`, { key });
    expect(foreign.status).toBe(404);
    await problemOf(foreign);
  });
});
