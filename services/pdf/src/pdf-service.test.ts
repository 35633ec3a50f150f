import { PDFDocument } from 'pdf-lib';
import { CATALOG, type RenderPdfCommand } from '@pressroom/contracts';
import { BrowserPool } from '@pressroom/browser';
import { startRenderHarness, type RenderHarness } from '@pressroom/render-worker/testing';
import { createSsrfGuard } from '@pressroom/ssrf';
import { startPdfService, type PdfService } from './service.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const A5 = { preset: 'A5', widthPt: 419.53, heightPt: 595.28, landscape: false };

/** Page sizes in whole points (Chromium rounds the paper to whole CSS pixels: 595.28 pt prints as 595.5). */
const sizes = (pdf: PDFDocument) => pdf.getPages().map((page) => [Math.floor(page.getWidth()), Math.floor(page.getHeight())]);

describe('pdf service: render.pdf through the shared lifecycle on real Chromium', () => {
  let harness: RenderHarness;
  let pool: BrowserPool;
  let service: PdfService;

  beforeAll(async () => {
    harness = await startRenderHarness();
    const guard = createSsrfGuard({ allowPrivateHosts: [] });
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 2,
      restartAfter: 1000,
      queueLimit: 10,
      renderTimeoutMs: 15_000,
      egressGuard: guard,
    });
    service = await startPdfService({ ...harness.deps, pool, guard, concurrency: 1, parallelDocuments: 2 });
  });

  afterAll(async () => {
    await service?.stop();
    await pool?.close();
    await harness?.close();
  });

  async function command(overrides: Partial<RenderPdfCommand>): Promise<RenderPdfCommand> {
    return {
      ...(await harness.newRender('pdf', 'pdf')),
      documents: [{ kind: 'html', html: '<h1>One</h1>', jsEnabled: false }],
      page: A5,
      margins: { top: 0, right: 0, bottom: 0, left: 0 },
      printBackground: true,
      headerTemplate: null,
      footerTemplate: null,
      title: null,
      ...overrides,
    };
  }

  it('prints one document on A5 and reports its page count and size', async () => {
    const render = await command({ documents: [{ kind: 'html', html: '<h1>One</h1>', jsEnabled: false }], title: 'Solo' });
    await harness.deps.bus.publish(CATALOG.renderPdf, render);
    const outcome = await harness.outcome(render.renderId);
    expect(outcome).toMatchObject({ status: 'done', contentType: 'application/pdf', width: 420, height: 595 });
    const pdf = await PDFDocument.load(await harness.file(outcome));
    expect(pdf.getPageCount()).toBe(1);
    expect(sizes(pdf)).toEqual([[420, 595]]);
  });

  it('joins one document per variable set in order, with a canvas page at its own size', async () => {
    const render = await command({
      documents: [
        { kind: 'html', html: '<p>first</p><p style="break-before:page">second</p>', jsEnabled: false },
        { kind: 'canvas', canvas: { objects: [] }, fonts: [], width: 200, height: 100 },
      ],
    });
    await harness.deps.bus.publish(CATALOG.renderPdf, render);
    const pdf = await PDFDocument.load(await harness.file(await harness.outcome(render.renderId)));
    expect(pdf.getPageCount()).toBe(3);
    expect(sizes(pdf)).toEqual([
      [420, 595],
      [420, 595],
      [150, 75],
    ]);
  });
});
