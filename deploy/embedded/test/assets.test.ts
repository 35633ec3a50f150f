import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { addAccountToTeam, createTeam } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { near } from '@pressroom/testing/media';
import { FLAVOURS, problemOf, startTestStack, type TestStack } from './harness.js';

const MONO_BOLD = readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf');
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

interface AssetBody {
  id: string;
  kind: string;
  format: string;
  url: string;
  sizeBytes: number;
  font: { family: string; weight: number; style: string } | null;
}

/** Raw RGB pixels of a rendered file. */
async function pixelsOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Share of pixels whose channels differ by more than a little. */
function differingShare(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let differing = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.abs(a[i]! - b[i]!) > 16 || Math.abs(a[i + 1]! - b[i + 1]!) > 16 || Math.abs(a[i + 2]! - b[i + 2]!) > 16) differing++;
  }
  return differing / (a.length / 3);
}

const page = (family: string, extraHead = '') =>
  `<!doctype html><html><head>${extraHead}</head><body style="margin:0;background:#fff">` +
  `<p style="margin:10px;font:80px '${family}', serif;color:#000">Wig 0Ol1</p></body></html>`;

describe.each(FLAVOURS)('asset library (%s)', (flavour) => {
  let stack: TestStack;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    ({ key } = await stack.newAccount());
    ({ key: otherKey } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  function upload(bytes: Buffer, query = '', as = key): Promise<Response> {
    return stack.api(`/assets${query}`, {
      method: 'POST',
      key: as,
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/octet-stream' },
    });
  }

  async function render(html: string, as = key): Promise<Buffer> {
    const res = await stack.api('/image', { method: 'POST', key: as, json: { html, width: 600, height: 140 } });
    expect(res.status).toBe(200);
    return pixelsOf(((await res.json()) as { url: string }).url);
  }

  it('uploads, lists by kind, reads, serves and deletes images and fonts of one owner only', async () => {
    const image = await upload(PNG_1PX, '?name=dot.png');
    expect(image.status).toBe(201);
    const png = ((await image.json()) as { asset: AssetBody }).asset;
    expect(png).toMatchObject({ kind: 'image', format: 'png', sizeBytes: PNG_1PX.length, font: null });
    expect(png.id).toMatch(/^ast_/);
    const served = await fetch(png.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1PX)).toBe(true);

    const font = await upload(MONO_BOLD, '?kind=font');
    expect(font.status).toBe(201);
    expect(((await font.json()) as { asset: AssetBody }).asset).toMatchObject({
      kind: 'font',
      format: 'ttf',
      font: { family: 'DejaVu Sans Mono', weight: 700, style: 'normal' },
    });

    const fonts = (await (await stack.api('/assets?kind=font', { key })).json()) as { assets: AssetBody[] };
    expect(fonts.assets.map((a) => a.kind)).toEqual(['font']);
    expect((await stack.api(`/assets/${png.id}`, { key })).status).toBe(200);
    expect((await stack.api(`/assets/${png.id}`, { key: otherKey })).status).toBe(404);
    expect((await stack.api(`/assets/${png.id}`, { method: 'DELETE', key: otherKey })).status).toBe(404);
    expect(((await (await stack.api('/assets', { key: otherKey })).json()) as { assets: unknown[] }).assets).toEqual([]);

    expect((await stack.api(`/assets/${png.id}`, { method: 'DELETE', key })).status).toBe(200);
    expect((await stack.api(`/assets/${png.id}`, { key })).status).toBe(404);
    expect((await fetch(png.url)).status).toBe(404);
  });

  it('refuses a 50 MB image, a font that is not a font, and an SVG with a script, with clear problems', async () => {
    const huge = Buffer.alloc(50 * 1024 * 1024, 0);
    PNG_1PX.copy(huge);
    const tooLarge = await upload(huge);
    expect(tooLarge.status).toBe(413);
    expect((await problemOf(tooLarge)).detail).toMatch(/larger than/);

    const notFont = await upload(Buffer.from('this is plain text pretending to be a font'), '?kind=font');
    expect(notFont.status).toBe(415);
    expect((await problemOf(notFont)).detail).toMatch(/not a font/);

    const brokenFont = await upload(MONO_BOLD.subarray(0, 300), '?kind=font');
    expect(brokenFont.status).toBe(400);
    expect((await problemOf(brokenFont)).detail).toMatch(/not a usable font/);

    const empty = await upload(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect((await problemOf(empty)).detail).toMatch(/empty/);

    const badKind = await stack.api('/assets?kind=video', { key });
    expect(badKind.status).toBe(400);
    expect((await problemOf(badKind)).errors).toEqual([expect.objectContaining({ field: 'kind' })]);

    const pngAsFont = await upload(PNG_1PX, '?kind=font');
    expect(pngAsFont.status).toBe(400);

    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/")</script><rect width="5" height="5"/></svg>'),
    );
    expect(svg.status).toBe(400);
    const problem = await problemOf(svg);
    expect(problem.detail).toMatch(/script/);

    const external = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><image href="http://169.254.169.254/x.png"/></svg>'),
    );
    expect(external.status).toBe(400);
    expect((await problemOf(external)).detail).toMatch(/outside the file/);

    const clean = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>'),
    );
    expect(clean.status).toBe(201);
    const served = await fetch(((await clean.json()) as { asset: AssetBody }).asset.url);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  it('enforces the plan limits of the owner', async () => {
    const { key: freeKey } = await stack.newAccount(undefined, { plan: 'free' });
    const big = Buffer.alloc(11 * 1024 * 1024, 0);
    PNG_1PX.copy(big);
    const res = await upload(big, '', freeKey);
    expect(res.status).toBe(413);
    expect((await problemOf(res)).detail).toMatch(/free plan allows assets of up to/);
  });

  it('renders an uploaded font by family name in HTML for its owner only', async () => {
    const family = `Pressroom Test ${Date.now()}`;
    const res = await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { asset: AssetBody }).asset.font?.family).toBe(family);

    const inlined = `<style>@font-face{font-family:"Inlined Ref";src:url("data:font/ttf;base64,${MONO_BOLD.toString('base64')}");font-weight:700}</style>`;
    const [owner, fallback, reference, stranger] = await Promise.all([
      render(page(family)),
      render(page('No Such Family Anywhere')),
      render(page('Inlined Ref', inlined)),
      render(page(family), otherKey),
    ]);
    expect(differingShare(owner, fallback)).toBeGreaterThan(0.01);
    expect(differingShare(owner, reference)).toBeLessThan(0.001);
    expect(differingShare(stranger, fallback)).toBeLessThan(0.001);
  });

  it('uses a font uploaded after the owner rendered at the very next render, and forgets a deleted one at once', async () => {
    // The gateway keeps each owner's font list in memory; an upload or delete drops it (owner.changed, docs/adr/0046).
    const family = `Pressroom Late ${Date.now()}`;
    const before = await render(page(family));
    const fallback = await render(page('No Such Family Anywhere'));
    expect(differingShare(before, fallback)).toBeLessThan(0.001);

    const res = await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`);
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { asset: AssetBody }).asset;
    const after = await render(page(family));
    expect(differingShare(after, fallback)).toBeGreaterThan(0.01);

    expect((await stack.api(`/assets/${id}`, { method: 'DELETE', key })).status).toBe(200);
    expect(differingShare(await render(page(family)), fallback)).toBeLessThan(0.001);
  });

  it('renders an uploaded font by family name on a canvas', async () => {
    const family = `Pressroom Canvas ${Date.now()}`;
    expect((await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`)).status).toBe(201);
    const canvas = (fontFamily: string, fonts: unknown[] = []) => ({
      fabricJSData: {
        version: '7.4.0',
        width: 600,
        height: 140,
        background: '#ffffff',
        fonts,
        objects: [
          {
            type: 'Textbox',
            left: 10,
            top: 10,
            width: 580,
            text: 'Wig 0Ol1',
            fontSize: 80,
            fontFamily,
            fontWeight: 'bold',
            fill: '#000000',
          },
        ],
      },
    });
    const draw = async (json: unknown) => {
      const res = await stack.api('/image/canvas', { method: 'POST', key, json });
      expect(res.status).toBe(200);
      return pixelsOf(((await res.json()) as { url: string }).url);
    };
    const [owner, fallback, reference] = await Promise.all([
      draw(canvas(family)),
      draw(canvas('No Such Family Anywhere')),
      draw(canvas('Inlined Ref', [{ family: 'Inlined Ref', url: `data:font/ttf;base64,${MONO_BOLD.toString('base64')}`, weight: 700 }])),
    ]);
    expect(differingShare(owner, fallback)).toBeGreaterThan(0.01);
    expect(differingShare(owner, reference)).toBeLessThan(0.001);
  });

  it("embeds the owner's font in an HTML PDF, and not in another account's", async () => {
    const family = `Pressroom Pdf ${Date.now()}`;
    expect((await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`)).status).toBe(201);
    const pdfOf = async (as: string) => {
      const res = await stack.api('/pdf/render', { method: 'POST', key: as, json: { html: page(family) } });
      expect(res.status).toBe(200);
      return Buffer.from(await (await fetch(((await res.json()) as { url: string }).url)).arrayBuffer()).toString('latin1');
    };
    const [mine, theirs] = await Promise.all([pdfOf(key), pdfOf(otherKey)]);
    // The embedded font keeps its PostScript name (a subset tag prefix aside).
    expect(mine).toMatch(/\/FontName\s*\/([A-Z]{6}\+)?DejaVuSansMono-Bold/);
    expect(theirs).not.toMatch(/DejaVuSansMono-Bold/);
  });

  it("loads the owner's fonts into GIF renders", async () => {
    const family = `Pressroom Gif ${Date.now()}`;
    expect((await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`)).status).toBe(201);
    const firstFrame = async (as: string, html: string) => {
      const res = await stack.api('/gif', {
        method: 'POST',
        key: as,
        json: { html, width: 600, height: 140, quality: 'low', frameDurationSeconds: 0.2 },
      });
      expect(res.status).toBe(200);
      return pixelsOf(((await res.json()) as { gif: { url: string } }).gif.url);
    };
    const [mine, theirs, fallback] = await Promise.all([
      firstFrame(key, page(family)),
      firstFrame(otherKey, page(family)),
      firstFrame(key, page('No Such Family Anywhere')),
    ]);
    expect(differingShare(mine, fallback)).toBeGreaterThan(0.01);
    expect(differingShare(theirs, fallback)).toBeLessThan(0.001);
  });

  it("draws the owner's library images by their asset URL in HTML and on canvases; another account's renders cannot", async () => {
    const red = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const uploaded = await upload(red, '?name=red.png');
    expect(uploaded.status).toBe(201);
    const { url } = ((await uploaded.json()) as { asset: AssetBody }).asset;
    const html = `<!doctype html><html><body style="margin:0;background:#fff"><img src="${url}" style="display:block;width:600px;height:140px"></body></html>`;
    const centre = (pixels: Buffer) => [...pixels.subarray((70 * 600 + 300) * 3, (70 * 600 + 300) * 3 + 3)];
    expect(centre(await render(html))).toEqual([255, 0, 0]);
    expect(centre(await render(html, otherKey))).toEqual([255, 255, 255]);

    const res = await stack.api('/image/canvas', {
      method: 'POST',
      key,
      json: {
        fabricJSData: {
          version: '7.4.0',
          width: 600,
          height: 140,
          background: '#ffffff',
          objects: [{ type: 'Image', originX: 'left', originY: 'top', left: 290, top: 60, src: url }],
        },
      },
    });
    expect(res.status).toBe(200);
    const canvasPixels = await pixelsOf(((await res.json()) as { url: string }).url);
    expect(centre(canvasPixels)).toEqual([255, 0, 0]);
    expect([...canvasPixels.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it("loads the owner's fonts into batch renders too", async () => {
    const family = `Pressroom Batch ${Date.now()}`;
    expect((await upload(MONO_BOLD, `?family=${encodeURIComponent(family)}`)).status).toBe(201);
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'font batch', html: page('{{family}}'), width: 600, height: 140 },
    });
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
    const started = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ family }, { family: 'No Such Family Anywhere' }] },
    });
    expect(started.status).toBe(202);
    const { batchId } = (await started.json()) as { batchId: string };
    const done = await waitFor(
      async () => {
        const r = (await (await stack.api(`/templates/batch/${batchId}/results`, { key })).json()) as {
          status: string;
          results: { url: string }[];
        };
        return r.status === 'completed' ? r : null;
      },
      'the batch',
      40_000,
    );
    const [withFont, fallback] = await Promise.all(done.results.map((r) => pixelsOf(r.url)));
    const direct = await render(page(family));
    expect(differingShare(withFont!, fallback!)).toBeGreaterThan(0.01);
    expect(differingShare(withFont!, direct)).toBeLessThan(0.001);
  });
});

describe('assets of a team (memory+pglite)', () => {
  let stack: TestStack;
  afterAll(() => stack.dispose());

  it('are shared by the members of a team and by nobody else', async () => {
    stack = await startTestStack('memory+pglite');
    const [memberA, memberB, outsider] = [await stack.newAccount(), await stack.newAccount(), await stack.newAccount()];
    const team = await createTeam(stack.db, { name: `assets-${Date.now()}` });
    await addAccountToTeam(stack.db, { accountId: memberA.accountId, teamId: team.id });
    await addAccountToTeam(stack.db, { accountId: memberB.accountId, teamId: team.id });
    const uploaded = await stack.api('/assets', { method: 'POST', key: memberA.key, body: new Uint8Array(PNG_1PX) });
    expect(uploaded.status).toBe(201);
    const { id } = ((await uploaded.json()) as { asset: AssetBody }).asset;
    expect((await stack.api(`/assets/${id}`, { key: memberB.key })).status).toBe(200);
    expect((await stack.api(`/assets/${id}`, { key: outsider.key })).status).toBe(404);
    expect((await stack.api(`/assets/${id}`, { method: 'DELETE', key: memberB.key })).status).toBe(200);
  });
});

describe('starter gallery (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  async function renderTemplate(
    uid: string,
    variables: Record<string, unknown> = {},
  ): Promise<{ pixels: Buffer; width: number; height: number }> {
    const res = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables } });
    expect(res.status).toBe(200);
    const url = ((await res.json()) as { url: string }).url;
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { pixels: data, width: info.width, height: info.height };
  }

  /** Distinct colours (quantised to 32 levels per channel) covering at least 0.1% of the image each. */
  function visibleColours(pixels: Buffer): number {
    const counts = new Map<number, number>();
    for (let i = 0; i < pixels.length; i += 3) {
      const colour = ((pixels[i]! >> 3) << 10) | ((pixels[i + 1]! >> 3) << 5) | (pixels[i + 2]! >> 3);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
    const total = pixels.length / 3;
    return [...counts.values()].filter((n) => n / total >= 0.001).length;
  }

  it('lists at least 12 canvas and 3 HTML starters and copies each into the account, where it renders as designed (not blank) and reads exactly the variables it defines', async () => {
    const listed = (await (await stack.api('/templates/starters', { key })).json()) as {
      starters: {
        key: string;
        name: string;
        width: number;
        height: number;
        engine: 'fabric' | 'html';
        variableDefinitions: { name: string }[];
      }[];
    };
    expect(listed.starters.filter((s) => s.engine === 'fabric').length).toBeGreaterThanOrEqual(12);
    expect(listed.starters.filter((s) => s.engine === 'html').length).toBeGreaterThanOrEqual(3);
    for (const starter of listed.starters) {
      const copied = await stack.api(`/templates/starters/${starter.key}/copy`, { method: 'POST', key, json: {} });
      expect(copied.status).toBe(200);
      const { template } = (await copied.json()) as {
        template: { uid: string; name: string; width: number; height: number; engine: string; html: string | null };
      };
      expect(template).toMatchObject({ name: starter.name, width: starter.width, height: starter.height, engine: starter.engine });
      expect([starter.key, template.html !== null]).toEqual([starter.key, starter.engine === 'html']);
      const image = await renderTemplate(template.uid);
      expect([starter.key, image.width, image.height]).toEqual([starter.key, starter.width, starter.height]);
      expect([starter.key, visibleColours(image.pixels) >= 3]).toEqual([starter.key, true]);
      // What the design reads (the template language's detection) is what it defines, each with a default.
      const { detected } = (await (await stack.api(`/templates/${template.uid}/variables`, { key })).json()) as { detected: string[] };
      expect([starter.key, [...detected].sort()]).toEqual([starter.key, starter.variableDefinitions.map((d) => d.name).sort()]);
    }
    const templates = (await (await stack.api('/templates?limit=100', { key })).json()) as { templates: unknown[] };
    expect(templates.templates).toHaveLength(listed.starters.length);
  });

  it('a copied starter takes its variables, and unknown starters are a 404 problem', async () => {
    const copied = await stack.api('/templates/starters/og-image/copy', { method: 'POST', key, json: { name: 'My OG' } });
    const { template, version } = (await copied.json()) as {
      template: { uid: string; name: string };
      version: { id: string; number: number };
    };
    expect(template.name).toBe('My OG');
    // The copy is its first save, as POST /templates: version 1 of its history, named in the answer (the dashboard
    // attaches the copy's thumbnail to it) and listed with the template's versions.
    expect(version.number).toBe(1);
    const history = (await (await stack.api(`/templates/${template.uid}/versions`, { key })).json()) as { versions: { id: string }[] };
    expect(history.versions.map((v) => v.id)).toEqual([version.id]);
    const plain = await renderTemplate(template.uid);
    const changed = await renderTemplate(template.uid, { title: 'Something else entirely', accent: '#00ff00' });
    expect(differingShare(plain.pixels, changed.pixels)).toBeGreaterThan(0.005);
    // An HTML starter's `_if` and `_for` follow its variables: the receipt's green PAID stamp only when paid, one line per item.
    const receipt = (await (await stack.api('/templates/starters/html-receipt/copy', { method: 'POST', key, json: {} })).json()) as {
      template: { uid: string };
    };
    const stampGreen = (pixels: Buffer) => {
      let n = 0;
      for (let i = 0; i < pixels.length; i += 3) if (near([pixels[i]!, pixels[i + 1]!, pixels[i + 2]!], [5, 150, 105], 40)) n++;
      return n;
    };
    const paid = await renderTemplate(receipt.template.uid);
    const unpaid = await renderTemplate(receipt.template.uid, { paid: false });
    expect([stampGreen(paid.pixels) > 500, stampGreen(unpaid.pixels)]).toEqual([true, 0]);
    const oneItem = await renderTemplate(receipt.template.uid, { items: 'Gift card' });
    expect(differingShare(paid.pixels, oneItem.pixels)).toBeGreaterThan(0.005);

    const missing = await stack.api('/templates/starters/no-such-starter/copy', { method: 'POST', key, json: {} });
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).detail).toMatch(/og-image/);
  });
});
