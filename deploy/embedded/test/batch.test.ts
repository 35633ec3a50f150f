import type { ServerResponse } from 'node:http';
import { countBatches, createAccount, createApiKey, getRenderById, listBatchItems, setOwnerPlan } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { decode, near, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';
import { loadDocumentedVerifier, recordInto, sleep, type Received } from './webhook-support.js';

const DAY = 86_400_000;
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** 40 people; the CSV quotes commas, doubled quotes and a line break, and starts with a BOM. */
function peopleCsv(): string {
  const lines = ['Title,Colour,Note'];
  for (let i = 0; i < 40; i++) {
    const title = i % 3 === 0 ? `"Smith, Jane ${i}"` : i % 3 === 1 ? `"Say ""hi"" ${i}"` : `"Line one\nline two ${i}"`;
    lines.push(`${title},${i % 2 === 0 ? '#ff0000' : '#0000ff'},note ${i}`);
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function statusOf(results: { status: string }): string {
  return results.status;
}

describe('batch rendering through the HTTP API (memory+pglite)', () => {
  let stack: TestStack;
  let pages: Awaited<ReturnType<typeof startPageServer>>;
  let verifier: Awaited<ReturnType<typeof loadDocumentedVerifier>>;
  let clockOffsetMs = 0;
  const received: Received[] = [];
  const slowHits = new Map<string, number>();
  const accountIds = new Map<string, string>();

  beforeAll(async () => {
    verifier = await loadDocumentedVerifier();
    pages = await startPageServer({
      '/slow.png': (req, res: ServerResponse) => {
        const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
        slowHits.set(id, (slowHits.get(id) ?? 0) + 1);
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG), 350);
      },
      '/hook': recordInto(received, 200),
      '/people.csv': (_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(peopleCsv()),
      '/bad.csv': (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/csv' }).end('\uFEFFName,"Price, in EUR"\r\n"Doe, John","12,50"\r\n'),
      '/huge.csv': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        const row = Buffer.from(`${'x'.repeat(1_000)},y\n`);
        let sent = 0;
        const pump = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += row.length;
            if (!res.write(row)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => {});
        pump();
      },
      '/gone.csv': (_req, res) => res.writeHead(404).end('no'),
    });
    stack = await startTestStack('memory+pglite', {
      secretKey: 'batch-test-server-key-0123456789',
      webhooks: { retryScheduleMs: [200, 200, 200, 200, 200], timeoutMs: 2_000, pollMs: 50 },
      batches: { pollMs: 150, now: () => new Date(Date.now() + clockOffsetMs) },
    });
  });
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
    await verifier?.cleanup();
  });

  async function account(plan: 'free' | 'pro' | 'business'): Promise<string> {
    const created = await createAccount(stack.db, { name: `batch-${plan}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, plan });
    // Batch caps follow the plan; request rates are lifted because results are polled every 40 ms (docs/limits.md).
    await setOwnerPlan(stack.db, { ownerId: created.id, kind: 'account', plan, settings: { perMinute: 1_000_000, perDay: 100_000_000 } });
    const { key } = await createApiKey(stack.db, { accountId: created.id });
    accountIds.set(key, created.id);
    return key;
  }
  async function template(key: string, json: Record<string, unknown>): Promise<string> {
    const res = await stack.api('/templates', { method: 'POST', key, json: { name: 'batch', width: 60, height: 40, ...json } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }
  async function start(key: string, uid: string, json: Record<string, unknown>): Promise<Record<string, any>> {
    const res = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json });
    if (res.status !== 202) throw new Error(`batch start answered ${res.status}: ${await res.text()}`);
    expect(res.headers.get('location')).toMatch(/^\/templates\/batch\/bat_[a-z0-9]+\/results$/);
    return (await res.json()) as Record<string, any>;
  }
  async function results(key: string, batchId: string): Promise<Record<string, any>> {
    const res = await stack.api(`/templates/batch/${batchId}/results`, { key });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, any>;
  }
  async function finished(key: string, batchId: string, timeoutMs = 40_000): Promise<Record<string, any>> {
    return waitFor(
      async () => {
        const r = await results(key, batchId);
        return ['completed', 'partial', 'failed', 'cancelled'].includes(statusOf(r as { status: string })) ? r : null;
      },
      `batch ${batchId} to finish`,
      timeoutMs,
    );
  }
  async function batchesOf(key: string): Promise<number> {
    return countBatches(stack.db, { ownerId: accountIds.get(key)! });
  }

  it('renders 25 rows, fails the 3 invalid ones as items, ends partial with exactly 22 urls and announces batch.completed', async () => {
    const key = await account('pro');
    const uid = await template(key, {
      html: '<body style="margin:0;background:{{colour}}"><p style="font:8px sans-serif;color:#fff">{{name}}</p></body>',
      variableDefinitions: [
        { name: 'name', type: 'text', validation: { required: true, maxLength: 20 } },
        { name: 'colour', type: 'color', validation: { required: true } },
      ],
    });
    const failedSub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'render.failed', targetUrl: pages.url('/hook?sub=failed'), filters: { templateId: uid } },
    });
    expect(failedSub.status).toBe(201);
    const invalid = new Map<number, Record<string, unknown>>([
      [3, { colour: '#ff0000' }],
      [11, { name: 'x'.repeat(30), colour: '#0000ff' }],
      [19, { name: 'bad colour', colour: 'not-a-colour' }],
    ]);
    const variableSets = Array.from(
      { length: 25 },
      (_, i) => invalid.get(i) ?? { name: `Row ${i}`, colour: i % 2 === 0 ? '#ff0000' : '#0000ff' },
    );
    const before = received.length;
    const started = await start(key, uid, { variableSets, concurrency: 3, webhookUrl: pages.url('/hook?batch=25') });
    expect(started).toEqual({
      batchId: expect.stringMatching(/^bat_/),
      status: 'pending',
      totalItems: 25,
      message: expect.any(String),
      webhookSecret: expect.stringMatching(/^whsec_/),
    });

    const done = await finished(key, started.batchId);
    expect(done).toMatchObject({
      batchId: started.batchId,
      templateId: uid,
      status: 'partial',
      progress: 100,
      totalItems: 25,
      completedItems: 22,
      failedItems: 3,
      cancelledItems: 0,
    });
    expect(done.createdAt).toEqual(expect.any(String));
    expect(Date.parse(done.completedAt) >= Date.parse(done.startedAt)).toBe(true);
    expect(Date.parse(done.expiresAt) - Date.parse(done.completedAt)).toBe(7 * DAY);
    const items = done.results as Array<Record<string, any>>;
    expect(items.map((r) => r.index)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    // Each result carries its row's values, failed rows too: which row it is, without counting.
    expect(items.map((r) => r.variables)).toEqual(variableSets);
    const ok = items.filter((r) => r.success);
    expect(ok).toHaveLength(22);
    expect(new Set(ok.map((r) => r.url)).size).toBe(22);
    expect(ok.every((r) => r.width === 60 && r.height === 40 && r.error === null && /^img_/.test(r.imageId))).toBe(true);
    const bad = items.filter((r) => !r.success);
    expect(bad.map((r) => r.index)).toEqual([3, 11, 19]);
    expect(bad.every((r) => r.url === null && r.errorCode === 'VALIDATION_ERROR')).toBe(true);
    expect(bad[0]!.error).toMatch(/variables\.name/);
    expect(bad[1]!.error).toMatch(/at most 20/);
    expect(bad[2]!.error).toMatch(/variables\.colour/);
    for (const index of [0, 1, 24]) {
      const image = await decode(items[index]!.url);
      expect([image.width, image.height, image.format]).toEqual([60, 40, 'png']);
      expect(near(image.pixel(55, 35), index % 2 === 0 ? [255, 0, 0] : [0, 0, 255])).toBe(true);
    }
    const listed = (await (await stack.api(`/image/${ok[0]!.imageId}`, { key })).json()) as {
      image: { source: string; templateId: string };
    };
    expect(listed.image).toMatchObject({ source: 'batch', templateId: uid });
    // The batch keeps its format, and a row's render names the batch and row that made it (a single render names none).
    expect(done.format).toBe('png');
    const detail = (await (await stack.api(`/renders/${ok[1]!.imageId}`, { key })).json()) as { render: { batch?: unknown } };
    expect(detail.render.batch).toEqual({ id: started.batchId, index: ok[1]!.index });

    // Never more than `concurrency` items in flight: the items' own start and finish times.
    const rows = await listBatchItems(stack.db, started.batchId);
    const edges = rows.flatMap((r) => [
      { t: r.startedAt!.getTime(), d: 1 },
      { t: r.completedAt!.getTime(), d: -1 },
    ]);
    edges.sort((a, b) => a.t - b.t || a.d - b.d);
    let inFlight = 0;
    let most = 0;
    for (const e of edges) most = Math.max(most, (inFlight += e.d));
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThanOrEqual(2);

    // batch.completed to the batch's webhookUrl, signed with its webhookSecret.
    const hook = await waitFor(() => received.slice(before).find((r) => r.path === '/hook?batch=25'), 'batch.completed');
    expect(hook.headers['x-service-event']).toBe('batch.completed');
    expect(verifier.verify(hook.raw, String(hook.headers['x-service-signature']), started.webhookSecret)).toBe(true);
    expect(JSON.parse(hook.raw.toString())).toEqual({
      event: 'batch.completed',
      timestamp: expect.any(String),
      data: { batchId: started.batchId, status: 'partial', totalCount: 25, completedCount: 22, failedCount: 3 },
    });
    // Every failed item is a render.failed with its errorCode.
    const failures = await waitFor(() => {
      const got = received.slice(before).filter((r) => r.path === '/hook?sub=failed');
      return got.length >= 3 ? got : null;
    }, 'three render.failed deliveries');
    await sleep(300);
    expect(received.slice(before).filter((r) => r.path === '/hook?sub=failed')).toHaveLength(3);
    expect(failures.map((f) => JSON.parse(f.raw.toString()).data)).toEqual(
      Array.from({ length: 3 }, () => ({ type: 'image', templateId: uid, error: expect.any(String), errorCode: 'VALIDATION_ERROR' })),
    );
  });

  it('renders a 40-row CSV fetched once from a local server (BOM, quoted commas, quotes and line breaks)', async () => {
    const key = await account('pro');
    const uid = await template(key, { html: '<body style="margin:0;background:{{colour}}"><p>{{title}}</p></body>' });
    const hitsBefore = pages.hits.get('/people.csv') ?? 0;
    const started = await start(key, uid, {
      csvUrl: pages.url('/people.csv'),
      mappings: { title: 'Title', colour: 'Colour' },
      format: 'jpeg',
      quality: 0.8,
      concurrency: 4,
    });
    expect(started).toMatchObject({ status: 'pending', totalItems: 40 });
    expect(started).not.toHaveProperty('webhookSecret');
    const done = await finished(key, started.batchId);
    expect(done).toMatchObject({ status: 'completed', completedItems: 40, failedItems: 0, progress: 100 });
    expect((done.results as Array<{ success: boolean }>).every((r) => r.success)).toBe(true);
    expect(pages.hits.get('/people.csv')! - hitsBefore).toBe(1);
    const first = await decode(done.results[0].url);
    expect(first.format).toBe('jpeg');
    expect(near(first.pixel(50, 35), [255, 0, 0], 30)).toBe(true);
    const second = await decode(done.results[1].url);
    expect(near(second.pixel(50, 35), [0, 0, 255], 30)).toBe(true);
    // The rows arrived intact: quoted comma, doubled quotes and the line break.
    const rows = await listBatchItems(stack.db, started.batchId);
    expect(rows.slice(0, 3).map((r) => r.variables)).toEqual([
      { title: 'Smith, Jane 0', colour: '#ff0000' },
      { title: 'Say "hi" 1', colour: '#0000ff' },
      { title: 'Line one\nline two 2', colour: '#ff0000' },
    ]);
  });

  it('renders every row in each of several layouts; a batch.completed subscription hears it', async () => {
    const key = await account('pro');
    const uid = await template(key, {
      html: '<body style="margin:0;background:{{colour}}"></body>',
      layouts: { square: { width: 40, height: 40 } },
    });
    const sub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'batch.completed', targetUrl: pages.url('/hook?sub=batch'), filters: { templateId: uid } },
    });
    expect(sub.status).toBe(201);
    const { secret } = ((await sub.json()) as { subscription: { secret: string } }).subscription;
    const before = received.length;
    const started = await start(key, uid, {
      variableSets: [{ colour: '#ff0000' }, { colour: '#0000ff' }],
      layouts: ['default', 'square'],
      format: 'webp',
    });
    expect(started.totalItems).toBe(4);
    const done = await finished(key, started.batchId);
    expect(done.status).toBe('completed');
    const shapes = (done.results as Array<Record<string, any>>).map((r) => [r.index, r.layout, r.width, r.height]);
    expect(shapes).toEqual([
      [0, 'default', 60, 40],
      [0, 'square', 40, 40],
      [1, 'default', 60, 40],
      [1, 'square', 40, 40],
    ]);
    const square = await decode(done.results[3].url);
    expect([square.format, square.width, square.height]).toEqual(['webp', 40, 40]);
    expect(near(square.pixel(20, 20), [0, 0, 255], 20)).toBe(true);
    const hook = await waitFor(
      () => received.slice(before).find((r) => r.path === '/hook?sub=batch'),
      'batch.completed to the subscription',
    );
    expect(verifier.verify(hook.raw, String(hook.headers['x-service-signature']), secret)).toBe(true);
    expect(JSON.parse(hook.raw.toString()).data).toEqual({
      batchId: started.batchId,
      status: 'completed',
      totalCount: 4,
      completedCount: 4,
      failedCount: 0,
    });
  });

  it('answers bad batch input with a clear problem and creates nothing', async () => {
    const key = await account('pro');
    const uid = await template(key, { html: '<p>{{Name}}</p>', layouts: { square: { width: 40, height: 40 } } });
    const post = (json: Record<string, unknown>, target = uid) =>
      stack.api(`/templates/${target}/batch-render`, { method: 'POST', key, json });
    const cases: Array<[Record<string, unknown>, number, RegExp, string | null, RegExp | null]> = [
      [{ variableSets: Array.from({ length: 101 }, () => ({})) }, 400, /validation-error$/, 'variableSets', /At most 100/],
      [{ variableSets: [] }, 400, /validation-error$/, 'variableSets', null],
      [{ variableSets: [{}], concurrency: 11 }, 400, /validation-error$/, 'concurrency', null],
      [{ variableSets: [{}], concurrency: 0 }, 400, /validation-error$/, 'concurrency', null],
      [{ variableSets: [{}], quality: 0 }, 400, /validation-error$/, 'quality', null],
      // `gif` is accepted since the hosted service's clients send it (compat-clients.test.ts); `pdf` is not.
      [{ variableSets: [{}], format: 'pdf' }, 400, /validation-error$/, 'format', null],
      [{}, 400, /validation-error$/, 'variableSets', /variableSets.*csvUrl/],
      [{ variableSets: [{}], csvUrl: pages.url('/people.csv') }, 400, /validation-error$/, 'csvUrl', null],
      [{ variableSets: [{}], layout: 'square', layouts: ['square'] }, 400, /validation-error$/, 'layouts', null],
      [{ variableSets: [{}], layout: 'wide' }, 400, /validation-error$/, 'layout', /no layout "wide"/],
      [{ variableSets: [{}], layout: 'Bad Key' }, 400, /validation-error$/, 'layout', null],
      [{ variableSets: [{}], webhookUrl: 'file:///etc/passwd' }, 400, /blocked-url$/, null, /file:/],
      [{ csvUrl: 'http://169.254.169.254/latest/meta-data/users.csv' }, 400, /blocked-url$/, null, /169\.254\.169\.254/],
      [
        { csvUrl: pages.url('/bad.csv'), mappings: { Name: 'Name', Title: 'Title' } },
        400,
        /validation-error$/,
        'mappings.Title',
        /Column "Title" is not in the CSV; its columns are "Name", "Price, in EUR"/,
      ],
      [{ csvUrl: pages.url('/huge.csv') }, 400, /validation-error$/, 'csvUrl', /larger than 5 MiB/],
      [{ csvUrl: pages.url('/gone.csv') }, 400, /validation-error$/, 'csvUrl', /HTTP 404/],
      [{ csvUrl: 'not a url' }, 400, /validation-error$/, 'csvUrl', null],
    ];
    for (const [json, status, type, field, detail] of cases) {
      const res = await post(json);
      const problem = await problemOf(res);
      expect([res.status, problem.type, json]).toEqual([status, expect.stringMatching(type), json]);
      if (field) expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      if (detail) expect(problem.detail).toMatch(detail);
    }
    const missing = await post({ variableSets: [{}] }, 'tpl_doesnotexist');
    expect(missing.status).toBe(404);
    expect((await problemOf(missing)).type).toMatch(/template-not-found$/);
    expect(await batchesOf(key)).toBe(0);

    // The same CSV with a correct mapping is fine: BOM stripped, quoted commas kept.
    const ok = await start(key, uid, { csvUrl: pages.url('/bad.csv'), mappings: { Name: 'Name', Price: 'Price, in EUR' } });
    expect(ok.totalItems).toBe(1);
    const done = await finished(key, ok.batchId);
    expect(done.status).toBe('completed');
    const [row] = await listBatchItems(stack.db, ok.batchId);
    expect(row!.variables).toEqual({ Name: 'Doe, John', Price: '12,50' });
  });

  it('enforces the plan: items per job and batches at once (batch_limit)', async () => {
    const key = await account('free');
    const uid = await template(key, { html: `<img src="${pages.url('/slow.png')}?id=cap-{{n}}"><p>{{n}}</p>` });
    const tooMany = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: Array.from({ length: 11 }, (_, n) => ({ n })) },
    });
    expect(tooMany.status).toBe(403);
    const items = await problemOf(tooMany);
    expect(items).toMatchObject({ code: 'batch_limit', limit: 10, plan: 'free', items: 11 });
    expect(items.type).toMatch(/plan-limit$/);
    expect(items.detail).toMatch(/free plan allows at most 10 items per batch/);
    const layouts = await stack.api(`/templates/${uid}/batch-render`, {
      method: 'POST',
      key,
      json: { variableSets: Array.from({ length: 6 }, (_, n) => ({ n })), layouts: ['default', 'default'] },
    });
    expect(layouts.status).toBe(400);

    const first = await start(key, uid, { variableSets: Array.from({ length: 10 }, (_, n) => ({ n })), concurrency: 1 });
    const second = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json: { variableSets: [{ n: 1 }] } });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('30');
    const busy = await problemOf(second);
    expect(busy).toMatchObject({ code: 'batch_limit', limit: 1, plan: 'free' });
    expect(busy.type).toMatch(/too-many-batches$/);
    expect(busy.detail).toMatch(/at most 1 batch at a time/);

    const cancel = await stack.api(`/templates/batch/${first.batchId}/cancel`, { method: 'POST', key });
    expect(cancel.status).toBe(200);
    const third = await start(key, uid, { variableSets: [{ n: 1 }] });
    expect((await finished(key, third.batchId)).status).toBe('completed');
  });

  it('cancels mid-run: items not yet started never render, and a finished batch cannot be cancelled (409)', async () => {
    const key = await account('pro');
    const uid = await template(key, { html: `<img src="${pages.url('/slow.png')}?id=cancel-{{n}}"><p>{{n}}</p>` });
    const before = received.length;
    const started = await start(key, uid, {
      variableSets: Array.from({ length: 12 }, (_, n) => ({ n })),
      concurrency: 2,
      webhookUrl: pages.url('/hook?batch=cancel'),
    });
    await waitFor(async () => (await results(key, started.batchId)).completedItems >= 2, 'two items done');

    const cancel = await stack.api(`/templates/batch/${started.batchId}/cancel`, { method: 'POST', key });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({
      batchId: started.batchId,
      status: 'cancelled',
      message: expect.stringMatching(/will not render/),
    });
    const atCancel = (await listBatchItems(stack.db, started.batchId)).filter((i) => i.renderId !== null).length;
    expect(atCancel).toBeLessThan(12);

    await sleep(1_500);
    const after = await results(key, started.batchId);
    expect(after.status).toBe('cancelled');
    const items = await listBatchItems(stack.db, started.batchId);
    const begun = items.filter((i) => i.renderId !== null);
    expect(begun).toHaveLength(atCancel);
    expect(after.cancelledItems).toBe(12 - atCancel);
    expect(after.completedItems + after.failedItems).toBe(atCancel);
    expect(items.filter((i) => i.state === 'cancelled').every((i) => i.renderId === null)).toBe(true);
    // The pages of items that never started were never loaded.
    for (const item of items.filter((i) => i.state === 'cancelled')) expect(slowHits.get(`cancel-${item.rowIndex}`) ?? 0).toBe(0);
    const renders = await Promise.all(begun.map((i) => getRenderById(stack.db, i.renderId!)));
    expect(renders.filter((r) => r !== null)).toHaveLength(atCancel);

    const again = await stack.api(`/templates/batch/${started.batchId}/cancel`, { method: 'POST', key });
    expect(again.status).toBe(409);
    const conflict = await problemOf(again);
    expect(conflict.type).toMatch(/conflict$/);
    expect(conflict.detail).toMatch(/already finished \(status cancelled\)/);

    const hook = await waitFor(() => received.slice(before).find((r) => r.path === '/hook?batch=cancel'), 'batch.completed (cancelled)');
    expect(JSON.parse(hook.raw.toString()).data).toMatchObject({ batchId: started.batchId, status: 'cancelled', totalCount: 12 });
    expect(verifier.verify(hook.raw, String(hook.headers['x-service-signature']), started.webhookSecret)).toBe(true);

    const other = await account('pro');
    expect((await stack.api(`/templates/batch/${started.batchId}/results`, { key: other })).status).toBe(404);
    expect((await stack.api(`/templates/batch/${started.batchId}/cancel`, { method: 'POST', key: other })).status).toBe(404);
  });

  it('fails the remaining items with TEMPLATE_NOT_FOUND when the template is deleted mid-batch', async () => {
    const key = await account('pro');
    const uid = await template(key, { html: `<img src="${pages.url('/slow.png')}?id=gone-{{n}}"><p>{{n}}</p>` });
    const sub = await stack.api('/webhook-subscriptions', {
      method: 'POST',
      key,
      json: { event: 'render.failed', targetUrl: pages.url('/hook?sub=gone') },
    });
    expect(sub.status).toBe(201);
    const before = received.length;
    const started = await start(key, uid, { variableSets: Array.from({ length: 6 }, (_, n) => ({ n })), concurrency: 1 });
    const running = await waitFor(async () => {
      const r = await results(key, started.batchId);
      return r.completedItems >= 1 ? r : null;
    }, 'first item done');
    expect(running).toMatchObject({ templateId: uid, templateName: 'batch' });
    expect((await stack.api(`/templates/${uid}`, { method: 'DELETE', key })).status).toBe(200);

    const done = await finished(key, started.batchId);
    expect(done.status).toBe('partial');
    // The template is gone: the batch still says its uid, and no name (its results and the list of batches alike).
    expect(done).toMatchObject({ templateId: uid, templateName: null });
    const listed = (await (await stack.api('/batches', { key })).json()) as { batches: Array<Record<string, unknown>> };
    expect(listed.batches.find((b) => b.batchId === started.batchId)).toMatchObject({ templateId: uid, templateName: null });
    const failed = (done.results as Array<Record<string, any>>).filter((r) => !r.success);
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(failed.every((r) => r.errorCode === 'TEMPLATE_NOT_FOUND' && /deleted/.test(r.error))).toBe(true);
    const deliveries = await waitFor(() => {
      const got = received.slice(before).filter((r) => r.path === '/hook?sub=gone');
      return got.length >= failed.length ? got : null;
    }, 'render.failed deliveries');
    expect(deliveries.map((d) => JSON.parse(d.raw.toString()).data.errorCode)).toEqual(failed.map(() => 'TEMPLATE_NOT_FOUND'));
  });

  it('deletes results 7 days after the batch finished', async () => {
    const key = await account('pro');
    const uid = await template(key, { html: '<p>{{n}}</p>' });
    const started = await start(key, uid, { variableSets: [{ n: 1 }, { n: 2 }] });
    expect((await finished(key, started.batchId)).status).toBe('completed');
    clockOffsetMs = 6 * DAY;
    await stack.scheduler!.sweep();
    expect((await stack.api(`/templates/batch/${started.batchId}/results`, { key })).status).toBe(200);
    clockOffsetMs = 7 * DAY + 60_000;
    await stack.scheduler!.sweep();
    clockOffsetMs = 0;
    const gone = await stack.api(`/templates/batch/${started.batchId}/results`, { key });
    expect(gone.status).toBe(404);
    // The retention in the text for people and as a member for clients (the dashboard's page for a missing batch reads it).
    const problem = await problemOf(gone);
    expect(problem.detail).toMatch(/kept for 7 days/);
    expect(problem.retentionDays).toBe(7);
    expect(await listBatchItems(stack.db, started.batchId)).toHaveLength(0);
  });
});
