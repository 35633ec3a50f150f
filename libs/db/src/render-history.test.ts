import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { renderRow as render } from './test-support/render-rows.js';
import { completeRender, insertUnchargedRender } from './renders.js';
import { createBatch, startNextBatchItems } from './batches.js';
import {
  PREVIEW_ORIGIN,
  decodeRenderCursor,
  deleteRender,
  encodeRenderCursor,
  getRenderOfHistory,
  listRenderHistory,
} from './render-history.js';
import { deleteTemplate, insertTemplate } from './templates.js';
import { insertVideoTemplate } from './video-templates.js';
import { templateRow } from './test-support/template-rows.js';

describe.each(ENGINES)('render history on %s', (engine) => {
  const db = useDatabase(engine);

  it('lists every kind newest first with filters and a stable cursor', async () => {
    const owner = unique('acc');
    const ids: string[] = [];
    for (const [kind, templateId] of [
      ['image', 'tpl_a'],
      ['gif', null],
      ['pdf', 'tpl_a'],
      ['video', 'tpl_v'],
      ['image', null],
    ] as const) {
      const row = await insertUnchargedRender(db(), render(owner, { kind, templateId }));
      ids.push(row.id);
      await new Promise((r) => setTimeout(r, 3));
    }
    await insertUnchargedRender(db(), render(owner, { origin: PREVIEW_ORIGIN }));
    await insertUnchargedRender(db(), render(unique('other')));
    await completeRender(db(), {
      id: ids[0]!,
      url: 'u',
      storageKey: 'k',
      contentType: 'image/png',
      width: 1,
      height: 1,
      completedAt: new Date(),
    });

    const all = await listRenderHistory(db(), { ownerId: owner, limit: 10 });
    expect(all.rows.map((r) => r.id)).toEqual([...ids].reverse());
    expect(all.next).toBeNull();

    const first = await listRenderHistory(db(), { ownerId: owner, limit: 2 });
    expect(first.rows.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    // A render arriving between pages does not shift the next page.
    await insertUnchargedRender(db(), render(owner));
    const second = await listRenderHistory(db(), { ownerId: owner, limit: 2, after: first.next! });
    expect(second.rows.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const third = await listRenderHistory(db(), { ownerId: owner, limit: 2, after: second.next! });
    expect(third.rows.map((r) => r.id)).toEqual([ids[0]]);
    expect(third.next).toBeNull();

    const ofKind = async (query: Partial<Parameters<typeof listRenderHistory>[1]>) =>
      (await listRenderHistory(db(), { ownerId: owner, limit: 10, ...query })).rows.map((r) => r.id);
    expect(await ofKind({ kind: 'image', to: new Date(Date.now() + 1000) })).toEqual(expect.arrayContaining([ids[4], ids[0]]));
    expect(await ofKind({ templateId: 'tpl_a' })).toEqual([ids[2], ids[0]]);
    expect(await ofKind({ state: 'done' })).toEqual([ids[0]]);
    expect(await ofKind({ from: new Date(Date.now() + 60_000) })).toEqual([]);
  });

  it("names each render's template from the owner's templates of its kind, null once deleted or never the owner's", async () => {
    const owner = unique('acc');
    const card = await insertTemplate(db(), templateRow(owner, { uid: unique('tpl'), name: 'Sale card' }));
    const gone = await insertTemplate(db(), templateRow(owner, { uid: unique('tpl'), name: 'Old banner' }));
    const strangers = await insertTemplate(db(), templateRow(unique('other'), { uid: unique('tpl'), name: 'Not yours' }));
    const clip = await insertVideoTemplate(db(), {
      uid: unique('vtp'),
      ownerId: owner,
      name: 'Launch clip',
      kind: 'code',
      tsx: 'export default () => null;',
      width: 10,
      height: 10,
      fps: 30,
      durationInFrames: 30,
    });
    const nameOf: Record<string, string | null> = {};
    for (const [kind, templateId, name] of [
      ['image', card.uid, 'Sale card'],
      ['pdf', card.uid, 'Sale card'],
      ['video', clip.uid, 'Launch clip'],
      // A uid names a template of the render's kind only: an image render is never named by a video template.
      ['image', clip.uid, null],
      ['image', gone.uid, null],
      ['image', strangers.uid, null],
      ['gif', null, null],
    ] as const) {
      nameOf[(await insertUnchargedRender(db(), render(owner, { kind, templateId }))).id] = name;
    }
    await deleteTemplate(db(), { ownerId: owner, uid: gone.uid });

    const { rows } = await listRenderHistory(db(), { ownerId: owner, limit: 10 });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.templateName]))).toEqual(nameOf);
    for (const [id, name] of Object.entries(nameOf)) {
      expect((await getRenderOfHistory(db(), { ownerId: owner, id }))?.templateName).toBe(name);
    }
    // Another owner asking for the render finds nothing, named or not.
    expect(await getRenderOfHistory(db(), { ownerId: unique('other'), id: Object.keys(nameOf)[0]! })).toBeNull();
  });

  it('finds renders by text in their id, kept details or batch row variables, in any case', async () => {
    const owner = unique('acc');
    const page = await insertUnchargedRender(db(), render(owner, { origin: 'url', details: { url: 'https://Shop.example/Sale_50%' } }));
    const plain = await insertUnchargedRender(db(), render(owner, { details: { waitForSelector: '#ready' } }));
    const batchId = unique('bat');
    await createBatch(db(), {
      batch: {
        id: batchId,
        ownerId: owner,
        accountId: owner,
        templateId: 'tpl_card',
        format: 'png',
        quality: 0.9,
        concurrency: 2,
        layouts: null,
        csvUrl: null,
        webhookUrl: null,
        webhookSecretCiphertext: null,
      },
      items: [
        { rowIndex: 0, layout: null, variables: { name: 'Ada Lovelace' } },
        { rowIndex: 1, layout: null, variables: { name: 'Grace Hopper' } },
      ],
      maxActive: null,
    });
    const started = await startNextBatchItems(db(), { batchId, at: new Date(), newRenderId: () => unique('img') });
    const [ada, grace] = started!.items;
    for (const item of started!.items) {
      await insertUnchargedRender(db(), render(owner, { id: item.renderId, origin: 'batch', templateId: 'tpl_card' }));
    }
    // Another owner's render holding the same text is never found.
    await insertUnchargedRender(db(), render(unique('other'), { details: { url: 'https://shop.example/' } }));

    const found = async (search: string) =>
      (await listRenderHistory(db(), { ownerId: owner, limit: 10, search })).rows.map((r) => r.id).sort();
    expect(await found('lovelace')).toEqual([ada!.renderId]);
    expect(await found('GRACE')).toEqual([grace!.renderId]);
    expect(await found('shop.EXAMPLE')).toEqual([page.id]);
    expect(await found(plain.id.slice(-6).toUpperCase())).toEqual([plain.id]);
    // LIKE's wildcards match only as typed: `%` and `_` are characters, not patterns.
    expect(await found('sale_50%')).toEqual([page.id]);
    expect(await found('shop_example')).toEqual([]);
    expect(await found('%')).toEqual([page.id]);
    expect(await found('nobody')).toEqual([]);
    // With the other filters.
    expect((await listRenderHistory(db(), { ownerId: owner, limit: 10, search: 'a', templateId: 'tpl_card' })).rows).toHaveLength(2);
  });

  it('deletes a render of its owner only', async () => {
    const owner = unique('acc');
    const row = await insertUnchargedRender(db(), render(owner));
    await deleteRender(db(), { ownerId: unique('other'), id: row.id });
    expect((await listRenderHistory(db(), { ownerId: owner, limit: 5 })).rows).toHaveLength(1);
    await deleteRender(db(), { ownerId: owner, id: row.id });
    expect((await listRenderHistory(db(), { ownerId: owner, limit: 5 })).rows).toHaveLength(0);
  });
});

describe('render cursor', () => {
  it('round-trips and refuses what it did not make', () => {
    const cursor = { createdAt: new Date('2030-01-02T03:04:05.678Z'), id: 'img_x|y' };
    expect(decodeRenderCursor(encodeRenderCursor(cursor))).toEqual(cursor);
    expect(decodeRenderCursor('nonsense')).toBeNull();
    expect(decodeRenderCursor(Buffer.from('not-a-date|id').toString('base64url'))).toBeNull();
    expect(decodeRenderCursor(Buffer.from('2030-01-01T00:00:00Z|').toString('base64url'))).toBeNull();
  });
});
