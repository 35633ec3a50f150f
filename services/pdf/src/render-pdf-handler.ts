import { CATALOG, pxToPoints, type PdfDocumentSource, type RenderPdfCommand } from '@pressroom/contracts';
import { printCanvasPdf, printPdf, type BrowserPool, type CaptureSource, type PdfPrintRequest } from '@pressroom/browser';
import {
  readSource,
  readStoredCanvas,
  renderJobHandler,
  spilledKeys,
  type RenderJobDeps,
  type RenderedFile,
} from '@pressroom/render-worker';
import type { SsrfGuard } from '@pressroom/ssrf';
import { inSpan, type Logger } from '@pressroom/telemetry';
import { pageCountOf } from './page-count.js';
import { joinPdfs, overlayHtml, stampPages } from './pdf-document.js';

export interface PdfHandlerDeps extends RenderJobDeps {
  /** Any pool: printing needs no special flags (the embedded process shares the image pool). */
  pool: BrowserPool;
  guard: SsrfGuard;
  /** Documents of one multi-page render printed at once. */
  parallelDocuments: number;
}

/** Runs `work` over `items` with at most `limit` at once, results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

async function renderPdf(deps: PdfHandlerDeps, command: RenderPdfCommand, log: Logger): Promise<RenderedFile> {
  const started = performance.now();
  const base: Omit<PdfPrintRequest, 'source'> = {
    widthPt: command.page.widthPt,
    heightPt: command.page.heightPt,
    margins: command.margins,
    printBackground: command.printBackground,
    headerTemplate: command.headerTemplate,
    footerTemplate: command.footerTemplate,
    title: command.title,
  };
  const print = (source: CaptureSource, request: Partial<PdfPrintRequest> = {}) =>
    printPdf(deps.pool, { ...base, source, ...request }, { guard: deps.guard });

  const printDocument = async (document: PdfDocumentSource, request: Partial<PdfPrintRequest> = {}): Promise<Buffer> => {
    if (document.kind === 'canvas' || document.kind === 'stored-canvas') {
      const { canvas, fonts } = document.kind === 'canvas' ? document : await readStoredCanvas(deps.storage, document.storageKey);
      return printCanvasPdf(
        deps.pool,
        { canvas, fonts, width: document.width, height: document.height },
        { guard: deps.guard, paper: document.paper },
      );
    }
    return print(await readSource(deps.storage, document), request);
  };
  const hasCanvas = command.documents.some((d) => d.kind === 'canvas' || d.kind === 'stored-canvas');

  let bytes: Buffer;
  let pageCount: number;
  if (command.documents.length === 1) {
    // One document: Chromium numbers its own pages; nothing to join.
    bytes = await printDocument(command.documents[0]!);
    pageCount = await inSpan('pdf.page_count', () => pageCountOf(bytes));
  } else {
    // Each variable set is its own document (its own layout, scripts and page breaks), printed
    // without header/footer; the header/footer is printed once for the joined page count and stamped on.
    // Canvas pages are printed at their own size, as designed: no header/footer over them.
    const parts = await mapLimited(command.documents, deps.parallelDocuments, (document) =>
      printDocument(document, { headerTemplate: null, footerTemplate: null, title: null }),
    );
    const joined = await joinPdfs(parts, command.title);
    pageCount = joined.getPageCount();
    if (!hasCanvas && (command.headerTemplate !== null || command.footerTemplate !== null)) {
      const overlay = await print(
        { kind: 'html', html: overlayHtml(pageCount, command.title ?? joined.getTitle() ?? null), jsEnabled: false },
        { printBackground: false },
      );
      await stampPages(joined, overlay);
    }
    bytes = Buffer.from(await joined.save());
  }
  // Canvas pages are their own size (1 CSS px = 0.75 pt) or their paper: report the first page's.
  const first = command.documents[0]!;
  const firstIsCanvas = first.kind === 'canvas' || first.kind === 'stored-canvas';
  const firstPaper = firstIsCanvas ? first.paper : undefined;
  const pageSize = firstPaper
    ? { width: Math.round(firstPaper.widthPt), height: Math.round(firstPaper.heightPt) }
    : firstIsCanvas
      ? { width: Math.round(pxToPoints(first.width)), height: Math.round(pxToPoints(first.height)) }
      : { width: Math.round(command.page.widthPt), height: Math.round(command.page.heightPt) };
  log.debug({ documents: command.documents.length, pageCount, ms: Math.round(performance.now() - started) }, 'pdf printed');
  return {
    bytes,
    contentType: 'application/pdf',
    width: pageSize.width,
    height: pageSize.height,
    details: {
      pageCount,
      preset: firstPaper ? command.page.preset : firstIsCanvas ? 'canvas' : command.page.preset,
      pageSize,
      landscape: firstPaper ? firstPaper.widthPt > firstPaper.heightPt : firstIsCanvas ? false : command.page.landscape,
      documents: command.documents.length,
    },
  };
}

/** Consumer of `render.pdf`: print (and join) → storage → row → events. */
export function renderPdfHandler(deps: PdfHandlerDeps) {
  return renderJobHandler<RenderPdfCommand>(deps, {
    kind: 'pdf',
    subject: CATALOG.renderPdf,
    render: (command, log) => renderPdf(deps, command, log),
    inputs: (command) => spilledKeys(command.documents),
    // Captures take tens of milliseconds: the page work overlaps the claim (docs/adr/0048).
    startBeforeClaim: true,
  });
}
