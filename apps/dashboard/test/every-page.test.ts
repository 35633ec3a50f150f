import { EVERY_PAGE_CAP, readEveryPage, type PagedList } from '../src/api/every-page.js';

/** A list of `total` names answered in pages as the API answers them, recording the pages asked for. */
function pagedNames(total: number) {
  const asked: number[] = [];
  const readPage = async (page: number, limit: number): Promise<PagedList<'templates', string> & { usage: string }> => {
    asked.push(page);
    const totalPages = Math.max(1, Math.ceil(total / limit));
    const templates = Array.from(
      { length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) },
      (_, i) => `t${(page - 1) * limit + i}`,
    );
    return {
      templates,
      pagination: { page, totalPages, total, hasNext: page < totalPages, hasPrev: page > 1 },
      usage: `as of page ${page}`,
    };
  };
  return { asked, readPage };
}

test('every item of a list past its first page of 100 is read, as one page with the rest of the first answer', async () => {
  const { asked, readPage } = pagedNames(250);
  const all = await readEveryPage('templates', readPage);
  expect(asked).toEqual([1, 2, 3]);
  expect(all.templates).toHaveLength(250);
  expect(all.templates.at(-1)).toBe('t249');
  expect(all.pagination).toEqual({ page: 1, totalPages: 1, total: 250, hasNext: false, hasPrev: false });
  // The rest of the first page's answer stays (the assets' usage meters read it).
  expect(all.usage).toBe('as of page 1');
});

test('a short or empty list is one request; a huge one stops at the cap', async () => {
  const short = pagedNames(3);
  expect((await readEveryPage('templates', short.readPage)).templates).toEqual(['t0', 't1', 't2']);
  expect(short.asked).toEqual([1]);
  expect((await readEveryPage('templates', pagedNames(0).readPage)).templates).toEqual([]);
  const huge = pagedNames(100 * EVERY_PAGE_CAP + 5);
  expect((await readEveryPage('templates', huge.readPage)).templates).toHaveLength(100 * EVERY_PAGE_CAP);
  expect(huge.asked).toHaveLength(EVERY_PAGE_CAP);
});
