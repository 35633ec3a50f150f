import { earlyInMinute } from '@pressroom/testing';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CATALOG, type RenderCompletedEvent, type RenderFailedEvent } from '@pressroom/contracts';
import { listRenders, renderCreditsUsed } from '@pressroom/db';
import { QUADRANTS, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

async function pixels(res: Response) {
  return pixelsOf(Buffer.from(await res.arrayBuffer()));
}

async function pixelsOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const meta = await sharp(bytes).metadata();
  return {
    width: info.width,
    height: info.height,
    format: meta.format,
    pixel: (x: number, y: number): [number, number, number] => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];

// One flavour: these endpoints read the same ledger either way; the two-flavour suites cover the transports.
describe('dashboard data endpoints (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let accountId: string;
  const events: Array<RenderCompletedEvent['data'] | RenderFailedEvent['data']> = [];

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { gateway: { previewPerMinute: 8 } });
    ({ key, accountId } = await stack.newAccount());
    await stack.bus.subscribeEvents(CATALOG.renderCompleted, async (d) => void events.push(d.data.data), { group: 'dash-data-test' });
    await stack.bus.subscribeEvents(CATALOG.renderFailed, async (d) => void events.push(d.data.data), { group: 'dash-data-test' });
  });
  afterAll(() => stack.dispose());

  const preview = (json: unknown) => stack.api('/templates/preview', { method: 'POST', key, json });

  it('previews unsaved HTML with variables as image bytes, uncharged and unlisted', async () => {
    const res = await preview({
      html: '<body style="margin:0;background:{{bg}}"></body>',
      variables: { bg: '#00ff00' },
      layout: { width: 200, height: 100 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const image = await pixels(res);
    expect([image.width, image.height, image.format]).toEqual([200, 100, 'png']);
    expect(near(image.pixel(100, 50), GREEN)).toBe(true);

    expect((await renderCreditsUsed(stack.db, { ownerId: accountId, now: new Date() })).used).toBe(0);
    const history = (await (await stack.api('/renders', { key })).json()) as { items: unknown[] };
    expect(history.items).toEqual([]);
  });

  it('previews a saved template in one of its layouts, and a canvas, as JPEG or PNG', async () => {
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'Card',
        html: '<body style="margin:0;background:{{bg}}"></body>',
        width: 300,
        height: 200,
        layouts: { square: { width: 120, height: 120 } },
      },
    });
    const uid = ((await created.json()) as { template: { uid: string } }).template.uid;
    const res = await preview({ templateUid: uid, variables: { bg: '#0000ff' }, layout: 'square', format: 'jpeg' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const image = await pixels(res);
    expect([image.width, image.height, image.format]).toEqual([120, 120, 'jpeg']);
    expect(near(image.pixel(60, 60), BLUE, 20)).toBe(true);
    // The saved template's thumbnail is not a preview.
    const saved = (await (await stack.api(`/templates/${uid}`, { key })).json()) as { template: { thumbnail: string | null } };
    expect(saved.template.thumbnail).toBeNull();

    const canvas = await preview({
      canvas: {
        width: 160,
        height: 80,
        background: '#ffffff',
        objects: [{ type: 'rect', left: 0, top: 0, width: 80, height: 80, fill: '{{ accent }}', strokeWidth: 0 }],
      },
      variables: { accent: '#00ff00' },
    });
    expect(canvas.status).toBe(200);
    const drawn = await pixels(canvas);
    expect([drawn.width, drawn.height]).toEqual([160, 80]);
    expect(near(drawn.pixel(40, 40), GREEN)).toBe(true);
    expect(near(drawn.pixel(120, 40), [255, 255, 255])).toBe(true);
  });

  it('leaves no render row behind when a preview fails in the renderer', async () => {
    // An image that never answers holds the page's load until the renderer's time-out: a failure of the draft itself.
    const stalling = await startPageServer({ '/never.png': () => {} });
    try {
      const { key: own, accountId: ownId } = await stack.newAccount();
      const res = await stack.api('/templates/preview', {
        method: 'POST',
        key: own,
        json: { html: `<body><img src="${stalling.url('/never.png')}"></body>`, layout: { width: 100, height: 100 } },
      });
      expect(res.status).toBe(422);
      expect((await problemOf(res)).type).toMatch(/\/render-timeout$/);
      // Every row of the owner, previews included (the lists the API serves leave previews out).
      expect((await listRenders(stack.db, { ownerId: ownId, offset: 0, limit: 10 })).total).toBe(0);
      const history = (await (await stack.api('/renders?status=failed', { key: own })).json()) as { items: unknown[] };
      expect(history.items).toEqual([]);
    } finally {
      await stalling.close();
    }
  });

  it('answers bad previews with problems and limits previews per minute', async () => {
    await earlyInMinute();
    const neither = await preview({ variables: {} });
    expect(neither.status).toBe(400);
    expect((await problemOf(neither)).errors).toEqual([expect.objectContaining({ field: 'templateUid' })]);
    const unknown = await preview({ templateUid: 'tpl_nope' });
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).detail).toContain('tpl_nope');
    let limited: Response | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await preview({});
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await problemOf(limited!)).detail).toContain('Template previews allow 8 requests per minute');
  });

  it('lists image and PDF renders in one history with filters, a cursor and a detail view', async () => {
    const { key: own, accountId: ownId } = await stack.newAccount();
    const image = (await (
      await stack.api('/image', { method: 'POST', key: own, json: { html: QUADRANTS, width: 400, height: 300 } })
    ).json()) as {
      id: string;
    };
    const failed = await stack.api('/image', { method: 'POST', key: own, json: { html: QUADRANTS, selector: '#missing' } });
    expect(failed.status).toBe(422);
    const pdf = await stack.api('/pdf/render', { method: 'POST', key: own, json: { html: '<h1>Invoice</h1>' } });
    expect(pdf.status).toBe(200);
    const pdfId = ((await pdf.json()) as { id: string }).id;

    type Item = {
      id: string;
      kind: string;
      status: string;
      thumbnailUrl: string | null;
      url: string | null;
      templateName: string | null;
      error: Record<string, string> | null;
    };
    const list = async (query = '') => {
      const res = await stack.api(`/renders${query}`, { key: own });
      expect(res.status).toBe(200);
      return (await res.json()) as { items: Item[]; pagination: { nextCursor: string | null; hasMore: boolean } };
    };
    const all = await list();
    expect(all.items.map((i) => i.kind)).toEqual(['pdf', 'image', 'image']);
    // No template made them: no name either.
    expect(all.items.map((i) => i.templateName)).toEqual([null, null, null]);
    expect(all.items[0]!.id).toBe(pdfId);
    expect(all.items[2]).toMatchObject({ id: image.id, status: 'done', thumbnailUrl: expect.stringContaining(image.id) });
    const thumb = await fetch(all.items[2]!.thumbnailUrl!);
    expect(thumb.headers.get('content-type')).toBe('image/png');

    expect((await list('?kind=pdf')).items.map((i) => i.id)).toEqual([pdfId]);
    const failures = (await list('?status=failed')).items;
    expect(failures).toHaveLength(1);
    expect(failures[0]!.error).toEqual({
      slug: 'selector-not-found',
      title: expect.any(String),
      detail: expect.stringContaining('#missing'),
    });
    expect((await list(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).items).toEqual([]);

    const first = await list('?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.pagination.hasMore).toBe(true);
    const second = await list(`?limit=2&cursor=${first.pagination.nextCursor}`);
    expect(second.items.map((i) => i.id)).toEqual([image.id]);
    expect(second.pagination).toMatchObject({ hasMore: false, nextCursor: null });

    const badCursor = await stack.api('/renders?cursor=zzz', { key: own });
    expect(badCursor.status).toBe(400);
    expect((await problemOf(badCursor)).errors).toEqual([expect.objectContaining({ field: 'cursor' })]);
    const badKind = await stack.api('/renders?kind=movie', { key: own });
    expect(badKind.status).toBe(400);
    expect((await problemOf(badKind)).errors).toEqual([expect.objectContaining({ field: 'kind' })]);

    // `q` finds renders by text in their id (any case); blank means no search; longer than 200 characters is refused at `q`.
    expect((await list(`?q=${image.id.slice(-8).toUpperCase()}`)).items.map((i) => i.id)).toEqual([image.id]);
    expect((await list(`?q=${image.id}&kind=pdf`)).items).toEqual([]);
    expect((await list('?q=%20%20')).items).toHaveLength(3);
    const longSearch = await stack.api(`/renders?q=${'x'.repeat(201)}`, { key: own });
    expect(longSearch.status).toBe(400);
    expect(longSearch.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await problemOf(longSearch)).errors).toEqual([
      expect.objectContaining({ field: 'q', message: expect.stringContaining('200') }),
    ]);

    const detail = await stack.api(`/renders/${failures[0]!.id}`, { key: own });
    expect(detail.status).toBe(200);
    const { render } = (await detail.json()) as { render: Record<string, any> };
    expect(render.parameters).toMatchObject({ origin: 'html', format: 'png', width: 1200, height: 630 });
    expect(render.timings).toMatchObject({ createdAt: expect.any(String), completedAt: expect.any(String), totalMs: expect.any(Number) });
    expect(render.problem).toMatchObject({ type: expect.stringMatching(/\/errors\/selector-not-found$/), status: 422 });
    expect(render.bytes).toBeNull(); // a failure has no file
    const pdfDetail = (await (await stack.api(`/renders/${pdfId}`, { key: own })).json()) as { render: Record<string, any> };
    expect(pdfDetail.render.parameters).toMatchObject({ pageCount: 1 });
    // The file's size, as the store holds it: what downloading it gives.
    const pdfFile = await fetch(pdfDetail.render.url as string);
    expect(pdfDetail.render.bytes).toBe((await pdfFile.arrayBuffer()).byteLength);

    // The usage page counts them by day and kind (the harness checks this answer against the document too).
    const usage = (await (await stack.api('/usage?days=2', { key: own })).json()) as { perDay: Array<Record<string, number>> };
    expect(usage.perDay).toHaveLength(2);
    const total = (kind: string) => usage.perDay.reduce((sum, day) => sum + day[kind]!, 0);
    expect([total('image'), total('pdf'), total('gif'), total('video')]).toEqual([2, 1, 0, 0]);

    // Real renders announce themselves; previews (every test above) never did.
    // Up to 300 looks 100 ms apart (30 s; it was 5 s, short on a loaded CI machine).
    for (let i = 0; i < 300 && !events.some((e) => 'imageId' in e && e.imageId === image.id); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(events).toContainEqual(expect.objectContaining({ imageId: image.id, source: 'html' }));
    expect(events.filter((e) => e.userId !== ownId)).toEqual([]);

    const foreign = await stack.api(`/renders/${image.id}`, { key });
    expect(foreign.status).toBe(404);
    await problemOf(foreign);
  });

  it('streams batch progress until the batch ends, then serves every result as one ZIP', async () => {
    const uid = (
      (await (
        await stack.api('/templates', {
          method: 'POST',
          key,
          json: {
            name: 'Batch card',
            html: '<body style="margin:0;background:{{colour}}"></body>',
            width: 60,
            height: 40,
            variableDefinitions: [{ name: 'colour', type: 'color', validation: { required: true } }],
          },
        })
      ).json()) as { template: { uid: string } }
    ).template.uid;
    const variableSets = [{ colour: '#ff0000' }, { colour: '#00ff00' }, {}, { colour: '#0000ff' }];
    const started = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json: { variableSets, concurrency: 2 } });
    expect(started.status).toBe(202);
    const { batchId } = (await started.json()) as { batchId: string };

    const events = await stack.api(`/templates/batch/${batchId}/events`, { key });
    expect(events.status).toBe(200);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The stream ends by itself on the terminal state: reading it to the end is the assertion.
    const text = await events.text();
    const progress = text
      .split('\n\n')
      .filter((block) => block.startsWith('event: progress'))
      .map((block) => JSON.parse(block.split('\ndata: ')[1]!) as { total: number; completed: number; failed: number; status: string });
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress.at(-1)).toEqual({ total: 4, completed: 3, failed: 1, cancelled: 0, status: 'partial' });
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.completed + progress[i]!.failed).toBeGreaterThanOrEqual(progress[i - 1]!.completed + progress[i - 1]!.failed);
    }

    const archive = await stack.api(`/templates/batch/${batchId}/archive`, { key });
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    // The id as filename (what API clients read) and a readable <template>-<day>.zip as filename*, which browsers save under.
    expect(archive.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${batchId}\\.zip"; filename\\*=UTF-8''.+-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );
    const dir = await mkdtemp(join(tmpdir(), 'pressroom-archive-'));
    try {
      const file = join(dir, 'batch.zip');
      await writeFile(file, Buffer.from(await archive.arrayBuffer()));
      expect(execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n')).toEqual(['0001.png', '0002.png', '0004.png']);
      execFileSync('unzip', ['-q', file, '-d', join(dir, 'x')]);
      const second = await pixelsOf(await readFile(join(dir, 'x', '0002.png')));
      expect([second.width, second.height]).toEqual([60, 40]);
      expect(near(second.pixel(30, 20), GREEN)).toBe(true);
      const fourth = await pixelsOf(await readFile(join(dir, 'x', '0004.png')));
      expect(near(fourth.pixel(30, 20), BLUE)).toBe(true);
      // Named by a variable's value after the row number (ZIP names are UTF-8; unsafe characters become dashes).
      const named = await stack.api(`/templates/batch/${batchId}/archive?name=colour`, { key });
      expect(named.status).toBe(200);
      await writeFile(join(dir, 'named.zip'), Buffer.from(await named.arrayBuffer()));
      expect(
        execFileSync('unzip', ['-Z1', join(dir, 'named.zip')])
          .toString()
          .trim()
          .split('\n'),
      ).toEqual(['0001-#ff0000.png', '0002-#00ff00.png', '0004-#0000ff.png']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A name no row has is refused at `name` before anything streams, naming the ones they have.
    const misspelt = await stack.api(`/templates/batch/${batchId}/archive?name=color`, { key });
    expect(misspelt.status).toBe(400);
    expect((await problemOf(misspelt)).errors).toEqual([
      expect.objectContaining({ field: 'name', message: expect.stringContaining('`colour`') }),
    ]);
    const blank = await stack.api(`/templates/batch/${batchId}/archive?name=`, { key });
    expect(blank.status).toBe(400);
    expect((await problemOf(blank)).errors).toEqual([expect.objectContaining({ field: 'name' })]);

    // A batch row's variables find its render in the history (`q`, any case).
    const byValue = (await (await stack.api('/renders?q=%2300FF00', { key })).json()) as { items: Array<{ id: string; status: string }> };
    // Named by its template in the list and on its page, so the dashboard reads no list of templates to name it.
    expect(byValue.items).toEqual([expect.objectContaining({ status: 'done', templateUid: uid, templateName: 'Batch card' })]);
    const rowRender = (await (await stack.api(`/renders/${byValue.items[0]!.id}`, { key })).json()) as { render: Record<string, unknown> };
    expect(rowRender.render).toMatchObject({ templateUid: uid, templateName: 'Batch card' });

    // The dashboard's batch list: the latest batches, newest first, without their results.
    const recent = await stack.api('/batches', { key });
    expect(recent.status).toBe(200);
    const { batches } = (await recent.json()) as { batches: Array<Record<string, unknown>> };
    // Named by its template, as its results are, so the dashboard reads no list of templates to name a batch.
    expect(batches[0]).toMatchObject({
      batchId,
      templateId: uid,
      templateName: 'Batch card',
      status: 'partial',
      totalItems: 4,
      completedItems: 3,
      failedItems: 1,
    });
    const results = (await (await stack.api(`/templates/batch/${batchId}/results`, { key })).json()) as Record<string, unknown>;
    expect(results).toMatchObject({ batchId, templateId: uid, templateName: 'Batch card' });
    expect(batches[0]).not.toHaveProperty('results');
    const { key: stranger } = await stack.newAccount();
    expect(((await (await stack.api('/batches', { key: stranger })).json()) as { batches: unknown[] }).batches).toEqual([]);

    for (const path of ['archive', 'events']) {
      const missing = await stack.api(`/templates/batch/bat_missing/${path}`, { key });
      expect(missing.status).toBe(404);
      expect((await problemOf(missing)).detail).toContain('bat_missing');
    }
  });
});
