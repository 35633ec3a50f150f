import {
  TEMPLATE_VERSIONS_KEPT,
  deleteTemplate,
  getTemplate,
  getTemplateVersion,
  insertTemplate,
  listTemplateVersions,
  setTemplateVersionThumbnail,
  updateTemplate,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { templateRow } from './test-support/template-rows.js';

const canvasTemplate = (ownerId: string) =>
  templateRow(ownerId, {
    name: 'Card v1',
    engine: 'fabric',
    html: null,
    fabricJSData: { objects: [{ type: 'Rect', fill: '#ff0000' }] },
    variableDefinitions: [{ name: 'title', type: 'text' }],
    layouts: { square: { width: 500, height: 500 } },
  });

describe.each(ENGINES)('template versions on %s', (engine) => {
  const db = useDatabase(engine);

  it('records a version per save, newest first, with who saved and the whole design', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner), { version: { createdBy: 'ana@example.com' } });
    expect(created.savedVersion?.version.number).toBe(1);
    await updateTemplate(db(), {
      ownerId: owner,
      uid: created.uid,
      patch: { name: 'Card v2', fabricJSData: { objects: [{ type: 'Rect', fill: '#00ff00' }] } },
      version: { createdBy: 'key:key_1' },
    });
    const versions = await listTemplateVersions(db(), { ownerId: owner, uid: created.uid });
    expect(versions.map((v) => [v.number, v.createdBy, v.snapshot.name])).toEqual([
      [2, 'key:key_1', 'Card v2'],
      [1, 'ana@example.com', 'Card v1'],
    ]);
    expect(versions[1]!.snapshot).toMatchObject({
      fabricJSData: { objects: [{ type: 'Rect', fill: '#ff0000' }] },
      layouts: { square: { width: 500, height: 500 } },
      variableDefinitions: [{ name: 'title', type: 'text' }],
      width: 600,
    });
    // Another owner sees neither the list nor a version.
    expect(await listTemplateVersions(db(), { ownerId: unique('acc'), uid: created.uid })).toEqual([]);
    expect(await getTemplateVersion(db(), { ownerId: unique('acc'), uid: created.uid, id: versions[0]!.id })).toBeNull();
  });

  it('saves without a version author record none (starter copies, internal updates)', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner));
    await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { name: 'x' } });
    expect(await listTemplateVersions(db(), { ownerId: owner, uid: created.uid })).toEqual([]);
  });

  it(`keeps the last ${TEMPLATE_VERSIONS_KEPT} saves and says which thumbnails were pruned`, async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner), { version: { createdBy: 'a' } });
    const first = created.savedVersion!.version;
    expect(
      await setTemplateVersionThumbnail(db(), { ownerId: owner, uid: created.uid, id: first.id, thumbnail: 'u1', thumbnailKey: 'k1' }),
    ).toBe(true);
    const pruned: string[] = [];
    for (let i = 2; i <= TEMPLATE_VERSIONS_KEPT + 2; i++) {
      const saved = await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { name: `v${i}` }, version: { createdBy: 'a' } });
      pruned.push(...saved!.savedVersion!.prunedThumbnailKeys);
    }
    const versions = await listTemplateVersions(db(), { ownerId: owner, uid: created.uid });
    expect(versions).toHaveLength(TEMPLATE_VERSIONS_KEPT);
    expect(versions[0]!.number).toBe(TEMPLATE_VERSIONS_KEPT + 2);
    expect(versions.at(-1)!.number).toBe(3);
    expect(pruned).toEqual(['k1']);
    expect(await getTemplateVersion(db(), { ownerId: owner, uid: created.uid, id: first.id })).toBeNull();
  });

  it('shows a thumbnail on the template only when it belongs to the newest version', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner), { version: { createdBy: 'a' } });
    const old = created.savedVersion!.version;
    const saved = await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { name: 'v2' }, version: { createdBy: 'a' } });
    const newest = saved!.savedVersion!.version;
    await setTemplateVersionThumbnail(db(), { ownerId: owner, uid: created.uid, id: newest.id, thumbnail: 'new.png', thumbnailKey: 'n' });
    await setTemplateVersionThumbnail(db(), { ownerId: owner, uid: created.uid, id: old.id, thumbnail: 'old.png', thumbnailKey: 'o' });
    expect((await getTemplate(db(), { ownerId: owner, uid: created.uid }))!.thumbnail).toBe('new.png');
    expect((await getTemplateVersion(db(), { ownerId: owner, uid: created.uid, id: old.id }))!.thumbnail).toBe('old.png');
    expect(
      await setTemplateVersionThumbnail(db(), { ownerId: unique('acc'), uid: created.uid, id: old.id, thumbnail: 'x', thumbnailKey: 'x' }),
    ).toBe(false);
  });

  it('deleting a template deletes its versions', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner), { version: { createdBy: 'a' } });
    await deleteTemplate(db(), { ownerId: owner, uid: created.uid });
    expect(await listTemplateVersions(db(), { ownerId: owner, uid: created.uid })).toEqual([]);
  });

  it('concurrent saves of one template number their versions without a gap or a repeat', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), canvasTemplate(owner), { version: { createdBy: 'a' } });
    await Promise.all(
      [2, 3, 4, 5].map((i) =>
        updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { name: `v${i}` }, version: { createdBy: 'a' } }),
      ),
    );
    const numbers = (await listTemplateVersions(db(), { ownerId: owner, uid: created.uid })).map((v) => v.number);
    expect(numbers).toEqual([5, 4, 3, 2, 1]);
  });
});
