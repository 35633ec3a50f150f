import {
  ConcurrentBatchLimitError,
  batchItemOfRender,
  cancelBatch,
  countBatchItems,
  countBatches,
  createBatch,
  deleteTemplate,
  finishBatchIfDone,
  getBatch,
  getNamedBatch,
  insertTemplate,
  listRecentBatches,
  openDatabase,
  settleBatchItem,
  startNextBatchItems,
  type NewBatch,
} from './index.js';
import { createTestDatabase } from '@pressroom/testing';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { templateRow } from './test-support/template-rows.js';

function batch(ownerId: string, overrides: Partial<NewBatch> = {}): NewBatch {
  return {
    id: unique('bat'),
    ownerId,
    accountId: ownerId,
    templateId: 'tpl_x',
    format: 'png',
    quality: 0.9,
    concurrency: 2,
    layouts: null,
    csvUrl: null,
    webhookUrl: null,
    webhookSecretCiphertext: null,
    ...overrides,
  };
}

const rows = (n: number) => Array.from({ length: n }, (_, rowIndex) => ({ rowIndex, layout: null, variables: { n: rowIndex } }));

describe.each(ENGINES)('batches on %s', (engine) => {
  const db = useDatabase(engine);

  it('creates a batch with its items, or nothing when the owner is at the cap', async () => {
    const owner = unique('acc');
    const first = await createBatch(db(), { batch: batch(owner), items: rows(3), maxActive: 1 });
    expect(first).toMatchObject({ status: 'pending', totalItems: 3, startedAt: null });
    expect(await countBatchItems(db(), first.id)).toMatchObject({ pending: 3 });
    const refused = batch(owner);
    await expect(createBatch(db(), { batch: refused, items: rows(2), maxActive: 1 })).rejects.toBeInstanceOf(ConcurrentBatchLimitError);
    expect(await getBatch(db(), { ownerId: owner, id: refused.id })).toBeNull();
    expect(await countBatches(db(), { ownerId: owner })).toBe(1);
    // Unlimited, and finished batches do not count.
    await createBatch(db(), { batch: batch(owner), items: rows(1), maxActive: null });
    expect((await cancelBatch(db(), { ownerId: owner, id: first.id, at: new Date() }))?.outcome).toBe('cancelled');
  });

  it("lists an owner's latest batches, newest first, and nobody else's", async () => {
    const owner = unique('acc');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await createBatch(db(), { batch: batch(owner), items: rows(1), maxActive: null })).id);
      await new Promise((r) => setTimeout(r, 5));
    }
    await createBatch(db(), { batch: batch(unique('acc')), items: rows(1), maxActive: null });
    expect((await listRecentBatches(db(), { ownerId: owner, limit: 2 })).map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(await listRecentBatches(db(), { ownerId: owner, limit: 10 })).toHaveLength(3);
  });

  it("names each batch's template from the owner's templates, null once deleted or never the owner's", async () => {
    const owner = unique('acc');
    const card = await insertTemplate(db(), templateRow(owner, { name: 'Sale card' }));
    const gone = await insertTemplate(db(), templateRow(owner, { name: 'Old banner' }));
    const strangers = await insertTemplate(db(), templateRow(unique('other'), { name: 'Not yours' }));
    const nameOf: Record<string, string | null> = {};
    for (const [template, name] of [
      [card, 'Sale card'],
      [gone, null],
      [strangers, null],
    ] as const) {
      const made = await createBatch(db(), { batch: batch(owner, { templateId: template.uid }), items: rows(1), maxActive: null });
      nameOf[made.id] = name;
    }
    await deleteTemplate(db(), { ownerId: owner, uid: gone.uid });

    const recent = await listRecentBatches(db(), { ownerId: owner, limit: 10 });
    expect(Object.fromEntries(recent.map((b) => [b.id, b.templateName]))).toEqual(nameOf);
    for (const [id, name] of Object.entries(nameOf)) {
      expect(await getNamedBatch(db(), { ownerId: owner, id })).toMatchObject({ id, templateName: name });
    }
    // Another owner asking for the batch finds nothing, named or not.
    expect(await getNamedBatch(db(), { ownerId: unique('other'), id: Object.keys(nameOf)[0]! })).toBeNull();
  });

  it('finds the batch row a render was made for, and none for a render no batch made', async () => {
    const owner = unique('acc');
    const created = await createBatch(db(), {
      batch: batch(owner, { layouts: ['default', 'square'] }),
      items: [0, 1].flatMap((rowIndex) => ['default', 'square'].map((layout) => ({ rowIndex, layout, variables: { n: rowIndex } }))),
      maxActive: null,
    });
    let n = 0;
    const started = await startNextBatchItems(db(), { batchId: created.id, at: new Date(), newRenderId: () => `img_${created.id}_${n++}` });
    const second = started!.items[1]!;
    expect(await batchItemOfRender(db(), second.renderId)).toEqual({ batchId: created.id, rowIndex: 0, layout: 'square' });
    expect(await batchItemOfRender(db(), 'img_not_from_a_batch')).toBeNull();
  });

  it('never starts more than the concurrency, settles once and finishes with the right status', async () => {
    const owner = unique('acc');
    const created = await createBatch(db(), { batch: batch(owner, { concurrency: 2 }), items: rows(5), maxActive: null });
    let n = 0;
    const newRenderId = () => `img_${created.id}_${n++}`;
    const first = await startNextBatchItems(db(), { batchId: created.id, at: new Date(), newRenderId });
    expect(first?.batch.status).toBe('processing');
    expect(first?.items.map((i) => i.rowIndex)).toEqual([0, 1]);
    expect((await startNextBatchItems(db(), { batchId: created.id, at: new Date(), newRenderId }))?.items).toEqual([]);

    expect(
      await settleBatchItem(db(), {
        renderId: first!.items[0]!.renderId,
        outcome: { ok: true, url: 'u', width: 1, height: 1 },
        at: new Date(),
      }),
    ).toBe(created.id);
    expect(
      await settleBatchItem(db(), {
        renderId: first!.items[0]!.renderId,
        outcome: { ok: false, error: 'x', errorCode: 'X' },
        at: new Date(),
      }),
    ).toBeNull();
    expect((await startNextBatchItems(db(), { batchId: created.id, at: new Date(), newRenderId }))?.items.map((i) => i.rowIndex)).toEqual([
      2,
    ]);
    expect(await finishBatchIfDone(db(), { batchId: created.id, at: new Date() })).toBeNull();

    for (;;) {
      const started = await startNextBatchItems(db(), { batchId: created.id, at: new Date(), newRenderId });
      const counts = await countBatchItems(db(), created.id);
      if (counts.rendering === 0 && counts.pending === 0) break;
      const rendering = n;
      for (let i = 0; i < rendering; i++) {
        await settleBatchItem(db(), {
          renderId: `img_${created.id}_${i}`,
          outcome: { ok: false, error: 'bad', errorCode: 'RENDER_FAILED' },
          at: new Date(),
        });
      }
      expect(started).not.toBeNull();
    }
    const finished = await finishBatchIfDone(db(), { batchId: created.id, at: new Date() });
    expect(finished?.status).toBe('partial');
    expect(await countBatchItems(db(), created.id)).toMatchObject({ completed: 1, failed: 4 });
    expect((await cancelBatch(db(), { ownerId: owner, id: created.id, at: new Date() }))?.outcome).toBe('final');
  });
});

describe('batches under concurrency (postgres, two pools)', () => {
  it('lets exactly one of many simultaneous requests past a cap of one, and starts each item once', async () => {
    const database = await createTestDatabase();
    const a = await openDatabase({ url: database.url, poolSize: 6 });
    const b = await openDatabase({ url: database.url, poolSize: 6, migrate: false });
    try {
      const owner = unique('acc');
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => createBatch(i % 2 ? a : b, { batch: batch(owner), items: rows(2), maxActive: 1 })),
      );
      expect(attempts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(attempts.filter((r) => r.status === 'rejected').every((r) => r.reason instanceof ConcurrentBatchLimitError)).toBe(true);
      expect(await countBatches(a, { ownerId: owner })).toBe(1);

      const big = await createBatch(a, { batch: batch(unique('acc'), { concurrency: 3 }), items: rows(40), maxActive: null });
      let id = 0;
      const pumps = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          startNextBatchItems(i % 2 ? a : b, { batchId: big.id, at: new Date(), newRenderId: () => `img_big_${id++}` }),
        ),
      );
      const started = pumps.flatMap((p) => p?.items ?? []);
      expect(started).toHaveLength(3);
      expect(new Set(started.map((s) => s.rowIndex)).size).toBe(3);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
