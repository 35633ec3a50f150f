import { FLAVOURS, decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];

const base = '<body style="margin:0;background:{{ colour }}"></body>';

describe.each(FLAVOURS)('template layouts (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let uid: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
    const res = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'Social card',
        html: base,
        width: 120,
        height: 60,
        variableDefinitions: [{ name: 'colour', type: 'color', defaultValue: '#ff0000' }],
        layouts: {
          square: { width: 80, height: 80 },
          story: { name: 'Story', width: 45, height: 80, html: '<body style="margin:0;background:{{ storyColour }}"></body>' },
        },
      },
    });
    expect(res.status).toBe(200);
    const { template } = (await res.json()) as { template: { uid: string; layouts: Record<string, unknown> } };
    expect(template.layouts).toEqual({
      square: { width: 80, height: 80 },
      story: { name: 'Story', width: 45, height: 80, html: '<body style="margin:0;background:{{ storyColour }}"></body>' },
    });
    uid = template.uid;
  });
  afterAll(() => stack.dispose());

  it('renders one layout at its own size with its own design; variables are shared', async () => {
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { layout: 'story', variables: { storyColour: 'rgb(0,0,255)' } },
    });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect([image.width, image.height]).toEqual([45, 80]);
    expect(near(image.pixel(20, 40), BLUE)).toBe(true);

    const square = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { layout: 'square', variables: { colour: 'lime' } },
    });
    const squareImage = await decode(((await square.json()) as { url: string }).url);
    expect([squareImage.width, squareImage.height]).toEqual([80, 80]);
    expect(near(squareImage.pixel(40, 40), GREEN)).toBe(true); // size-only layout re-uses the base design
  });

  it('renders several layouts at once: {renders: [{layout, url, id, createdAt, width, height}]}', async () => {
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { layouts: ['default', 'square', 'story'], variables: { storyColour: '#00ff00' } },
    });
    expect(res.status).toBe(200);
    const { renders } = (await res.json()) as {
      renders: Array<{ layout: string; url: string; id: string; width: number; height: number; status: string; createdAt: string }>;
    };
    expect(renders.map((r) => [r.layout, r.width, r.height, r.status])).toEqual([
      ['default', 120, 60, 'done'],
      ['square', 80, 80, 'done'],
      ['story', 45, 80, 'done'],
    ]);
    expect(new Set(renders.map((r) => r.id)).size).toBe(3);
    const expected = [RED, RED, GREEN];
    for (const [i, entry] of renders.entries()) {
      const image = await decode(entry.url);
      expect([image.width, image.height]).toEqual([entry.width, entry.height]);
      expect(near(image.pixel(10, 10), expected[i]!)).toBe(true);
    }

    // The thumbnail is the template's latest render, whichever layout it was.
    const { template } = (await (await stack.api(`/templates/${uid}`, { key })).json()) as {
      template: { thumbnail: string; lastRenderedAt: string };
    };
    expect(renders.map((r) => r.url)).toContain(template.thumbnail);
    const listed = (await (await stack.api('/templates?limit=100', { key })).json()) as {
      templates: Array<{ uid: string; thumbnail: string; lastRenderedAt: string }>;
    };
    expect(listed.templates.find((t) => t.uid === uid)).toMatchObject({
      thumbnail: template.thumbnail,
      lastRenderedAt: template.lastRenderedAt,
    });
  });

  it('POST /image with template takes layout and layouts too', async () => {
    const one = await stack.api('/image', {
      method: 'POST',
      key,
      json: { template: uid, layout: 'square', variables: { colour: 'blue' }, fileExtension: 'jpg' },
    });
    expect(one.status).toBe(200);
    const image = await decode(((await one.json()) as { url: string }).url);
    expect([image.width, image.height, image.format]).toEqual([80, 80, 'jpeg']);
    expect(near(image.pixel(40, 40), BLUE, 20)).toBe(true);

    const many = await stack.api('/image', {
      method: 'POST',
      key,
      json: { template: uid, layouts: ['square', 'story'], variables: { storyColour: 'red' } },
    });
    expect(many.status).toBe(200);
    const { renders } = (await many.json()) as { renders: Array<{ layout: string; width: number; height: number; url: string }> };
    expect(renders.map((r) => [r.layout, r.width, r.height])).toEqual([
      ['square', 80, 80],
      ['story', 45, 80],
    ]);
    expect(near((await decode(renders[1]!.url)).pixel(20, 40), RED)).toBe(true);
  });

  it('answers an unknown layout with 404 listing the known ones, and a malformed key with 400', async () => {
    for (const res of [
      await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { layout: 'portrait' } }),
      // Among several layouts an unknown one is reported in `errors` instead (compat-template-render.test.ts).
      await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { layouts: ['portrait'] } }),
      await stack.api('/image', { method: 'POST', key, json: { template: uid, layout: 'portrait' } }),
    ]) {
      expect(res.status).toBe(404);
      const body = await problemOf(res);
      expect(body.detail).toContain('"portrait"');
      expect(body.detail).toContain('default, square, story');
    }
    for (const json of [
      { layout: 'Not_Valid' },
      { layouts: ['x'.repeat(65)] },
      { layouts: [] },
      { layout: 'square', layouts: ['story'] },
    ]) {
      const res = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors?.[0]?.field).toMatch(/^layouts?/);
    }
    const withoutTemplate = await stack.api('/image', { method: 'POST', key, json: { html: '<p>x</p>', layout: 'square' } });
    expect(withoutTemplate.status).toBe(400);
    expect((await problemOf(withoutTemplate)).errors).toEqual([expect.objectContaining({ field: 'layout' })]);
  });

  it('validates layout entries on create and update', async () => {
    const create = (layouts: unknown, design: Record<string, unknown> = { html: base }) =>
      stack.api('/templates', { method: 'POST', key, json: { name: 'x', ...design, layouts } });
    const cases: Array<[unknown, string, Record<string, unknown>?]> = [
      [{ Bad_Key: { width: 10 } }, 'layouts.Bad_Key'],
      [{ default: { width: 10 } }, 'layouts.default'],
      [{ wide: { width: 0 } }, 'layouts.wide.width'],
      [{ wide: { width: 5000 } }, 'layouts.wide.width'],
      [{ wide: { html: '<p/>', fabricJSData: {} } }, 'layouts.wide.fabricJSData'],
      [{ wide: 'not an object' }, 'layouts.wide'],
      [{ wide: { fabricJSData: { objects: [] } } }, 'layouts.wide.fabricJSData'],
      [{ wide: { html: '<p/>' } }, 'layouts.wide.html', { fabricJSData: { objects: [] } }],
    ];
    for (const [layouts, field, design] of cases) {
      const res = await create(layouts, design);
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const put = await stack.api(`/templates/${uid}`, { method: 'PUT', key, json: { layouts: { 'x-1': { height: 0 } } } });
    expect(put.status).toBe(400);
    expect((await problemOf(put)).errors.map((e: { field: string }) => e.field)).toEqual(['layouts.x-1.height']);
  });
});
