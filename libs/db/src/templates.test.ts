import { sql } from 'drizzle-orm';
import {
  deleteTemplate,
  getTemplate,
  insertTemplate,
  listTemplates,
  markTemplateRendered,
  updateTemplate,
  type NewTemplate,
} from './index.js';
import { ENGINES, unique, useDatabase } from './test-support/engines.js';

function template(ownerId: string, overrides: Partial<NewTemplate> = {}): NewTemplate {
  return {
    uid: unique('tpl'),
    ownerId,
    name: 'Card',
    engine: 'handlebars',
    html: '<h1>{{title}}</h1>',
    fabricJSData: null,
    jsEnabled: false,
    strictVariables: true,
    type: 'image',
    category: 'social',
    tags: ['og', 'blog'],
    width: 1200,
    height: 630,
    outputFormat: 'image',
    pdfPreset: null,
    variableDefinitions: [{ name: 'title', type: 'text' }],
    pages: [],
    layouts: { square: { width: 1080, height: 1080 } },
    ...overrides,
  };
}

describe.each(ENGINES)('templates on %s', (engine) => {
  const db = useDatabase(engine);

  it('round-trips every field, jsonb included', async () => {
    const owner = unique('acc');
    const input = template(owner);
    const created = await insertTemplate(db(), input);
    expect(created).toEqual({ ...input, thumbnail: null, lastRenderedAt: null, createdAt: expect.any(Date), updatedAt: expect.any(Date) });
    expect(await getTemplate(db(), { ownerId: owner, uid: input.uid })).toEqual(created);
  });

  it("is scoped by owner: another owner's uid is not found, not updatable, not deletable", async () => {
    const owner = unique('acc');
    const stranger = unique('acc');
    const { uid } = await insertTemplate(db(), template(owner));
    expect(await getTemplate(db(), { ownerId: stranger, uid })).toBeNull();
    expect(await updateTemplate(db(), { ownerId: stranger, uid, patch: { name: 'hijacked' } })).toBeNull();
    expect(await deleteTemplate(db(), { ownerId: stranger, uid })).toBe(false);
    expect((await getTemplate(db(), { ownerId: owner, uid }))?.name).toBe('Card');
    expect(await deleteTemplate(db(), { ownerId: owner, uid })).toBe(true);
    expect(await getTemplate(db(), { ownerId: owner, uid })).toBeNull();
    expect(await deleteTemplate(db(), { ownerId: owner, uid })).toBe(false);
  });

  it('update: html and fabricJSData replace each other; updatedAt moves', async () => {
    const owner = unique('acc');
    const created = await insertTemplate(db(), template(owner));
    await db().orm.execute(sql`update templates set updated_at = now() - interval '1 hour' where uid = ${created.uid}`);

    const fabric = { version: '7.0.0', objects: [{ type: 'Textbox', text: '{{title}}' }] };
    const toFabric = await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { fabricJSData: fabric, width: 800 } });
    expect(toFabric).toMatchObject({ fabricJSData: fabric, html: null, width: 800, height: 630, name: 'Card', tags: ['og', 'blog'] });
    expect(toFabric!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const toHtml = await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { html: '<p>x</p>' } });
    expect(toHtml).toMatchObject({ html: '<p>x</p>', fabricJSData: null, width: 800 });

    const renamed = await updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { name: 'Renamed', layouts: {} } });
    expect(renamed).toMatchObject({ name: 'Renamed', html: '<p>x</p>', layouts: {} });

    await expect(updateTemplate(db(), { ownerId: owner, uid: created.uid, patch: { html: '<p/>', fabricJSData: fabric } })).rejects.toThrow(
      TypeError,
    );
  });

  it('lists with sort, output-format filter and pagination totals', async () => {
    const owner = unique('acc');
    const names = ['delta', 'Alpha', 'charlie', 'bravo', 'echo'];
    for (const [i, name] of names.entries()) {
      const row = await insertTemplate(db(), template(owner, { name, outputFormat: i % 2 === 0 ? 'image' : 'pdf' }));
      // Distinct, known creation times: delta oldest … echo newest.
      await db().orm.execute(sql`update templates set created_at = now() - make_interval(mins => ${100 - i}) where uid = ${row.uid}`);
    }
    await insertTemplate(db(), template(unique('acc'), { name: 'aaa-someone-else' }));

    const names$ = (r: { rows: { name: string }[] }) => r.rows.map((t) => t.name);
    const newest = await listTemplates(db(), { ownerId: owner, page: 1, limit: 2, sort: 'newest', outputFormat: 'all' });
    expect(newest.total).toBe(5);
    expect(names$(newest)).toEqual(['echo', 'bravo']);
    const page2 = await listTemplates(db(), { ownerId: owner, page: 2, limit: 2, sort: 'newest', outputFormat: 'all' });
    expect(names$(page2)).toEqual(['charlie', 'Alpha']);
    const page3 = await listTemplates(db(), { ownerId: owner, page: 3, limit: 2, sort: 'newest', outputFormat: 'all' });
    expect(names$(page3)).toEqual(['delta']);
    const beyond = await listTemplates(db(), { ownerId: owner, page: 9, limit: 2, sort: 'newest', outputFormat: 'all' });
    expect(beyond).toEqual({ rows: [], total: 5 });

    const oldest = await listTemplates(db(), { ownerId: owner, page: 1, limit: 10, sort: 'oldest', outputFormat: 'all' });
    expect(names$(oldest)).toEqual(names);
    const byName = await listTemplates(db(), { ownerId: owner, page: 1, limit: 10, sort: 'name', outputFormat: 'all' });
    expect(names$(byName)).toEqual(['Alpha', 'bravo', 'charlie', 'delta', 'echo']);

    const pdf = await listTemplates(db(), { ownerId: owner, page: 1, limit: 1, sort: 'name', outputFormat: 'pdf' });
    expect(pdf.total).toBe(2);
    expect(names$(pdf)).toEqual(['Alpha']);
    const image = await listTemplates(db(), { ownerId: owner, page: 1, limit: 10, sort: 'name', outputFormat: 'image' });
    expect(names$(image)).toEqual(['charlie', 'delta', 'echo']);
  });

  it('searches names for the text as typed, in any case, `%`, `_` and `\\` taken literally, and counts only the matches', async () => {
    const owner = unique('acc');
    const names = ['100% Cotton', '100 percent', 'snake_case card', 'snakeXcase card', 'Back\\slash', 'Backslash', 'COTTON tote'];
    for (const name of names) await insertTemplate(db(), template(owner, { name }));
    await insertTemplate(db(), template(unique('acc'), { name: 'cotton of someone else' }));
    const search = async (text: string, page = 1, limit = 10) => {
      const { rows, total } = await listTemplates(db(), { ownerId: owner, page, limit, sort: 'name', outputFormat: 'all', search: text });
      return { names: rows.map((t) => t.name), total };
    };
    expect(await search('cotton')).toEqual({ names: ['100% Cotton', 'COTTON tote'], total: 2 });
    expect(await search('0%')).toEqual({ names: ['100% Cotton'], total: 1 });
    expect(await search('e_c')).toEqual({ names: ['snake_case card'], total: 1 });
    expect(await search('K\\S')).toEqual({ names: ['Back\\slash'], total: 1 });
    expect(await search('%')).toEqual({ names: ['100% Cotton'], total: 1 });
    // The count is of the matches, not the whole list: the two "case" names, one a page.
    expect(await search('case', 1, 1)).toEqual({ names: ['snake_case card'], total: 2 });
    expect(await search('case', 2, 1)).toEqual({ names: ['snakeXcase card'], total: 2 });
    expect(await search('nothing like it')).toEqual({ names: [], total: 0 });
    // Blank is no search.
    expect((await search('')).total).toBe(names.length);
  });

  it('markTemplateRendered only moves lastRenderedAt forward', async () => {
    const owner = unique('acc');
    const { uid } = await insertTemplate(db(), template(owner));
    const t1 = new Date('2030-01-01T10:00:00.000Z');
    const t0 = new Date('2030-01-01T09:00:00.000Z');
    const t2 = new Date('2030-01-01T11:00:00.000Z');
    await markTemplateRendered(db(), { uid, thumbnail: 'https://x/1.png', renderedAt: t1 });
    await markTemplateRendered(db(), { uid, thumbnail: 'https://x/0.png', renderedAt: t0 }); // late arrival of an older render
    expect(await getTemplate(db(), { ownerId: owner, uid })).toMatchObject({ thumbnail: 'https://x/1.png', lastRenderedAt: t1 });
    await markTemplateRendered(db(), { uid, thumbnail: 'https://x/2.png', renderedAt: t2 });
    expect(await getTemplate(db(), { ownerId: owner, uid })).toMatchObject({ thumbnail: 'https://x/2.png', lastRenderedAt: t2 });
  });
});
