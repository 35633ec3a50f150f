import { PDFDocument } from 'pdf-lib';

/** Joins PDFs page by page, in order. The title comes from `title`, else from the first part. */
export async function joinPdfs(parts: readonly Uint8Array[], title: string | null): Promise<PDFDocument> {
  const joined = await PDFDocument.create({ updateMetadata: false });
  let firstTitle: string | undefined;
  for (const [i, bytes] of parts.entries()) {
    const part = await PDFDocument.load(bytes, { updateMetadata: false });
    if (i === 0) firstTitle = part.getTitle();
    const pages = await joined.copyPages(part, part.getPageIndices());
    for (const page of pages) joined.addPage(page);
  }
  const chosen = title ?? firstTitle;
  if (chosen) joined.setTitle(chosen);
  joined.setProducer('Pressroom');
  return joined;
}

/**
 * Draws page i of `overlay` over page i of `document` (the header and footer
 * Chromium printed for the whole page count, so numbers run across parts).
 */
export async function stampPages(document: PDFDocument, overlayBytes: Uint8Array): Promise<void> {
  const overlay = await PDFDocument.load(overlayBytes, { updateMetadata: false });
  const pages = document.getPages();
  if (overlay.getPageCount() !== pages.length) {
    throw new Error(`header/footer overlay has ${overlay.getPageCount()} pages for a ${pages.length}-page document`);
  }
  const embedded = await document.embedPages(overlay.getPages());
  pages.forEach((page, i) => page.drawPage(embedded[i]!, { x: 0, y: 0 }));
}

/** An empty document of `pages` pages: printed with a header/footer template, it becomes the overlay. */
export function overlayHtml(pages: number, title: string | null): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const sheets = Array.from({ length: pages }, (_, i) => `<div${i < pages - 1 ? ' class="b"' : ''}></div>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title ?? '')}</title><style>html,body{margin:0;background:transparent}div{height:1px}.b{break-after:page}</style></head><body>${sheets}</body></html>`;
}
