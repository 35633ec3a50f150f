import { PDFDocument } from 'pdf-lib';
import { BrowserPool, printPdf } from '@pressroom/browser';
import { createSsrfGuard } from '@pressroom/ssrf';
import { declaredPageCount, pageCountOf } from './page-count.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** `pages` A4 sheets, one heading each. */
const sheets = (pages: number) =>
  `<!doctype html><title>t</title>${Array.from({ length: pages }, (_, i) => `<h1${i < pages - 1 ? ' style="break-after:page"' : ''}>Sheet ${i + 1}</h1>`).join('')}`;

describe('page count of a printed PDF', () => {
  let pool: BrowserPool;
  const guard = createSsrfGuard({ allowPrivateHosts: [] });

  beforeAll(async () => {
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 1,
      restartAfter: 1000,
      queueLimit: 10,
      renderTimeoutMs: 15_000,
      egressGuard: guard,
    });
  });
  afterAll(async () => {
    await pool?.close();
  });

  const print = (html: string) =>
    printPdf(
      pool,
      {
        source: { kind: 'html', html, jsEnabled: false },
        widthPt: 595.28,
        heightPt: 841.89,
        margins: { top: 0, right: 0, bottom: 0, left: 0 },
        printBackground: true,
        headerTemplate: null,
        footerTemplate: null,
        title: null,
      },
      { guard },
    );

  it.each([1, 2, 8, 9, 10, 65])('reads the root of a %i-page tree Chromium wrote, as pdf-lib counts it', async (pages) => {
    const bytes = await print(sheets(pages));
    expect(declaredPageCount(bytes)).toBe(pages);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(pages);
  });

  it('does not take a name that only starts like the page tree, and reads a subarray at its offset', async () => {
    const bytes = await print(sheets(3));
    const shifted = new Uint8Array(bytes.length + 5);
    shifted.set(bytes, 5);
    expect(declaredPageCount(shifted.subarray(5))).toBe(3);
    const fake = Buffer.from('%PDF-1.4\n1 0 obj << /Type /PagesX /Count 99 >> endobj\n');
    expect(declaredPageCount(fake)).toBeNull();
  });

  it('falls back to a full parse when the root is ambiguous or missing', async () => {
    const bytes = await print(sheets(2));
    // A second parentless page-tree node: the bytes no longer say which one is the root.
    const ambiguous = Buffer.concat([bytes, Buffer.from('\n99 0 obj << /Type /Pages /Count 7 /Kids [] >> endobj\n')]);
    expect(declaredPageCount(ambiguous)).toBeNull();
    expect(await pageCountOf(ambiguous)).toBe(2);

    // pdf-lib writes its page tree in an object stream: nothing to read, so it is parsed.
    const made = await PDFDocument.create();
    for (let i = 0; i < 4; i++) made.addPage();
    const saved = await made.save();
    expect(await pageCountOf(saved)).toBe(4);
  });
});
