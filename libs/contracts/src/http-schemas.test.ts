import {
  BatchRenderRequest,
  BindingListQuery,
  ImageRequest,
  TemplateCreate,
  TemplateListQuery,
  TemplateRenderRequest,
  TemplateUpdate,
  paginate,
} from './index.js';

const fields = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((i) => i.path.join('.')).sort();

describe('ImageRequest', () => {
  it('needs exactly one of html, url and template, and reports it with other field errors', () => {
    expect(ImageRequest.safeParse({ html: '<p/>' }).success).toBe(true);
    expect(fields(ImageRequest.safeParse({}))).toEqual(['html']);
    expect(fields(ImageRequest.safeParse({ html: 'a', template: 't' }))).toEqual(['template']);
    expect(fields(ImageRequest.safeParse({ html: 'a', url: 'u', width: 4001, height: 2.5 }))).toEqual(['height', 'url', 'width']);
  });

  it('bounds sizes to 1–4000 integers and knows the file extensions', () => {
    for (const width of [1, 4000]) expect(ImageRequest.safeParse({ html: 'a', width }).success).toBe(true);
    for (const width of [0, 4001, 1.5, '100', null]) expect(ImageRequest.safeParse({ html: 'a', width }).success).toBe(false);
    for (const fileExtension of ['png', 'jpg', 'jpeg', 'webp'])
      expect(ImageRequest.safeParse({ html: 'a', fileExtension }).success).toBe(true);
    expect(ImageRequest.safeParse({ html: 'a', fileExtension: 'gif' }).success).toBe(false);
    expect(ImageRequest.parse({ html: 'a' }).fileExtension).toBe('png');
  });
});

describe('templates', () => {
  it('creates with exactly one of html or fabricJSData; updates never with both', () => {
    expect(TemplateCreate.safeParse({ name: 'n', html: '<p/>' }).success).toBe(true);
    expect(TemplateCreate.safeParse({ name: 'n', fabricJSData: {} }).success).toBe(true);
    expect(fields(TemplateCreate.safeParse({ name: 'n' }))).toEqual(['html']);
    expect(fields(TemplateCreate.safeParse({ name: 'n', html: 'x', fabricJSData: {} }))).toEqual(['fabricJSData']);
    expect(TemplateUpdate.safeParse({}).success).toBe(true);
    expect(TemplateUpdate.safeParse({ html: 'x', fabricJSData: {} }).success).toBe(false);
    expect(TemplateCreate.safeParse({ name: 'n', html: 'x', layouts: { 'Bad Key': {} } }).success).toBe(false);
  });

  it('takes a page id (kept by saves) and refuses a second page with the same one at its field', () => {
    const page = (id: string) => ({ pageNumber: 1, fabricJSData: {}, id });
    expect(TemplateUpdate.safeParse({ pages: [page('pg_a'), page('pg_b'), { pageNumber: 3, fabricJSData: {} }] }).success).toBe(true);
    const twice = TemplateUpdate.safeParse({ pages: [page('pg_a'), page('pg_b'), page('pg_a')] });
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pages.2.id', 'Another page already has the id "pg_a".'],
    ]);
    expect(fields(TemplateUpdate.safeParse({ pages: [page('not an id')] }))).toEqual(['pages.0.id']);
  });

  it('lists with defaults page 1, limit 12 (max 100), sort newest, outputFormat all', () => {
    expect(TemplateListQuery.parse({})).toEqual({ page: 1, limit: 12, sort: 'newest', outputFormat: 'all' });
    expect(TemplateListQuery.parse({ page: '3', limit: '100', sort: 'name', outputFormat: 'pdf' })).toEqual({
      page: 3,
      limit: 100,
      sort: 'name',
      outputFormat: 'pdf',
    });
    for (const bad of [{ limit: '101' }, { page: '0' }, { sort: 'size' }, { limit: 'x' }])
      expect(TemplateListQuery.safeParse(bad).success).toBe(false);
  });

  it('takes a trimmed `search` of at most 200 characters, refused beyond at its field', () => {
    expect(TemplateListQuery.parse({ search: '  50%_off ' }).search).toBe('50%_off');
    expect(TemplateListQuery.parse({ search: 'x'.repeat(200) }).search).toHaveLength(200);
    const long = TemplateListQuery.safeParse({ search: 'x'.repeat(201) });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['search', 'Must be at most 200 characters long']]);
  });
});

describe('bindings', () => {
  it('takes a trimmed `search` of at most 200 characters, as the template list does, refused beyond at its field', () => {
    expect(BindingListQuery.parse({ search: '  50%_off ' }).search).toBe('50%_off');
    expect(BindingListQuery.parse({ search: 'x'.repeat(200), status: 'paused' })).toMatchObject({
      search: 'x'.repeat(200),
      status: 'paused',
    });
    const long = BindingListQuery.safeParse({ search: 'x'.repeat(201) });
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['search', 'Must be at most 200 characters long']]);
  });
});

describe('paginate', () => {
  it('computes the pagination object', () => {
    expect(paginate({ page: 2, limit: 10, total: 25 })).toEqual({
      page: 2,
      limit: 10,
      total: 25,
      totalPages: 3,
      hasNext: true,
      hasPrev: true,
      offset: 10,
      hasMore: true,
    });
    expect(paginate({ page: 1, limit: 12, total: 0 })).toMatchObject({ totalPages: 1, hasNext: false, hasPrev: false });
  });
});

describe('formats the hosted service’s clients send', () => {
  it('template render takes png, jpg (as jpeg), webp and pdf; batch takes gif', () => {
    expect(TemplateRenderRequest.parse({ format: 'jpg' }).format).toBe('jpeg');
    expect(TemplateRenderRequest.parse({ format: 'pdf', width: 400, height: 200 })).toMatchObject({
      format: 'pdf',
      width: 400,
      height: 200,
    });
    expect(TemplateRenderRequest.safeParse({ format: 'gif' }).success).toBe(false);
    expect(BatchRenderRequest.parse({ variableSets: [{}], format: 'gif' }).format).toBe('gif');
    expect(BatchRenderRequest.parse({ variableSets: [{}], format: 'jpg' }).format).toBe('jpeg');
    expect(BatchRenderRequest.safeParse({ variableSets: [{}], format: 'pdf' }).success).toBe(false);
  });
});
