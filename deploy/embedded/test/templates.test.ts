import { FLAVOURS, decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

const colourCard = `<!doctype html><html><body style="margin:0;background:{{background}}"><p>{{title}} {single}</p></body></html>`;

describe.each(FLAVOURS)('templates (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  async function create(json: Record<string, unknown>): Promise<Response> {
    return stack.api('/templates', { method: 'POST', key, json });
  }

  it('creates, reads, updates and deletes a template', async () => {
    const created = await create({ name: 'Card', html: colourCard, width: 300, height: 200, tags: ['og'] });
    expect(created.status).toBe(200);
    const { template } = (await created.json()) as { template: Record<string, any> };
    expect(template).toMatchObject({
      name: 'Card',
      width: 300,
      height: 200,
      tags: ['og'],
      outputFormat: 'image',
      thumbnail: null,
      jsEnabled: false,
      strictVariables: false,
    });
    expect(template.uid).toMatch(/^tpl_/);

    const got = (await (await stack.api(`/templates/${template.uid}`, { key })).json()) as { template: Record<string, any> };
    expect(got.template.html).toBe(colourCard);

    const put = await stack.api(`/templates/${template.uid}`, { method: 'PUT', key, json: { name: 'Card 2', width: 320 } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { template: Record<string, any> }).template).toMatchObject({ name: 'Card 2', width: 320, height: 200 });

    const del = await stack.api(`/templates/${template.uid}`, { method: 'DELETE', key });
    expect(del.status).toBe(200);
    const gone = await stack.api(`/templates/${template.uid}`, { key });
    expect(gone.status).toBe(404);
    await problemOf(gone);
  });

  it('requires exactly one of html or fabricJSData', async () => {
    const both = await create({ name: 'x', html: '<p/>', fabricJSData: { objects: [] } });
    expect(both.status).toBe(400);
    expect((await problemOf(both)).errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'fabricJSData' })]));
    const neither = await create({ name: 'x' });
    expect(neither.status).toBe(400);
    const fabric = await create({ name: 'canvas', fabricJSData: { version: '7.0.0', objects: [] } });
    expect(fabric.status).toBe(200);
    const uid = ((await fabric.json()) as { template: { uid: string } }).template.uid;
    const putBoth = await stack.api(`/templates/${uid}`, { method: 'PUT', key, json: { html: '<p/>', fabricJSData: {} } });
    expect(putBoth.status).toBe(400);
  });

  it('refuses HTML that can never render (a syntax error, an unknown function) at the field html, with its line', async () => {
    const broken = await create({ name: 'Broken', html: '<h1>{{ title }}</h1>\n<p>{{ nosuchfn(title) }}</p>' });
    expect(broken.status).toBe(400);
    expect((await problemOf(broken)).errors).toEqual([
      expect.objectContaining({
        field: 'html',
        message: expect.stringMatching(/^Line 2, in \{\{ nosuchfn\(title\) \}\}: Unknown function "nosuchfn"/),
      }),
    ]);
    const good = await create({ name: 'Good', html: '<h1>{{ title }}</h1>' });
    const uid = ((await good.json()) as { template: { uid: string } }).template.uid;
    const put = await stack.api(`/templates/${uid}`, { method: 'PUT', key, json: { html: '<h1>{{ title + }}</h1>' } });
    expect(put.status).toBe(400);
    expect((await problemOf(put)).errors?.[0]?.field).toBe('html');
    // Nothing was saved: the template keeps its HTML.
    const kept = (await (await stack.api(`/templates/${uid}`, { key })).json()) as { template: { html: string } };
    expect(kept.template.html).toBe('<h1>{{ title }}</h1>');
  });

  it('lists with page, limit, sort, outputFormat and the pagination object', async () => {
    const { key: listKey } = await stack.newAccount();
    for (const [name, outputFormat] of [
      ['b', 'image'],
      ['a', 'pdf'],
      ['c', 'image'],
    ] as const) {
      await stack.api('/templates', { method: 'POST', key: listKey, json: { name, html: '<p>x</p>', outputFormat } });
      await new Promise((r) => setTimeout(r, 5));
    }
    const names = async (query: string) =>
      ((await (await stack.api(`/templates${query}`, { key: listKey })).json()) as { templates: Array<{ name: string }> }).templates.map(
        (t) => t.name,
      );
    expect(await names('')).toEqual(['c', 'a', 'b']);
    expect(await names('?sort=oldest')).toEqual(['b', 'a', 'c']);
    expect(await names('?sort=name')).toEqual(['a', 'b', 'c']);
    expect(await names('?outputFormat=pdf')).toEqual(['a']);
    const page = (await (await stack.api('/templates?limit=2&page=2&sort=name', { key: listKey })).json()) as {
      templates: Array<{ name: string }>;
      pagination: unknown;
    };
    expect(page.templates.map((t) => t.name)).toEqual(['c']);
    expect(page.pagination).toEqual(expect.objectContaining({ page: 2, limit: 2, total: 3, totalPages: 2, hasNext: false, hasPrev: true }));
    const defaults = (await (await stack.api('/templates', { key: listKey })).json()) as { pagination: { limit: number } };
    expect(defaults.pagination.limit).toBe(12);
    // `outputFormat=gif` lists none (the hosted service's SDK offers it: compat-clients.test.ts).
    for (const bad of ['?limit=101', '?limit=0', '?sort=size', '?outputFormat=video', '?page=0']) {
      const res = await stack.api(`/templates${bad}`, { key: listKey });
      expect(res.status).toBe(400);
      await problemOf(res);
    }
  });

  it('lists the templates whose name contains `search`, in any case, `%` and `_` as typed, and counts only those', async () => {
    const { key: searchKey } = await stack.newAccount();
    for (const name of ['Sale 50% off', 'Sale 500 off', 'snake_case', 'snakeXcase', 'Summer SALE'])
      await stack.api('/templates', { method: 'POST', key: searchKey, json: { name, html: '<p>x</p>' } });
    const list = async (query: string) => {
      const body = (await (await stack.api(`/templates${query}`, { key: searchKey })).json()) as {
        templates: Array<{ name: string }>;
        pagination: { total: number; totalPages: number; hasNext: boolean };
      };
      return { names: body.templates.map((t) => t.name), total: body.pagination.total, hasNext: body.pagination.hasNext };
    };
    expect(await list('?sort=name&search=sale')).toEqual({
      names: ['Sale 50% off', 'Sale 500 off', 'Summer SALE'],
      total: 3,
      hasNext: false,
    });
    expect(await list(`?search=${encodeURIComponent('0% ')}`)).toEqual({ names: ['Sale 50% off'], total: 1, hasNext: false });
    expect(await list('?search=e_c')).toEqual({ names: ['snake_case'], total: 1, hasNext: false });
    // With the other parameters: a page of the matches, the count of the matches.
    expect(await list('?sort=name&search=SALE&limit=2&page=1')).toEqual({
      names: ['Sale 50% off', 'Sale 500 off'],
      total: 3,
      hasNext: true,
    });
    expect(await list('?search=%20%20')).toEqual(expect.objectContaining({ total: 5 }));
    const tooLong = await stack.api(`/templates?search=${'x'.repeat(201)}`, { key: searchKey });
    expect(tooLong.status).toBe(400);
    expect((await problemOf(tooLong)).errors).toEqual([
      expect.objectContaining({ field: 'search', message: 'Must be at most 200 characters long' }),
    ]);
    // The video templates take it too, with the same bound.
    const videos = (await (await stack.api('/video/templates?search=nothing%25like', { key: searchKey })).json()) as {
      pagination: { total: number };
    };
    expect(videos.pagination.total).toBe(0);
    const videoTooLong = await stack.api(`/video/templates?search=${'x'.repeat(201)}`, { key: searchKey });
    expect(videoTooLong.status).toBe(400);
    expect((await problemOf(videoTooLong)).errors).toEqual([expect.objectContaining({ field: 'search' })]);
  });

  it('renders with {{name}} interpolation and updates thumbnail and lastRenderedAt', async () => {
    const created = (await (await create({ name: 'Colour', html: colourCard, width: 320, height: 180 })).json()) as {
      template: { uid: string };
    };
    const uid = created.template.uid;
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { background: '#00ff00', title: '<b>hi</b>' } },
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { url: string; id: string };
    const image = await decode(result.url);
    expect([image.width, image.height]).toEqual([320, 180]);
    expect(near(image.pixel(300, 170), [0, 255, 0])).toBe(true);

    const after = (await (await stack.api(`/templates/${uid}`, { key })).json()) as {
      template: { thumbnail: string; lastRenderedAt: string };
    };
    expect(after.template.thumbnail).toBe(result.url);
    expect(after.template.lastRenderedAt).toEqual(expect.any(String));
    const listed = (await (await stack.api('/templates?limit=100', { key })).json()) as {
      templates: Array<{ uid: string; lastRenderedAt: string | null }>;
    };
    expect(listed.templates.find((t) => t.uid === uid)?.lastRenderedAt).toBe(after.template.lastRenderedAt);
  });

  it('renders a template through POST /image with variables', async () => {
    const created = (await (await create({ name: 'Colour', html: colourCard, width: 200, height: 100 })).json()) as {
      template: { uid: string };
    };
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      json: { template: created.template.uid, variables: { background: 'rgb(0, 0, 255)' }, fileExtension: 'png' },
    });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect([image.width, image.height]).toEqual([200, 100]);
    expect(near(image.pixel(190, 90), [0, 0, 255])).toBe(true);
  });

  it('hides another account’s templates (404 on every operation)', async () => {
    const created = (await (await create({ name: 'Mine', html: colourCard })).json()) as { template: { uid: string } };
    const other = await stack.newAccount();
    const uid = created.template.uid;
    const attempts = [
      stack.api(`/templates/${uid}`, { key: other.key }),
      stack.api(`/templates/${uid}`, { method: 'PUT', key: other.key, json: { name: 'stolen' } }),
      stack.api(`/templates/${uid}`, { method: 'DELETE', key: other.key }),
      stack.api(`/templates/${uid}/render`, { method: 'POST', key: other.key, json: {} }),
      stack.api('/image', { method: 'POST', key: other.key, json: { template: uid } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      await problemOf(res);
    }
    expect((await stack.api(`/templates/${uid}`, { key })).status).toBe(200);
  });
});
