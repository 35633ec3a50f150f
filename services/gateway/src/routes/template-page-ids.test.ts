import { pagesWithIds } from './template-page-ids.js';

const design = { version: '7.4.0', objects: [] };

describe('pagesWithIds', () => {
  it('keeps the id a page was sent with and gives one to each page sent without', () => {
    const pages = pagesWithIds([
      { pageNumber: 1, name: 'Front', fabricJSData: design, id: 'front' },
      { pageNumber: 2, fabricJSData: design },
      { pageNumber: 3, fabricJSData: design },
    ]);
    expect(pages[0]).toEqual({ pageNumber: 1, name: 'Front', fabricJSData: design, id: 'front' });
    expect(pages[1]!.id).toMatch(/^pg_[0-9a-z]{24}$/u);
    expect(pages[2]!.id).toMatch(/^pg_[0-9a-z]{24}$/u);
    // New ids differ from each other, and the page is otherwise as sent.
    expect(pages[1]!.id).not.toBe(pages[2]!.id);
    expect({ ...pages[1], id: undefined }).toEqual({ pageNumber: 2, fabricJSData: design, id: undefined });
  });

  it('answers no pages for no pages', () => {
    expect(pagesWithIds([])).toEqual([]);
  });
});
