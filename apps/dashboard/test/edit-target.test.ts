import { saveBody, targetIn, type TemplateDesigns, type TemplatePage } from '../src/pages/templates/canvas/layouts/edit-target.js';

const design = (fill: string) => ({ version: '7.4.0', objects: [{ type: 'Rect', fill }] });
const page = (name: string, fill: string, id?: string): TemplatePage => ({
  pageNumber: 1,
  name,
  fabricJSData: design(fill),
  ...(id ? { id } : {}),
});
const size = { width: 200, height: 50 };
const names = (body: Record<string, unknown>) =>
  (body.pages as TemplatePage[]).map((p) => [p.pageNumber, p.name, (p.fabricJSData.objects as { fill: string }[])[0]!.fill]);

// What this editor opened: two pages; it has the first open.
const shown: TemplateDesigns = { layouts: {}, pages: [page('Front', 'red', 'pg_front'), page('Back', 'blue', 'pg_back')] };
const front = { kind: 'page', index: 0 } as const;

describe('saveBody', () => {
  it('writes the open page into the pages as shown when saving normally', () => {
    expect(names(saveBody(shown, front, design('green'), size))).toEqual([
      [1, 'Front', 'green'],
      [2, 'Back', 'blue'],
    ]);
  });

  it('over someone else’s save, replaces only the open page among theirs, found by its id wherever they moved it', () => {
    // They changed the back page, added one and moved it first.
    const theirs: TemplateDesigns = {
      layouts: {},
      pages: [page('Cover', 'black', 'pg_cover'), page('Front', 'red', 'pg_front'), page('Back', 'yellow', 'pg_back')],
    };
    const body = saveBody(shown, front, design('green'), size, theirs);
    expect(names(body)).toEqual([
      [1, 'Cover', 'black'],
      [2, 'Front', 'green'],
      [3, 'Back', 'yellow'],
    ]);
    // The page keeps its id, and the design its size.
    expect((body.pages as TemplatePage[])[1]).toMatchObject({ id: 'pg_front', fabricJSData: { ...design('green'), ...size } });
  });

  it('puts the open page back where it was when they deleted it', () => {
    const theirs: TemplateDesigns = { layouts: {}, pages: [page('Back', 'yellow', 'pg_back')] };
    expect(names(saveBody(shown, front, design('green'), size, theirs))).toEqual([
      [1, 'Front', 'green'],
      [2, 'Back', 'yellow'],
    ]);
  });

  it('writes a page without an id (not saved since pages had ids) into the pages as shown: it cannot be found among theirs', () => {
    const old: TemplateDesigns = { layouts: {}, pages: [page('Front', 'red'), page('Back', 'blue')] };
    const theirs: TemplateDesigns = { layouts: {}, pages: [page('Cover', 'black', 'pg_cover'), page('Front', 'red', 'pg_x')] };
    expect(names(saveBody(old, front, design('green'), size, theirs))).toEqual([
      [1, 'Front', 'green'],
      [2, 'Back', 'blue'],
    ]);
  });

  it('replaces only the open layout among theirs, keeping one they added', () => {
    const mine: TemplateDesigns = { layouts: { story: { name: 'Story', width: 100, height: 200 } } };
    const theirs: TemplateDesigns = { layouts: { story: { name: 'Story', width: 120, height: 200 }, wide: { width: 300, height: 100 } } };
    expect(saveBody(mine, { kind: 'layout', key: 'story' }, design('green'), { width: 120, height: 200 }, theirs)).toEqual({
      layouts: {
        story: { name: 'Story', width: 120, height: 200, fabricJSData: design('green') },
        wide: { width: 300, height: 100 },
      },
    });
  });

  it('writes the template’s own design at its size', () => {
    expect(saveBody(shown, { kind: 'default' }, design('green'), size)).toEqual({ fabricJSData: design('green'), ...size });
  });
});

describe('targetIn', () => {
  const theirs: TemplateDesigns = { layouts: { story: {} }, pages: [page('Cover', 'black', 'pg_cover'), page('Front', 'red', 'pg_front')] };

  it('finds the open page by its id at its new place, and not once it is deleted', () => {
    expect(targetIn(shown, front, theirs)).toEqual({ kind: 'page', index: 1 });
    expect(targetIn(shown, { kind: 'page', index: 1 }, theirs)).toBeNull();
  });

  it('finds a page without an id by its place, a layout by its key', () => {
    const old: TemplateDesigns = { layouts: {}, pages: [page('Front', 'red'), page('Back', 'blue')] };
    expect(targetIn(old, { kind: 'page', index: 1 }, theirs)).toEqual({ kind: 'page', index: 1 });
    expect(targetIn(old, { kind: 'layout', key: 'story' }, theirs)).toEqual({ kind: 'layout', key: 'story' });
    expect(targetIn(old, { kind: 'layout', key: 'gone' }, theirs)).toBeNull();
    expect(targetIn(old, { kind: 'default' }, theirs)).toEqual({ kind: 'default' });
  });
});
