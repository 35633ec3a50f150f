import { sql } from 'drizzle-orm';
import { claimRender, completeRender, failRender, getRender, getRenderById, insertUnchargedRender, listRenders } from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { renderRow as render } from './test-support/render-rows.js';

const done = (id: string) => ({
  id,
  url: `https://cdn.example/${id}.png`,
  storageKey: `renders/${id}.png`,
  contentType: 'image/png',
  width: 600,
  height: 315,
  completedAt: new Date('2030-01-01T00:00:01.000Z'),
});

describe.each(ENGINES)('renders on %s', (engine) => {
  const db = useDatabase(engine);

  it('inserts queued, claims, completes once', async () => {
    const owner = unique('acc');
    const row = await insertUnchargedRender(db(), render(owner, { origin: 'template', templateId: 'tpl_1' }));
    expect(row).toMatchObject({ state: 'queued', startedAt: null, completedAt: null, url: null, error: null, templateId: 'tpl_1' });

    expect(await claimRender(db(), row.id)).toBe('claimed');
    const claimed = await getRenderById(db(), row.id);
    expect(claimed).toMatchObject({ state: 'rendering', startedAt: expect.any(Date) });
    expect(await claimRender(db(), row.id)).toBe('claimed'); // redelivery after a worker died

    expect(await completeRender(db(), done(row.id))).toBe(true);
    expect(await getRender(db(), { ownerId: owner, id: row.id })).toMatchObject({
      state: 'done',
      url: `https://cdn.example/${row.id}.png`,
      storageKey: `renders/${row.id}.png`,
      contentType: 'image/png',
      width: 600,
      height: 315,
      completedAt: new Date('2030-01-01T00:00:01.000Z'),
    });

    expect(await completeRender(db(), { ...done(row.id), url: 'https://evil/second.png' })).toBe(false);
    expect(await failRender(db(), { id: row.id, error: { slug: 'late', detail: 'late' }, completedAt: new Date() })).toBe(false);
    expect(await claimRender(db(), row.id)).toBe('done');
    expect((await getRenderById(db(), row.id))?.url).toBe(`https://cdn.example/${row.id}.png`);
  });

  it('a failed render keeps its error and is never re-claimed or completed', async () => {
    const owner = unique('acc');
    const row = await insertUnchargedRender(db(), render(owner));
    const error = { slug: 'render-timeout', detail: 'took longer than 30 s', status: 504 };
    expect(await failRender(db(), { id: row.id, error, completedAt: new Date() })).toBe(true); // straight from queued
    expect(await claimRender(db(), row.id)).toBe('failed');
    expect(await completeRender(db(), done(row.id))).toBe(false);
    expect(await getRenderById(db(), row.id)).toMatchObject({ state: 'failed', error, url: null });
    expect(await claimRender(db(), 'img_missing')).toBe('missing');
    expect(await completeRender(db(), done('img_missing'))).toBe(false);
  });

  it('completion adds its details to what the row kept of the request (a URL render keeps its address)', async () => {
    const asked = { url: 'https://example.com/page?q=1', waitForSelector: '#ready' };
    const row = await insertUnchargedRender(db(), render(unique('acc'), { origin: 'url', details: asked }));
    await claimRender(db(), row.id);
    expect(await completeRender(db(), { ...done(row.id), details: { frames: 1, url: 'https://example.com/page?q=1' } })).toBe(true);
    expect((await getRenderById(db(), row.id))?.details).toEqual({ ...asked, frames: 1 });

    const failed = await insertUnchargedRender(db(), render(unique('acc'), { origin: 'url', details: asked }));
    await failRender(db(), { id: failed.id, error: { slug: 'render-timeout', detail: 'took too long' }, completedAt: new Date() });
    expect(await getRenderById(db(), failed.id)).toMatchObject({ state: 'failed', details: asked });
  });

  it('completion sets the details and storage copy fields it is given and keeps the ones it is not', async () => {
    const kept = await insertUnchargedRender(db(), render(unique('acc'), { kind: 'pdf', details: { preset: 'A4' } }));
    await claimRender(db(), kept.id);
    expect(await completeRender(db(), done(kept.id))).toBe(true);
    expect(await getRenderById(db(), kept.id)).toMatchObject({ details: { preset: 'A4' }, userStorageUrl: null, userStorageError: null });

    const given = await insertUnchargedRender(db(), render(unique('acc'), { kind: 'pdf', details: { preset: 'A4' } }));
    const details = { preset: 'A4', pageCount: 3, note: 'quotes \' and " stay' };
    const copy = { userStorageUrl: 'https://bucket.example/r.pdf', userStorageError: null };
    expect(await completeRender(db(), { ...done(given.id), details, ...copy })).toBe(true);
    expect(await getRenderById(db(), given.id)).toMatchObject({ state: 'done', details, ...copy, startedAt: null });

    const failedCopy = await insertUnchargedRender(db(), render(unique('acc')));
    expect(await completeRender(db(), { ...done(failedCopy.id), userStorageUrl: null, userStorageError: 'bucket refused the write' })).toBe(
      true,
    );
    expect(await getRenderById(db(), failedCopy.id)).toMatchObject({
      userStorageUrl: null,
      userStorageError: 'bucket refused the write',
      details: null,
    });
  });

  it('concurrent completions: exactly one wins', async () => {
    const row = await insertUnchargedRender(db(), render(unique('acc')));
    await claimRender(db(), row.id);
    const results = await Promise.all([1, 2, 3, 4].map((n) => completeRender(db(), { ...done(row.id), url: `https://x/${n}` })));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('getRender is owner-scoped; lists newest first with kind filter and totals', async () => {
    const owner = unique('acc');
    const ids: string[] = [];
    for (const [i, kind] of ['image', 'pdf', 'image', 'image'].entries()) {
      const row = await insertUnchargedRender(db(), render(owner, { kind }));
      await db().orm.execute(sql`update renders set created_at = now() - make_interval(mins => ${10 - i}) where id = ${row.id}`);
      ids.push(row.id);
    }
    const foreign = await insertUnchargedRender(db(), render(unique('acc')));
    expect(await getRender(db(), { ownerId: owner, id: foreign.id })).toBeNull();
    expect(await getRender(db(), { ownerId: owner, id: ids[0]! })).not.toBeNull();

    const all = await listRenders(db(), { ownerId: owner, offset: 0, limit: 10 });
    expect(all.total).toBe(4);
    expect(all.rows.map((r) => r.id)).toEqual([...ids].reverse());
    const images = await listRenders(db(), { ownerId: owner, kind: 'image', offset: 1, limit: 1 });
    expect(images.total).toBe(3);
    expect(images.rows.map((r) => r.id)).toEqual([ids[2]]);
  });
});
