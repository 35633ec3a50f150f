import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { FABRIC_BUNDLE_PATH } from '@pressroom/browser';
import { FABRIC_OBJECT_TYPES } from '@pressroom/contracts';
import { FLAVOURS, decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];
const WHITE: Rgb = [255, 255, 255];

/** A rectangle placed by its top-left corner (origins stated, as editor JSON states them). */
function rect(left: number, top: number, width: number, height: number, fill: string, extra: Record<string, unknown> = {}) {
  return { type: 'Rect', originX: 'left', originY: 'top', left, top, width, height, fill, strokeWidth: 0, ...extra };
}

async function pngDataUrl(width: number, height: number, colour: Rgb): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

type Decoded = Awaited<ReturnType<typeof decode>>;

/** Pixels in a box whose colour is within `tolerance` of `colour`. */
function countNear(image: Decoded, box: { x: number; y: number; width: number; height: number }, colour: Rgb, tolerance = 40): number {
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) if (near(image.pixel(x, y), colour, tolerance)) count++;
  return count;
}

describe.each(FLAVOURS)('POST /image/canvas (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('renders fabric JSON at the size it states, with shapes at known pixels', async () => {
    const res = await stack.api('/image/canvas', {
      method: 'POST',
      key,
      json: {
        fabricJSData: {
          version: '7.4.0',
          width: 400,
          height: 300,
          background: '#ffffff',
          objects: [
            rect(0, 0, 100, 100, '#ff0000'),
            // Centre origin stated: the circle's centre is at (300, 150).
            { type: 'Circle', originX: 'center', originY: 'center', left: 300, top: 150, radius: 50, fill: '#0000ff', strokeWidth: 0 },
            // No origins: Pressroom reads left/top as the top-left corner.
            { type: 'rect', left: 0, top: 200, width: 100, height: 100, fill: '#00ff00', strokeWidth: 0 },
          ],
        },
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; id: string; createdAt: string };
    expect(body.id).toMatch(/^img_/);
    const image = await decode(body.url);
    expect([image.width, image.height, image.format]).toEqual([400, 300, 'png']);
    expect(near(image.pixel(50, 50), RED)).toBe(true);
    expect(near(image.pixel(105, 50), WHITE)).toBe(true);
    expect(near(image.pixel(300, 150), BLUE)).toBe(true);
    expect(near(image.pixel(300, 108), BLUE)).toBe(true);
    expect(near(image.pixel(300, 95), WHITE)).toBe(true);
    expect(near(image.pixel(50, 250), GREEN)).toBe(true);
    expect(near(image.pixel(50, 195), WHITE)).toBe(true);

    const listed = (await (await stack.api(`/image/${body.id}`, { key })).json()) as { image: { source: string; status: string } };
    expect(listed.image).toMatchObject({ source: 'canvas', status: 'done' });
  });

  it('spills a large canvas through storage and still renders it', async () => {
    // About 360 KB of data: URL puts the command over the inline limit (256 KB).
    const noise = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(256 * 1024);
    const res = await stack.api('/image/canvas', {
      method: 'POST',
      key,
      json: {
        width: 300,
        height: 200,
        fabricJSData: {
          background: '#ffffff',
          objects: [
            {
              type: 'Image',
              originX: 'left',
              originY: 'top',
              left: 0,
              top: 0,
              scaleX: 2 / 3,
              scaleY: 2 / 3,
              src: `data:image/png;base64,${noise.toString('base64')}`,
            },
            rect(250, 0, 50, 50, '#ff0000'),
          ],
        },
      },
    });
    expect(res.status).toBe(200);
    const image = await decode(((await res.json()) as { url: string }).url);
    expect([image.width, image.height]).toEqual([300, 200]);
    expect(near(image.pixel(275, 25), RED)).toBe(true);
    expect(near(image.pixel(225, 150), WHITE)).toBe(true);
    // The noise image is there (it is not white).
    expect(countNear(image, { x: 0, y: 0, width: 200, height: 200 }, WHITE, 10)).toBeLessThan(2000);
  });
});

describe('canvas rendering (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let server: Awaited<ReturnType<typeof startPageServer>>;
  const monoFont = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf');
  let redPng: Buffer;

  beforeAll(async () => {
    redPng = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    server = await startPageServer({
      '/red.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(redPng),
      // Fonts are fetched in CORS mode: a cross-origin font needs this header.
      '/mono.ttf': (_req, res) => res.writeHead(200, { 'content-type': 'font/ttf', 'access-control-allow-origin': '*' }).end(monoFont),
      '/to-loopback.png': (req, res) => res.writeHead(302, { location: `http://127.0.0.1:${req.socket.localPort}/red.png` }).end(),
    });
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  });
  afterAll(async () => {
    await stack.dispose();
    await server.close();
  });

  async function canvas(json: Record<string, unknown>): Promise<Response> {
    return stack.api('/image/canvas', { method: 'POST', key, json });
  }

  async function rendered(json: Record<string, unknown>): Promise<Decoded> {
    const res = await canvas(json);
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
    return decode(((await res.json()) as { url: string }).url);
  }

  it('keeps the list of object types in step with the fabric bundle the renderer loads', async () => {
    const bundle = readFileSync(FABRIC_BUNDLE_PATH, 'utf8');
    const registered = await stack.pool!.run(async (page) => {
      await page.evaluate(bundle);
      return page.evaluate(() => {
        const fabric = (window as any).fabric;
        const json = fabric.classRegistry.json as Map<string, { prototype: unknown }>;
        return [...json.entries()].filter(([, cls]) => cls.prototype instanceof fabric.FabricObject).map(([name]) => name);
      });
    });
    const abstract = new Set(['FabricObject', 'fabricobject', 'object']);
    expect(new Set(registered.filter((name) => !abstract.has(name)))).toEqual(new Set(FABRIC_OBJECT_TYPES));
  });

  it('fills {{ }} in text and keeps per-character styles on the same characters', async () => {
    // Line 2 ("Bye") has a green text background; a plain string replace of {{name}} would move it off "Bye".
    const textbox = {
      type: 'Textbox',
      originX: 'left',
      originY: 'top',
      left: 0,
      top: 0,
      width: 600,
      fontSize: 40,
      fontFamily: 'DejaVu Sans',
      fill: '#000000',
      text: 'Hello {{name}}!\nBye',
      styles: [{ start: 15, end: 18, style: { textBackgroundColor: '#00ff00' } }],
    };
    const image = await rendered({
      width: 600,
      height: 120,
      fabricJSData: { background: '#ffffff', objects: [textbox] },
      variables: { name: 'Bartholomew' },
    });
    const lineHeight = 40 * 1.16;
    const line1 = { x: 0, y: 0, width: 600, height: Math.floor(lineHeight) - 2 };
    const line2 = { x: 0, y: Math.ceil(lineHeight) + 2, width: 600, height: Math.floor(lineHeight) - 4 };
    expect(countNear(image, line1, GREEN, 30)).toBe(0);
    expect(countNear(image, line2, GREEN, 30)).toBeGreaterThan(500);
    // The green stops after "Bye" (about 70 px at 40 px); the printed name lengthened line 1, not line 2.
    expect(countNear(image, { ...line2, x: 120, width: 480 }, GREEN, 30)).toBe(0);
    // Line 1 has ink well past where "Hello {{name}}!" would end with a short name.
    expect(countNear(image, { x: 300, y: 5, width: 200, height: 35 }, [0, 0, 0], 100)).toBeGreaterThan(50);
  });

  it('drops objects whose _if is falsy and applies variable bindings and {{ }} in fill', async () => {
    const objects = [
      rect(0, 0, 50, 50, '#ff0000', { _if: 'showBadge' }),
      rect(50, 0, 50, 50, '#000000', { variableBindings: { fill: 'brandColor' } }),
      rect(100, 0, 50, 50, '{{ accent }}'),
      rect(150, 0, 50, 50, '#ff0000', { _if: 'count > 2' }),
      {
        type: 'Image',
        originX: 'left',
        originY: 'top',
        left: 0,
        top: 50,
        src: await pngDataUrl(10, 10, RED),
        scaleX: 5,
        scaleY: 5,
        variableBindings: { src: 'logo' },
      },
    ];
    const fabricJSData = { width: 200, height: 100, background: '#ffffff', objects };
    const on = await rendered({
      fabricJSData,
      variables: { showBadge: true, brandColor: '#0000ff', accent: '#00ff00', count: 3, logo: await pngDataUrl(10, 10, BLUE) },
    });
    expect(near(on.pixel(25, 25), RED)).toBe(true);
    expect(near(on.pixel(75, 25), BLUE)).toBe(true);
    expect(near(on.pixel(125, 25), GREEN)).toBe(true);
    expect(near(on.pixel(175, 25), RED)).toBe(true);
    expect(near(on.pixel(25, 75), BLUE)).toBe(true);
    const off = await rendered({ fabricJSData, variables: { showBadge: false, brandColor: '#00ff00', accent: '#0000ff', count: 1 } });
    expect(near(off.pixel(25, 25), WHITE)).toBe(true);
    expect(near(off.pixel(75, 25), GREEN)).toBe(true);
    expect(near(off.pixel(125, 25), BLUE)).toBe(true);
    expect(near(off.pixel(175, 25), WHITE)).toBe(true);
    // `logo` not supplied: the image keeps its designed src.
    expect(near(off.pixel(25, 75), RED)).toBe(true);
  });

  it('validates variables with variableDefinitions (defaults, per-variable errors)', async () => {
    const fabricJSData = {
      width: 100,
      height: 100,
      objects: [rect(0, 0, 100, 100, '#000000', { variableBindings: { fill: 'brandColor' } })],
    };
    const variableDefinitions = [
      { name: 'brandColor', type: 'color', defaultValue: '#00ff00' },
      { name: 'title', type: 'text', validation: { required: true } },
    ];
    const image = await rendered({ fabricJSData, variableDefinitions, variables: { title: 'x' } });
    expect(near(image.pixel(50, 50), GREEN)).toBe(true);
    const bad = await canvas({ fabricJSData, variableDefinitions, variables: { brandColor: 'not a colour' } });
    expect(bad.status).toBe(400);
    const problem = await problemOf(bad);
    expect(problem.errors.map((e: { field: string }) => e.field).sort()).toEqual(['variables.brandColor', 'variables.title']);
    const wrongType = await canvas({ fabricJSData, variables: { brandColor: 42 } });
    expect(wrongType.status).toBe(400);
    expect((await problemOf(wrongType)).errors).toEqual([
      expect.objectContaining({ field: 'fabricJSData.objects.0.variableBindings.fill' }),
    ]);
    const brokenExpression = await canvas({ fabricJSData: { objects: [rect(0, 0, 10, 10, '#000', { _if: 'a +' })] } });
    expect(brokenExpression.status).toBe(400);
    expect((await problemOf(brokenExpression)).type).toMatch(/\/errors\/expression-error$/);
  });

  it('loads web fonts from fabricJSData.fonts before drawing (text differs from the fallback)', async () => {
    // Ten "i" in a monospaced font are about 300 px wide at 50 px; in the proportional fallback about 130 px.
    const text = {
      type: 'Text',
      originX: 'left',
      originY: 'top',
      left: 0,
      top: 0,
      fontSize: 50,
      fill: '#000000',
      text: 'iiiiiiiiii',
      fontFamily: 'Pressroom Test Mono',
    };
    const ink = (image: Decoded) => countNear(image, { x: 190, y: 0, width: 100, height: 70 }, [0, 0, 0], 120);
    const withFont = await rendered({
      width: 320,
      height: 70,
      fabricJSData: { background: '#ffffff', objects: [text], fonts: [{ family: 'Pressroom Test Mono', url: server.url('/mono.ttf') }] },
    });
    const fallback = await rendered({ width: 320, height: 70, fabricJSData: { background: '#ffffff', objects: [text] } });
    expect(ink(withFont)).toBeGreaterThan(100);
    expect(ink(fallback)).toBe(0);

    const missing = await canvas({ fabricJSData: { objects: [text], fonts: [{ family: 'Nope', url: server.url('/missing.ttf') }] } });
    expect(missing.status).toBe(422);
    expect((await problemOf(missing)).detail).toContain('/missing.ttf');
    const blocked = await canvas({
      fabricJSData: { objects: [text], fonts: [{ family: 'Nope', url: server.url('/mono.ttf').replace('127.0.0.2', '127.0.0.1') }] },
    });
    expect(blocked.status).toBe(400);
    expect((await problemOf(blocked)).type).toMatch(/\/errors\/blocked-url$/);
    const badFont = await canvas({ fabricJSData: { objects: [], fonts: [{ family: '', url: 'ftp://x/y.ttf' }] } });
    expect(badFont.status).toBe(400);
    expect((await problemOf(badFont)).errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'fabricJSData.fonts.0.family',
      'fabricJSData.fonts.0.url',
    ]);
  });

  it('loads images over the guarded network and from data: URLs; a blocked or broken src is a clear 4xx', async () => {
    const image = (src: string, left = 0) => ({
      type: 'Image',
      originX: 'left',
      originY: 'top',
      left,
      top: 0,
      src,
      crossOrigin: 'anonymous',
    });
    const both = await rendered({
      width: 200,
      height: 100,
      fabricJSData: { background: '#ffffff', objects: [image(server.url('/red.png')), image(await pngDataUrl(100, 100, GREEN), 100)] },
    });
    expect(near(both.pixel(50, 50), RED)).toBe(true);
    expect(near(both.pixel(150, 50), GREEN)).toBe(true);

    const background = await rendered({
      width: 100,
      height: 100,
      fabricJSData: { backgroundImage: image(await pngDataUrl(100, 100, BLUE)), objects: [] },
    });
    expect(near(background.pixel(50, 50), BLUE)).toBe(true);

    const loopback = server.url('/red.png').replace('127.0.0.2', '127.0.0.1');
    for (const objects of [[image(loopback)], [{ type: 'Group', originX: 'left', originY: 'top', objects: [image(loopback)] }]]) {
      const blocked = await canvas({ fabricJSData: { objects } });
      expect(blocked.status).toBe(400);
      const problem = await problemOf(blocked);
      expect(problem.type).toMatch(/\/errors\/blocked-url$/);
      expect(problem.detail).toContain(loopback);
    }
    const redirected = await canvas({ fabricJSData: { objects: [image(server.url('/to-loopback.png'))] } });
    expect(redirected.status).toBe(400);
    expect((await problemOf(redirected)).type).toMatch(/\/errors\/blocked-url$/);

    const missing = await canvas({ fabricJSData: { objects: [image(server.url('/missing.png'))] } });
    expect(missing.status).toBe(422);
    expect((await problemOf(missing)).detail).toContain('/missing.png');
    const corrupt = await canvas({ fabricJSData: { objects: [image('data:image/png;base64,bm90IGFuIGltYWdl')] } });
    expect(corrupt.status).toBe(422);
    expect((await problemOf(corrupt)).detail).toContain('data: URL');
  });

  it('draws groups: as editors save them (sized, children relative to the centre) and hand-written without a size', async () => {
    const saved = {
      type: 'Group',
      originX: 'left',
      originY: 'top',
      left: 0,
      top: 0,
      width: 100,
      height: 100,
      objects: [rect(-50, -50, 40, 40, '#ff0000'), rect(10, 10, 40, 40, '#0000ff')],
    };
    // Without a size, children sit relative to the group's position; nested too.
    const handWritten = {
      type: 'Group',
      left: 100,
      top: 0,
      objects: [rect(0, 0, 40, 40, '#00ff00'), { type: 'Group', left: 60, top: 60, objects: [rect(0, 0, 40, 40, '#ff0000')] }],
    };
    const image = await rendered({ width: 200, height: 100, fabricJSData: { background: '#ffffff', objects: [saved, handWritten] } });
    expect(near(image.pixel(20, 20), RED)).toBe(true);
    expect(near(image.pixel(80, 80), BLUE)).toBe(true);
    expect(near(image.pixel(50, 50), WHITE)).toBe(true);
    expect(near(image.pixel(120, 20), GREEN)).toBe(true);
    expect(near(image.pixel(180, 80), RED)).toBe(true);
    expect(near(image.pixel(150, 50), WHITE)).toBe(true);
  });

  it('draws colour emoji in colour', async () => {
    const image = await rendered({
      width: 240,
      height: 240,
      fabricJSData: {
        background: '#ffffff',
        objects: [{ type: 'Text', originX: 'left', originY: 'top', left: 10, top: 10, fontSize: 180, text: '🟥', fill: '#000000' }],
      },
    });
    // Noto Color Emoji's red square; a monochrome fallback would draw it in the black fill.
    const red = countNear(image, { x: 0, y: 0, width: 240, height: 240 }, [244, 67, 54], 60);
    expect(red).toBeGreaterThan(5000);
    expect(countNear(image, { x: 0, y: 0, width: 240, height: 240 }, [0, 0, 0], 40)).toBeLessThan(200);
  });

  it('leaves an unpainted canvas transparent in PNG and white in JPEG', async () => {
    const fabricJSData = { width: 100, height: 100, objects: [rect(0, 0, 50, 100, '#ff0000')] };
    const res = await canvas({ fabricJSData });
    const bytes = Buffer.from(await (await fetch(((await res.json()) as { url: string }).url)).arrayBuffer());
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alpha(25, 50)).toBe(255);
    expect(alpha(75, 50)).toBe(0);
    const jpeg = await rendered({ fabricJSData, fileExtension: 'jpg' });
    expect(jpeg.format).toBe('jpeg');
    expect(near(jpeg.pixel(75, 50), WHITE)).toBe(true);
    expect(near(jpeg.pixel(25, 50), RED)).toBe(true);
    // The page went back to the pool: an HTML render afterwards still gets Chromium's white default.
    const html = await stack.api('/image', { method: 'POST', key, json: { html: '<p>x</p>', width: 50, height: 50 } });
    const page = await decode(((await html.json()) as { url: string }).url);
    expect(near(page.pixel(45, 45), WHITE)).toBe(true);
  });

  it('renders canvas templates and their layouts through /templates/{uid}/render and POST /image', async () => {
    const design = (fill: string) => ({
      background: '#ffffff',
      objects: [
        rect(0, 0, 50, 50, fill, { variableBindings: { fill: 'colour' } }),
        { type: 'Textbox', originX: 'left', originY: 'top', left: 0, top: 60, width: 200, text: '{{title}}', fontSize: 20 },
      ],
    });
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'Canvas card',
        fabricJSData: design('#000000'),
        width: 300,
        height: 200,
        variableDefinitions: [{ name: 'colour', type: 'color', defaultValue: '#ff0000' }],
        layouts: {
          square: {
            width: 120,
            height: 120,
            fabricJSData: { background: '#0000ff', objects: [rect(60, 60, 60, 60, '#000000', { variableBindings: { fill: 'colour' } })] },
          },
        },
      },
    });
    expect(created.status).toBe(200);
    const { uid } = ((await created.json()) as { template: { uid: string } }).template;

    const byDefault = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: { title: 'Hi' } } });
    expect(byDefault.status).toBe(200);
    const base = await decode(((await byDefault.json()) as { url: string }).url);
    expect([base.width, base.height]).toEqual([300, 200]);
    expect(near(base.pixel(25, 25), RED)).toBe(true);
    expect(near(base.pixel(250, 150), WHITE)).toBe(true);

    const square = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { layout: 'square', variables: { colour: '#00ff00' } },
    });
    expect(square.status).toBe(200);
    const squareImage = await decode(((await square.json()) as { url: string }).url);
    expect([squareImage.width, squareImage.height]).toEqual([120, 120]);
    expect(near(squareImage.pixel(30, 30), BLUE)).toBe(true);
    expect(near(squareImage.pixel(90, 90), GREEN)).toBe(true);

    const viaImage = await stack.api('/image', {
      method: 'POST',
      key,
      json: { template: uid, variables: { colour: '#0000ff' }, fileExtension: 'webp' },
    });
    expect(viaImage.status).toBe(200);
    const webp = await decode(((await viaImage.json()) as { url: string }).url);
    expect(webp.format).toBe('webp');
    expect(near(webp.pixel(25, 25), BLUE, 20)).toBe(true);

    const bad = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: { colour: 'nope' } } });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).errors).toEqual([expect.objectContaining({ field: 'variables.colour' })]);

    const template = (await (await stack.api(`/templates/${uid}`, { key })).json()) as { template: { thumbnail: string | null } };
    expect(template.template.thumbnail).toMatch(/\/files\/renders\/img_/);

    const several = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { layouts: ['default', 'square'] } });
    expect(several.status).toBe(200);
    const { renders } = (await several.json()) as { renders: Array<{ layout: string; url: string; width: number; height: number }> };
    expect(renders.map((r) => [r.layout, r.width, r.height])).toEqual([
      ['default', 300, 200],
      ['square', 120, 120],
    ]);
    expect(near((await decode(renders[1]!.url)).pixel(90, 90), RED)).toBe(true);

    // strictVariables: a placeholder without its variable is a 400 naming it, not literal text on the image.
    const strict = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'Strict canvas',
        strictVariables: true,
        width: 100,
        height: 50,
        fabricJSData: { objects: [{ type: 'Text', text: 'Hi {{ who }}' }] },
      },
    });
    const strictUid = ((await strict.json()) as { template: { uid: string } }).template.uid;
    const missing = await stack.api(`/templates/${strictUid}/render`, { method: 'POST', key, json: {} });
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).errors).toEqual([expect.objectContaining({ field: 'variables.who' })]);
    expect((await stack.api(`/templates/${strictUid}/render`, { method: 'POST', key, json: { variables: { who: 'Ann' } } })).status).toBe(
      200,
    );

    // Canvas templates are images: GIF and PDF say so.
    const gif = await stack.api('/gif', { method: 'POST', key, json: { template: uid, width: 100, height: 100 } });
    expect(gif.status).toBe(400);
    expect((await problemOf(gif)).detail).toMatch(
      /^GIF output animates an HTML page; template \S+ is a canvas design\. Canvas templates render as images/,
    );
  });

  describe('bad input', () => {
    it.each([
      ['a string', 'not json canvas'],
      ['an array', [{ type: 'Rect' }]],
      ['a number', 42],
      ['null', null],
    ])('refuses fabricJSData that is %s with 400', async (_name, fabricJSData) => {
      const res = await canvas({ fabricJSData });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors).toEqual([expect.objectContaining({ field: 'fabricJSData' })]);
    });

    it('requires fabricJSData and checks sizes and formats', async () => {
      const res = await canvas({ width: 0, fileExtension: 'gif' });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'fabricJSData',
        'fileExtension',
        'width',
      ]);
      const stated = await canvas({ fabricJSData: { width: 5000, objects: [] } });
      expect(stated.status).toBe(400);
      expect((await problemOf(stated)).errors).toEqual([expect.objectContaining({ field: 'fabricJSData.width' })]);
    });

    it('names unknown object types, also inside groups', async () => {
      const res = await canvas({
        fabricJSData: {
          objects: [rect(0, 0, 1, 1, '#000'), { type: 'Sprite' }, { type: 'Group', objects: [{ type: 'Hologram' }, { left: 1 }] }],
        },
      });
      expect(res.status).toBe(400);
      const problem = await problemOf(res);
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'fabricJSData.objects.1.type', message: expect.stringContaining('"Sprite"') }),
        expect.objectContaining({ field: 'fabricJSData.objects.2.objects.0.type', message: expect.stringContaining('"Hologram"') }),
        expect.objectContaining({ field: 'fabricJSData.objects.2.objects.1.type' }),
      ]);
      expect(problem.detail).toContain('Sprite');
    });

    it('refuses an auto-fit mode other than wrap or one-line, naming the field', async () => {
      const textbox = { type: 'Textbox', text: 'Ada', width: 100, autoFit: true };
      const res = await canvas({
        fabricJSData: {
          objects: [
            { ...textbox, autoFitMode: 'one-line' },
            { ...textbox, autoFitMode: 'single' },
          ],
        },
      });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors).toEqual([
        expect.objectContaining({ field: 'fabricJSData.objects.1.autoFitMode', message: expect.stringContaining('"one-line"') }),
      ]);
    });

    it('refuses groups nested too deep and JSON nested absurdly deep', async () => {
      let group: Record<string, unknown> = rect(0, 0, 1, 1, '#000');
      for (let i = 0; i < 30; i++) group = { type: 'Group', objects: [group] };
      const deepGroups = await canvas({ fabricJSData: { objects: [group] } });
      expect(deepGroups.status).toBe(400);
      expect((await problemOf(deepGroups)).errors[0].message).toMatch(/nest more than 20 levels/);

      // 200,000 levels of arrays: parsed by the body parser, refused without recursion.
      const depth = 200_000;
      const body = `{"fabricJSData":{"objects":[{"type":"Rect","extra":${'['.repeat(depth)}${']'.repeat(depth)}}]}}`;
      const deepJson = await stack.api('/image/canvas', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body });
      expect(deepJson.status).toBe(400);
      expect((await problemOf(deepJson)).errors[0].message).toMatch(/nests deeper than 64 levels/);
    });

    it('refuses more than 5,000 objects', async () => {
      const objects = Array.from({ length: 5_001 }, (_, i) => rect(i % 100, 0, 1, 1, '#000'));
      const res = await canvas({ fabricJSData: { objects } });
      expect(res.status).toBe(400);
      expect((await problemOf(res)).errors).toEqual([
        expect.objectContaining({ field: 'fabricJSData.objects', message: expect.stringContaining('more than 5000 objects') }),
      ]);
    });

    it('refuses a data: URL over the per-image cap (400) and a 100 MB one at the body limit (413)', async () => {
      const big = `data:image/png;base64,${'A'.repeat(4.5 * 1024 * 1024)}`;
      const overCap = await canvas({ fabricJSData: { objects: [{ type: 'Image', src: big }] } });
      expect(overCap.status).toBe(400);
      expect((await problemOf(overCap)).errors).toEqual([
        expect.objectContaining({ field: 'fabricJSData.objects.0.src', message: expect.stringContaining('data: URL') }),
      ]);

      // A complete 100 MB body: refused from its Content-Length (the parser drains it without keeping it).
      const url = new URL('/image/canvas', stack.baseUrl);
      const head = Buffer.from('{"fabricJSData":{"objects":[{"type":"Image","src":"data:image/png;base64,');
      const tail = Buffer.from('"}]}}');
      const body = Buffer.concat([head, Buffer.alloc(100 * 1024 * 1024, 0x41), tail]);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          url,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': String(body.length) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).type).toMatch(/\/errors\/payload-too-large$/);
    });

    it('reports what fabric refuses as 422, never a silent blank, and keeps serving', async () => {
      const res = await canvas({
        fabricJSData: { objects: [{ type: 'Group', objects: [], layoutManager: { type: 'no-such-layout', strategy: 'fixed' } }] },
      });
      expect(res.status).toBe(422);
      expect((await problemOf(res)).detail).toContain('no-such-layout');
      const after = await rendered({ width: 20, height: 20, fabricJSData: { objects: [rect(0, 0, 20, 20, '#00ff00')] } });
      expect(near(after.pixel(10, 10), GREEN)).toBe(true);
      expect((await stack.api('/health')).status).toBe(200);
    });

    it('answers other methods on /image/canvas with 405', async () => {
      const res = await stack.api('/image/canvas', { key });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toContain('POST');
    });
  });
});
