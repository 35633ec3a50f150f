import { PDFDocument } from 'pdf-lib';

const PAGES_NODE = Buffer.from('/Type /Pages');
const DICT_END = Buffer.from('>>');
/** A page-tree node's dictionary is short (Chromium's have at most 8 kids); past this it is not one we wrote. */
const MAX_NODE_BYTES = 4096;

/**
 * The page count a PDF's page-tree root declares, read from the bytes as
 * Chromium (Skia) writes them: uncompressed `/Type /Pages /Count n /Kids [...]`
 * dictionaries, the root being the one node without `/Parent`. Null when the
 * file is not laid out that way (no root, or more than one), so the caller can
 * parse it properly instead. Parsing the whole file with pdf-lib just to read
 * this number cost 3 ms for one page and 50 ms for ten, on the event loop
 * (docs/adr/0040-pdf-path.md).
 */
export function declaredPageCount(bytes: Uint8Array): number | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let root: number | null = null;
  for (let at = buffer.indexOf(PAGES_NODE); at >= 0; at = buffer.indexOf(PAGES_NODE, at + PAGES_NODE.length)) {
    const after = buffer[at + PAGES_NODE.length];
    // `/Type /PagesX` is some other name.
    if (after !== undefined && /[A-Za-z0-9]/.test(String.fromCharCode(after))) continue;
    const end = buffer.indexOf(DICT_END, at);
    if (end < 0 || end - at > MAX_NODE_BYTES) return null;
    const node = buffer.toString('latin1', at, end);
    if (/\/Parent\b/.test(node)) continue;
    const count = /\/Count\s+(\d+)\b/.exec(node);
    if (!count || root !== null) return null;
    root = Number(count[1]);
  }
  return root;
}

/** Pages of a PDF Chromium printed: the declared count when it can be read safely, else pdf-lib's parse. */
export async function pageCountOf(bytes: Uint8Array): Promise<number> {
  const declared = declaredPageCount(bytes);
  if (declared !== null) return declared;
  const document = await PDFDocument.load(bytes, { updateMetadata: false });
  return document.getPageCount();
}
