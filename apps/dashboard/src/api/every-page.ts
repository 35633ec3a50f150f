/** Where a page of a list the API answers in pages (templates, video templates, assets) stands in the whole list. */
export interface Pagination {
  page: number;
  totalPages: number;
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** A page of such a list: its items under `key` (`templates`, `assets`), its pagination and whatever else it says. */
export type PagedList<K extends string, T> = { [P in K]: T[] } & { pagination: Pagination };

/** The most pages of 100 read for one whole list (the Assets library's): 2,000 items are already past what a person scrolls. */
export const EVERY_PAGE_CAP = 20;

/**
 * Every item of a paged list, read 100 at a time up to EVERY_PAGE_CAP pages, answered as its first page holding them
 * all (with the rest of that page's answer, such as the assets' usage), so a library sees every item, not the first
 * 100. Template pickers and filters do not read every template: they ask the API's name search (TemplateFinder).
 */
export async function readEveryPage<K extends string, T, L extends PagedList<K, T>>(
  key: K,
  readPage: (page: number, limit: number) => Promise<L>,
): Promise<L> {
  const first = await readPage(1, 100);
  const items: T[] = [...first[key]];
  for (let page = 2; page <= Math.min(first.pagination.totalPages, EVERY_PAGE_CAP); page++) {
    items.push(...(await readPage(page, 100))[key]);
  }
  return { ...first, [key]: items, pagination: { ...first.pagination, page: 1, totalPages: 1, hasNext: false, hasPrev: false } };
}
