import {
  StaleTemplateRevisionError,
  getRevisedTemplate,
  getTemplate,
  insertTemplate,
  listTemplateVersions,
  markTemplateRendered,
  updateTemplate,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';
import { templateRow } from './test-support/template-rows.js';

const htmlTemplate = (ownerId: string) => templateRow(ownerId);

describe.each(ENGINES)('template revisions on %s', (engine) => {
  const db = useDatabase(engine);

  it('a save moves the revision; a render thumbnail does not', async () => {
    const owner = unique('acc');
    const { uid } = await insertTemplate(db(), htmlTemplate(owner), { version: { createdBy: 'ana@example.com' } });
    const read = (await getRevisedTemplate(db(), { ownerId: owner, uid }))!;
    expect(read.revision).toMatch(/^\d+$/);
    await markTemplateRendered(db(), { uid, thumbnail: 'https://x/t.png', renderedAt: new Date() });
    expect((await getRevisedTemplate(db(), { ownerId: owner, uid }))!.revision).toBe(read.revision);
    const saved = (await updateTemplate(db(), { ownerId: owner, uid, patch: { html: '<h1>v2</h1>' }, ifRevision: read.revision }))!;
    expect(saved.revision).not.toBe(read.revision);
    expect((await getRevisedTemplate(db(), { ownerId: owner, uid }))!.revision).toBe(saved.revision);
    expect(await getRevisedTemplate(db(), { ownerId: unique('acc'), uid })).toBeNull();
  });

  it('a stale revision writes nothing and names who saved when', async () => {
    const owner = unique('acc');
    const { uid } = await insertTemplate(db(), htmlTemplate(owner), { version: { createdBy: 'ana@example.com' } });
    const opened = (await getRevisedTemplate(db(), { ownerId: owner, uid }))!.revision;
    const ana = (await updateTemplate(db(), {
      ownerId: owner,
      uid,
      patch: { html: '<h1>Ana</h1>' },
      version: { createdBy: 'ana@example.com' },
      ifRevision: opened,
    }))!;
    const ben = updateTemplate(db(), {
      ownerId: owner,
      uid,
      patch: { html: '<h1>Ben</h1>' },
      version: { createdBy: 'ben@example.com' },
      ifRevision: opened,
    });
    await expect(ben).rejects.toBeInstanceOf(StaleTemplateRevisionError);
    await ben.catch((error: StaleTemplateRevisionError) => {
      expect(error.current).toEqual({ revision: ana.revision, updatedAt: ana.updatedAt, updatedBy: 'ana@example.com' });
    });
    expect((await getTemplate(db(), { ownerId: owner, uid }))!.html).toBe('<h1>Ana</h1>');
    expect((await listTemplateVersions(db(), { ownerId: owner, uid })).map((v) => v.createdBy)).toEqual([
      'ana@example.com',
      'ana@example.com',
    ]);
  });

  it('`*` or no revision saves whatever the current one; a missing template is null either way', async () => {
    const owner = unique('acc');
    const { uid } = await insertTemplate(db(), htmlTemplate(owner));
    expect((await updateTemplate(db(), { ownerId: owner, uid, patch: { name: 'A' }, ifRevision: '*' }))!.name).toBe('A');
    expect((await updateTemplate(db(), { ownerId: owner, uid, patch: { name: 'B' } }))!.name).toBe('B');
    expect(await updateTemplate(db(), { ownerId: owner, uid: unique('tpl'), patch: { name: 'C' }, ifRevision: '1' })).toBeNull();
    expect(await updateTemplate(db(), { ownerId: owner, uid: unique('tpl'), patch: { name: 'C' }, ifRevision: '*' })).toBeNull();
  });

  it('concurrent saves from one revision: exactly one wins', async () => {
    const owner = unique('acc');
    const { uid } = await insertTemplate(db(), htmlTemplate(owner), { version: { createdBy: 'a' } });
    const opened = (await getRevisedTemplate(db(), { ownerId: owner, uid }))!.revision;
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((i) =>
        updateTemplate(db(), { ownerId: owner, uid, patch: { html: `<p>${i}</p>` }, version: { createdBy: `u${i}` }, ifRevision: opened }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof StaleTemplateRevisionError)).toHaveLength(3);
    const winner = (won[0] as PromiseFulfilledResult<{ html: string | null }>).value.html;
    expect((await getTemplate(db(), { ownerId: owner, uid }))!.html).toBe(winner);
    expect(await listTemplateVersions(db(), { ownerId: owner, uid })).toHaveLength(2);
  });
});
