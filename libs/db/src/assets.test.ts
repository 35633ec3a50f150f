import { assetUsage, deleteAsset, getAsset, insertAsset, listAssets, listOwnerFonts, type NewAsset } from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

function asset(ownerId: string, overrides: Partial<NewAsset> = {}): NewAsset {
  return {
    id: unique('ast'),
    ownerId,
    kind: 'image',
    format: 'png',
    name: 'logo.png',
    contentType: 'image/png',
    sizeBytes: 100,
    storageKey: `assets/${unique('ast')}.png`,
    fontFamily: null,
    fontWeight: null,
    fontStyle: null,
    ...overrides,
  };
}

const roomy = { maxAssets: 100, maxTotalBytes: 1_000_000 };

describe.each(ENGINES)('assets on %s', (engine) => {
  const db = useDatabase(engine);

  it('lists by kind, reads and deletes only within the owner', async () => {
    const owner = unique('acc');
    const other = unique('acc');
    const image = await insertAsset(db(), asset(owner), roomy);
    const font = await insertAsset(
      db(),
      asset(owner, { kind: 'font', format: 'ttf', fontFamily: 'Acme', fontWeight: 400, fontStyle: 'normal' }),
      roomy,
    );
    await insertAsset(db(), asset(other, { kind: 'font', format: 'ttf', fontFamily: 'Acme', fontWeight: 400, fontStyle: 'normal' }), roomy);
    if (!image.ok || !font.ok) throw new Error('insert refused');
    expect((await listAssets(db(), { ownerId: owner, page: 1, limit: 10 })).total).toBe(2);
    expect((await listAssets(db(), { ownerId: owner, kind: 'font', page: 1, limit: 10 })).rows.map((r) => r.id)).toEqual([font.row.id]);
    expect((await listOwnerFonts(db(), owner)).map((r) => r.id)).toEqual([font.row.id]);
    expect(await getAsset(db(), { ownerId: other, id: image.row.id })).toBeNull();
    expect(await deleteAsset(db(), { ownerId: other, id: image.row.id })).toBeNull();
    expect((await deleteAsset(db(), { ownerId: owner, id: image.row.id }))?.id).toBe(image.row.id);
    expect(await assetUsage(db(), owner)).toEqual({ assets: 1, bytes: 100 });
  });

  it('refuses an asset beyond the count or byte quota', async () => {
    const owner = unique('acc');
    expect((await insertAsset(db(), asset(owner), { maxAssets: 1, maxTotalBytes: 1000 })).ok).toBe(true);
    expect(await insertAsset(db(), asset(owner), { maxAssets: 1, maxTotalBytes: 1000 })).toMatchObject({ ok: false, limit: 'count' });
    expect(await insertAsset(db(), asset(owner, { sizeBytes: 901 }), { maxAssets: 5, maxTotalBytes: 1000 })).toMatchObject({
      ok: false,
      limit: 'bytes',
    });
  });
});
