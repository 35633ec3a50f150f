import sharp from 'sharp';
import { DESIGN_LIMITS, TEMPLATE_THUMBNAIL_LIMITS } from '@pressroom/contracts';
import { waitFor } from '@pressroom/testing';
import { decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const GREEN: Rgb = [0, 255, 0];
const BLUE: Rgb = [0, 0, 255];

/** A 200×100 canvas filled by one rectangle; `colour` (when bound) overrides its fill. */
function card(fill: string, bound = true) {
  return {
    width: 200,
    height: 100,
    objects: [
      {
        type: 'Rect',
        originX: 'left',
        originY: 'top',
        left: 0,
        top: 0,
        width: 200,
        height: 100,
        fill,
        strokeWidth: 0,
        ...(bound ? { variableBindings: { fill: 'colour' } } : {}),
      },
    ],
  };
}

const local = (url: string) => url.replace('//localhost:', '//127.0.0.1:');

async function pngDataUrl(width: number, height: number, colour: Rgb): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: colour[0], g: colour[1], b: colour[2] } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

interface Version {
  id: string;
  number: number;
  createdAt: string;
  createdBy: string;
  thumbnail: string | null;
}

/** Save, history, thumbnail, restore; the saved template used by every render path (memory+pglite: the db lib is tested on both engines). */
describe('template versions and saved-template use (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { batches: { pollMs: 150 } });
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack?.dispose());

  async function create(design: Record<string, unknown>): Promise<{ uid: string; version: Version }> {
    const res = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'versioned',
        fabricJSData: design,
        width: 200,
        height: 100,
        variableDefinitions: [{ name: 'colour', type: 'color', defaultValue: '#ff0000' }],
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { template: { uid: string }; version: Version };
    return { uid: body.template.uid, version: body.version };
  }
  const save = async (uid: string, json: unknown) => stack.api(`/templates/${uid}`, { method: 'PUT', key, json });
  const versions = async (uid: string) =>
    ((await (await stack.api(`/templates/${uid}/versions`, { key })).json()) as { versions: Version[] }).versions;

  it('keeps a version per save with who saved it, and reads and restores one', async () => {
    const { uid, version: first } = await create(card('#ff0000', false));
    expect(first).toMatchObject({ number: 1, createdBy: expect.stringMatching(/^key:/), thumbnail: null });
    const saved = await save(uid, { name: 'green', fabricJSData: card('#00ff00', false) });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { version: Version }).version.number).toBe(2);

    const list = await versions(uid);
    expect(list.map((v) => v.number)).toEqual([2, 1]);
    const one = await stack.api(`/templates/${uid}/versions/${first.id}`, { key });
    const read = (await one.json()) as { version: Version & { template: { name: string; fabricJSData: ReturnType<typeof card> } } };
    expect(read.version.template.name).toBe('versioned');
    expect(read.version.template.fabricJSData.objects[0]!.fill).toBe('#ff0000');

    // The saved (green) design renders; restoring version 1 is a new save (3) and renders red again.
    const green = await stack.api('/image', { method: 'POST', key, json: { template: uid } });
    expect(near((await decode(local(((await green.json()) as { url: string }).url))).pixel(100, 50), GREEN)).toBe(true);
    const restored = await stack.api(`/templates/${uid}/versions/${first.id}/restore`, { method: 'POST', key });
    expect(restored.status).toBe(200);
    const body = (await restored.json()) as { template: { name: string }; version: Version };
    expect([body.template.name, body.version.number]).toEqual(['versioned', 3]);
    const red = await stack.api('/image', { method: 'POST', key, json: { template: uid } });
    expect(near((await decode(local(((await red.json()) as { url: string }).url))).pixel(100, 50), RED)).toBe(true);
    expect((await versions(uid)).map((v) => v.number)).toEqual([3, 2, 1]);
  });

  it('keeps only the last 20 saves and deletes the pruned thumbnails', async () => {
    const { uid, version: first } = await create(card('#ff0000'));
    const put = await stack.api(`/templates/${uid}/versions/${first.id}/thumbnail`, {
      method: 'PUT',
      key,
      json: { image: await pngDataUrl(40, 20, BLUE) },
    });
    const thumbnail = ((await put.json()) as { version: Version }).version.thumbnail!;
    expect((await fetch(local(thumbnail))).status).toBe(200);
    for (let i = 2; i <= 21; i++) expect((await save(uid, { name: `v${i}` })).status).toBe(200);
    const list = await versions(uid);
    expect(list).toHaveLength(20);
    expect([list[0]!.number, list.at(-1)!.number]).toEqual([21, 2]);
    expect((await stack.api(`/templates/${uid}/versions/${first.id}`, { key })).status).toBe(404);
    expect((await fetch(local(thumbnail))).status).toBe(404);
  });

  it("shows the editor's thumbnail of the newest save in the templates list, and refuses what is not a small PNG", async () => {
    const { uid, version } = await create(card('#ff0000'));
    const put = await stack.api(`/templates/${uid}/versions/${version.id}/thumbnail`, {
      method: 'PUT',
      key,
      json: { image: await pngDataUrl(120, 60, BLUE) },
    });
    expect(put.status).toBe(200);
    const listed = (await (await stack.api('/templates?limit=100', { key })).json()) as {
      templates: Array<{ uid: string; thumbnail: string | null }>;
    };
    const thumbnail = listed.templates.find((t) => t.uid === uid)!.thumbnail!;
    const image = await decode(local(thumbnail));
    expect([image.format, image.width, image.height]).toEqual(['png', 120, 60]);
    expect(near(image.pixel(60, 30), BLUE)).toBe(true);

    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const notPng = await stack.api(`/templates/${uid}/versions/${version.id}/thumbnail`, {
      method: 'PUT',
      key,
      json: { image: `data:image/png;base64,${jpeg.toString('base64')}` },
    });
    expect(notPng.status).toBe(400);
    expect((await problemOf(notPng)).errors).toEqual([
      expect.objectContaining({ field: 'image', message: expect.stringMatching(/not a PNG/) }),
    ]);
    const huge = await stack.api(`/templates/${uid}/versions/${version.id}/thumbnail`, {
      method: 'PUT',
      key,
      json: { image: await pngDataUrl(TEMPLATE_THUMBNAIL_LIMITS.maxSide + 1, 10, BLUE) },
    });
    expect(huge.status).toBe(400);
    expect((await problemOf(huge)).detail).toMatch(/each side must be 1 to 1024 pixels/);
  });

  it('another account sees neither the history nor a version', async () => {
    const { uid, version } = await create(card('#ff0000'));
    const { key: other } = await stack.newAccount();
    expect((await stack.api(`/templates/${uid}/versions`, { key: other })).status).toBe(404);
    expect((await stack.api(`/templates/${uid}/versions/${version.id}/restore`, { method: 'POST', key: other })).status).toBe(404);
    expect((await stack.api(`/templates/${uid}/versions/tpv_nope`, { key })).status).toBe(404);
  });

  it('the saved template is usable at once by POST /image, /templates/{uid}/render, batches and /r/{uid}.png', async () => {
    const { uid } = await create(card('#ff0000'));
    expect((await save(uid, { fabricJSData: card('#000000') })).status).toBe(200);
    const pixelAt = async (url: string) => (await decode(local(url))).pixel(100, 50);

    const image = await stack.api('/image', { method: 'POST', key, json: { template: uid, variables: { colour: '#0000ff' } } });
    expect(near(await pixelAt(((await image.json()) as { url: string }).url), BLUE)).toBe(true);

    const rendered = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: { colour: '#00ff00' } } });
    expect(rendered.status).toBe(200);
    expect(near(await pixelAt(((await rendered.json()) as { url: string }).url), GREEN)).toBe(true);

    // No value: the definition's default (red).
    const byUrl = await fetch(`${stack.baseUrl}/r/${uid}.png?token=${key}`);
    expect(byUrl.status).toBe(200);
    const png = sharp(Buffer.from(await byUrl.arrayBuffer()));
    const { data } = await png.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (50 * 200 + 100) * 3;
    expect(near([data[i]!, data[i + 1]!, data[i + 2]!], RED)).toBe(true);

    const started = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: [{ colour: '#0000ff' }, { colour: '#00ff00' }] },
    });
    expect(started.status).toBe(202);
    const { batchId } = (await started.json()) as { batchId: string };
    const done = await waitFor(
      async () => {
        const body = (await (await stack.api(`/templates/batch/${batchId}/results`, { key })).json()) as {
          status: string;
          results: Array<{ url: string | null }>;
        };
        return ['completed', 'partial', 'failed'].includes(body.status) ? body : null;
      },
      'the batch over the saved template',
      40_000,
    );
    expect(done.status).toBe('completed');
    expect(near(await pixelAt(done.results[0]!.url!), BLUE)).toBe(true);
    expect(near(await pixelAt(done.results[1]!.url!), GREEN)).toBe(true);
  });

  it(`refuses a design of 100,000 objects on every path that takes one, saying the limit (${DESIGN_LIMITS.objects})`, async () => {
    const rect = { type: 'Rect', width: 1, height: 1 };
    const design = { objects: Array.from({ length: 100_000 }, () => rect) };
    const { uid } = await create(card('#ff0000'));
    const paths: Array<[string, string, unknown, string]> = [
      ['POST', '/templates', { name: 'big', fabricJSData: design }, 'fabricJSData.objects'],
      ['PUT', `/templates/${uid}`, { fabricJSData: design }, 'fabricJSData.objects'],
      ['PUT', `/templates/${uid}`, { layouts: { square: { fabricJSData: design } } }, 'layouts.square.fabricJSData.objects'],
      ['POST', '/image/canvas', { fabricJSData: design }, 'fabricJSData.objects'],
      ['POST', '/templates/preview', { canvas: design }, 'canvas.objects'],
    ];
    for (const [method, path, json, field] of paths) {
      const res = await stack.api(path, { method, key, json });
      expect([path, res.status]).toEqual([path, 400]);
      const problem = await problemOf(res);
      expect(problem.detail).toContain(`at most ${DESIGN_LIMITS.objects} are accepted`);
      expect(problem.errors).toEqual([expect.objectContaining({ field })]);
    }
    // Nothing was saved: the history still has the one version.
    expect(await versions(uid)).toHaveLength(1);
  });

  it('refuses a 20 MB design with 413 naming the body limit, and keeps serving', async () => {
    const body = JSON.stringify({ name: 'huge', fabricJSData: { objects: [{ type: 'Textbox', text: 'x'.repeat(20 * 1024 * 1024) }] } });
    const res = await stack.api('/templates', { method: 'POST', key, headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    const problem = await problemOf(res);
    expect(problem.detail).toMatch(/larger than the limit of \d+ bytes/);
    expect(problem.errors).toEqual([expect.objectContaining({ field: '(body)' })]);
    expect((await stack.api('/templates', { key })).status).toBe(200);
  });
});
