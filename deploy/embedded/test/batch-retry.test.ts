import type { ServerResponse } from 'node:http';
import { createAccount, createApiKey, setOwnerPlan } from '@pressroom/db';
import { waitFor } from '@pressroom/testing';
import { FLAVOURS, problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const FINAL = ['completed', 'partial', 'failed', 'cancelled'];

describe.each(FLAVOURS)('POST /templates/batch/{id}/retry renders the failed items again as a new batch (%s)', (flavour) => {
  let stack: TestStack;
  let pages: Awaited<ReturnType<typeof startPageServer>>;

  beforeAll(async () => {
    // A picture that takes a moment: a batch of a few rows at concurrency 1 is surely still running when asked.
    pages = await startPageServer({
      '/slow.png': (_req, res: ServerResponse) => {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG), 300);
      },
    });
    stack = await startTestStack(flavour, { batches: { pollMs: 100 } });
  });
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
  });

  async function account(plan: 'free' | 'pro'): Promise<{ key: string; ownerId: string }> {
    const created = await createAccount(stack.db, { name: `retry-${plan}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, plan });
    // Results are polled often; the request rate is not what these tests are about.
    await setOwnerPlan(stack.db, { ownerId: created.id, kind: 'account', plan, settings: { perMinute: 1_000_000, perDay: 100_000_000 } });
    return { key: (await createApiKey(stack.db, { accountId: created.id })).key, ownerId: created.id };
  }
  async function template(key: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        ...extra,
        name: 'retried',
        width: 60,
        height: 40,
        html: `<body style="margin:0;background:{{colour}}"><img src="${pages.url('/slow.png')}"><p>{{name}}</p></body>`,
        variableDefinitions: [
          { name: 'name', type: 'text' },
          { name: 'colour', type: 'color', validation: { required: true } },
        ],
      },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }
  async function start(key: string, uid: string, json: Record<string, unknown>): Promise<string> {
    const res = await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json });
    expect(res.status).toBe(202);
    return ((await res.json()) as { batchId: string }).batchId;
  }
  const retry = (key: string, id: string) => stack.api(`/templates/batch/${id}/retry`, { method: 'POST', key });
  async function finished(key: string, id: string): Promise<Record<string, any>> {
    return waitFor(
      async () => {
        const body = (await (await stack.api(`/templates/batch/${id}/results`, { key })).json()) as Record<string, any>;
        return FINAL.includes(body.status as string) ? body : null;
      },
      `batch ${id} to finish`,
      40_000,
    );
  }

  it('refuses while the batch runs, then starts a batch of only the failed rows with their values; nothing failed is a 409', async () => {
    const { key } = await account('pro');
    const uid = await template(key);
    const rows = [
      { name: 'Ada', colour: '#ff0000' },
      { name: 'Bad one', colour: 'not-a-colour' },
      { name: 'Grace', colour: '#00ff00' },
      { name: 'Bad two', colour: 'also-not' },
    ];
    const first = await start(key, uid, { variableSets: rows, format: 'jpeg', quality: 0.5, concurrency: 1 });

    const running = await retry(key, first);
    expect(running.status).toBe(409);
    expect((await problemOf(running)).detail).toMatch(/is still running .*once it has finished/);

    expect((await finished(key, first)).status).toBe('partial');
    const res = await retry(key, first);
    expect(res.status).toBe(202);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toEqual({
      batchId: expect.stringMatching(/^bat_/),
      status: 'pending',
      totalItems: 2,
      message: expect.stringContaining('Batch of 2 items accepted'),
      retryOf: first,
      failedRows: 2,
    });
    expect(res.headers.get('location')).toBe(`/templates/batch/${body.batchId}/results`);
    const again = await finished(key, body.batchId as string);
    expect(again).toMatchObject({ templateId: uid, format: 'jpeg', totalItems: 2, status: 'failed' });
    expect(again.results.map((r: { index: number; variables: unknown }) => [r.index, r.variables])).toEqual([
      [0, rows[1]],
      [1, rows[3]],
    ]);

    const ok = await start(key, uid, { variableSets: [rows[0]] });
    expect((await finished(key, ok)).status).toBe('completed');
    const nothing = await retry(key, ok);
    expect(nothing.status).toBe(409);
    expect((await problemOf(nothing)).detail).toMatch(/No row of batch .* failed/);

    const unknown = await retry(key, 'bat_unknown');
    expect(unknown.status).toBe(404);
    // Another account's batch is not found either.
    const other = await account('pro');
    expect((await retry(other.key, first)).status).toBe(404);
  });

  it('holds a retry to the plan’s batch limits, as a new batch: items per batch, then batches at once', async () => {
    const { key, ownerId } = await account('pro');
    const uid = await template(key);
    const bad = Array.from({ length: 11 }, (_, n) => ({ name: `Row ${n}`, colour: 'nope' }));
    const failed = await start(key, uid, { variableSets: bad, concurrency: 10 });
    expect((await finished(key, failed)).status).toBe('failed');

    // The free plan takes 10 items per batch: 11 failed items are refused as a batch of 11 rows would be.
    await setOwnerPlan(stack.db, { ownerId, kind: 'account', plan: 'free', settings: { perMinute: 1_000_000, perDay: 100_000_000 } });
    // As the admin CLI tells the gateways: the plan cache drops the old plan at once (owner.changed).
    await stack.owners.changed(ownerId, ['plan']);
    const tooMany = await retry(key, failed);
    expect(tooMany.status).toBe(403);
    expect(await problemOf(tooMany)).toMatchObject({ code: 'batch_limit', limit: 10, plan: 'free', items: 11 });

    const few = await start(key, uid, { variableSets: [{ name: 'Bad', colour: 'nope' }] });
    expect((await finished(key, few)).status).toBe('failed');
    // One batch at a time on the free plan: with another running, the retry waits its turn like any new batch.
    const busy = await start(key, uid, {
      variableSets: [{ colour: '#ff0000' }, { colour: '#00ff00' }, { colour: '#0000ff' }],
      concurrency: 1,
    });
    const refused = await retry(key, few);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await problemOf(refused)).type).toMatch(/too-many-batches$/);
    await finished(key, busy);
    expect((await retry(key, few)).status).toBe(202);
  });

  it('refuses a retry whose failed rows were in a size the template no longer has, naming it and the sizes left', async () => {
    const { key } = await account('pro');
    const uid = await template(key, { layouts: { square: { width: 40, height: 40 }, wide: { width: 80, height: 40 } } });
    const failed = await start(key, uid, { variableSets: [{ name: 'Bad', colour: 'nope' }], layouts: ['default', 'square'] });
    expect((await finished(key, failed)).status).toBe('failed');

    const dropped = await stack.api(`/templates/${uid}`, { method: 'PUT', key, json: { layouts: { wide: { width: 80, height: 40 } } } });
    expect(dropped.status).toBe(200);
    const refused = await retry(key, failed);
    expect(refused.status).toBe(409);
    expect((await problemOf(refused)).detail).toBe(
      `Template ${uid} no longer has the size "square" that rows of batch ${failed} failed in; its sizes are default, wide.`,
    );
  });
});
