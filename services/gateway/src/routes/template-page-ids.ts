import { newId } from '@pressroom/contracts';

/**
 * The pages as saved: each keeps the `id` it was sent with, and one sent without is given a new one, so a page can be
 * told apart from the others across saves, moves and deletions of other pages (docs/adr/0077-canvas-page-ids.md). The
 * editor's "Save mine anyway" finds the page it has open by it in the pages as someone else saved them.
 */
export function pagesWithIds<Page extends { id?: string | undefined }>(pages: Page[]): (Page & { id: string })[] {
  return pages.map((page) => ({ ...page, id: page.id ?? newId('pg') }));
}
