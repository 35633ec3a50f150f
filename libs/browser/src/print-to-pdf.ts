import type { CDPSession } from 'puppeteer-core';
import { answerBytes } from './screenshot-fast-path.js';

export interface PrintToPdfParams {
  /** Inches. */
  paperWidth: number;
  paperHeight: number;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
  printBackground: boolean;
  displayHeaderFooter: boolean;
  headerTemplate?: string;
  footerTemplate?: string;
  /** `'1'`: the first page only; absent: every page. */
  pageRanges?: string;
}

/** The first IO.read brings the whole of any PDF we print (the stream is still read in a loop for anything larger). */
const READ_CHUNK_BYTES = 64 * 1024 * 1024;

/**
 * Chromium's Page.printToPDF on the page's own CDP session, read back in as few round trips as
 * the document allows: puppeteer's `page.pdf` first waits for `document.fonts.ready` in a realm of
 * its own (our loaders have already waited for fonts and images) and reads the stream in default-size
 * chunks, waiting for IO.close; a 1-page invoice spent about a third of its print time on those
 * round trips (issue 18). The PDF is tagged (accessible), as `page.pdf` makes it by default.
 *
 * `inline` (the session's large answers are cut out of the pipe's bytes, screenshot-fast-path.ts):
 * the PDF comes back in the print's own answer, one round trip in all. A stream needs three at
 * least, as Chromium answers the first IO.read with the whole document and `eof: false`, and only
 * a second one with `eof` (docs/adr/0054-pdfs-come-back-inline.md). Without the fast path the
 * stream stays: an inline answer would be one JS string as large as the document.
 */
export async function printToPdf(cdp: CDPSession, params: PrintToPdfParams, options: { inline: boolean }): Promise<Buffer> {
  const common = {
    ...params,
    scale: 1,
    landscape: false,
    preferCSSPageSize: false,
    generateTaggedPDF: true,
    generateDocumentOutline: false,
  };
  if (options.inline) {
    const { data } = await cdp.send('Page.printToPDF', { ...common, transferMode: 'ReturnAsBase64' });
    return answerBytes(data);
  }
  const { stream } = await cdp.send('Page.printToPDF', { ...common, transferMode: 'ReturnAsStream' });
  if (!stream) throw new Error('Page.printToPDF returned no stream');
  const chunks: Buffer[] = [];
  try {
    for (;;) {
      const { data, base64Encoded, eof } = await cdp.send('IO.read', { handle: stream, size: READ_CHUNK_BYTES });
      chunks.push(Buffer.from(data, base64Encoded ? 'base64' : 'utf8'));
      if (eof) break;
    }
  } finally {
    // Nobody needs to wait for the handle to go: the next command on this session is ordered after it.
    cdp.send('IO.close', { handle: stream }).catch(() => undefined);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}
