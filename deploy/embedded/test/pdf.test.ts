import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { CATALOG, type RenderCompletedEvent } from '@pressroom/contracts';
import { problemOf, startPageServer, startTestStack, type TestStack } from './harness.js';

interface ParsedPdf {
  pages: number;
  /** Points, page 1. */
  width: number;
  height: number;
  title: string | null;
  text(page?: number): string;
  /** Page `page` rasterised at 36 dpi: the share of pixels that are not white, and one pixel's colour. */
  raster(page?: number): Promise<{ inkShare: number; pixel(xShare: number, yShare: number): [number, number, number] }>;
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'pressroom-pdf-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let fileCounter = 0;
async function fetchPdf(url: string): Promise<ParsedPdf> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const file = join(scratch, `doc-${fileCounter++}.pdf`);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(info)?.[1]?.trim() ?? null;
  const size = /^Page size:\s*([\d.]+) x ([\d.]+) pts/m.exec(info)!;
  return {
    pages: Number(field('Pages')),
    width: Number(size[1]),
    height: Number(size[2]),
    title: field('Title'),
    text(page) {
      const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
      return execFileSync('pdftotext', [...range, '-layout', file, '-'], { encoding: 'utf8' });
    },
    async raster(page = 1) {
      const prefix = join(scratch, `page-${fileCounter++}`);
      execFileSync('pdftoppm', ['-png', '-r', '36', '-f', String(page), '-l', String(page), '-singlefile', file, prefix]);
      const { data, info: meta } = await sharp(await readFile(`${prefix}.png`))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let ink = 0;
      for (let o = 0; o < data.length; o += meta.channels) if (data[o]! < 240 || data[o + 1]! < 240 || data[o + 2]! < 240) ink++;
      return {
        inkShare: ink / (meta.width * meta.height),
        pixel(xShare, yShare) {
          const o = (Math.floor(yShare * (meta.height - 1)) * meta.width + Math.floor(xShare * (meta.width - 1))) * meta.channels;
          return [data[o]!, data[o + 1]!, data[o + 2]!];
        },
      };
    },
  };
}

const INVOICE = (n: string, lines = 3) => `<!doctype html><html><head><title>Invoice ${n}</title><style>
  body { font: 14px sans-serif; margin: 0; }
  header { background: #1e40af; color: #fff; padding: 24px; font-size: 28px; }
  td { padding: 6px 12px; border-bottom: 1px solid #ccc; }
</style></head><body><header>Invoice ${n}</header><table>
${Array.from({ length: lines }, (_, i) => `<tr><td>Line item ${i + 1}</td><td>${(i + 1) * 10}.00 EUR</td></tr>`).join('\n')}
</table></body></html>`;

const PAGE_FOOTER =
  '<div style="font-size:10px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>';

describe('PDFs through the HTTP API (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  const completed: RenderCompletedEvent['data'][] = [];

  beforeAll(async () => {
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    await stack.bus.subscribeEvents(CATALOG.renderCompleted, async (d) => void completed.push(d.data.data), { group: 'pdf-test' });
  });
  afterAll(() => stack.dispose());

  const post = (path: string, json: unknown) => stack.api(path, { method: 'POST', key, json });

  async function createTemplate(fields: Record<string, unknown>): Promise<string> {
    const res = await post('/templates', { name: 'invoice', ...fields });
    expect(res.status).toBe(200);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }

  it('prints HTML on A4 with its background, text and title', async () => {
    const res = await post('/pdf/render', { html: INVOICE('42') });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      id: string;
      url: string;
      pageCount: number;
      preset: string;
      pageSize: { width: number; height: number };
      createdAt: string;
    };
    expect(body).toMatchObject({ success: true, pageCount: 1, preset: 'A4', pageSize: { width: 595, height: 842 } });
    expect(body.id).toMatch(/^pdf_/);
    const pdf = await fetchPdf(body.url);
    expect(pdf.pages).toBe(1);
    expect(Math.abs(pdf.width - 595.28)).toBeLessThan(1);
    expect(Math.abs(pdf.height - 841.89)).toBeLessThan(1);
    expect(pdf.text()).toContain('Invoice 42');
    expect(pdf.text()).toContain('Line item 3');
    expect(pdf.title).toBe('Invoice 42');
    const page = await pdf.raster();
    expect(page.inkShare).toBeGreaterThan(0.02);
    // The blue header band is printed (printBackground defaults to true).
    const [r, g, b] = page.pixel(0.5, 0.01);
    expect(b).toBeGreaterThan(120);
    expect(r).toBeLessThan(80);
    expect(g).toBeLessThan(110);

    const event = await (async () => {
      // Up to 300 looks 100 ms apart (30 s; it was 5 s, short on a loaded CI machine).
      for (let i = 0; i < 300; i++) {
        const found = completed.find((e) => e.imageId === body.id);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    })();
    expect(event).toMatchObject({ type: 'pdf', source: 'html', url: body.url });

    const shown = (await (await stack.api(`/pdf/${body.id}`, { key })).json()) as { pdf: Record<string, unknown> };
    expect(shown.pdf).toMatchObject({ id: body.id, status: 'done', pageCount: 1, preset: 'A4' });
    const list = (await (await stack.api('/pdf', { key })).json()) as { pdfs: Array<{ id: string }> };
    expect(list.pdfs.map((p) => p.id)).toContain(body.id);
  });

  it.each([
    ['Letter', {}, 612, 792],
    ['Legal', {}, 612, 1008],
    ['A3', {}, 841.89, 1190.55],
    ['a5', {}, 419.53, 595.28],
    ['Letter', { landscape: true }, 792, 612],
  ])('prints preset %s %j at its size in points', async (preset, extra, width, height) => {
    const res = await post('/pdf/render', { html: INVOICE('7'), options: { preset, ...extra } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; preset: string; pageSize: { width: number; height: number } };
    expect(body.preset.toLowerCase()).toBe(preset.toLowerCase());
    expect(body.pageSize).toEqual({ width: Math.round(width), height: Math.round(height) });
    const pdf = await fetchPdf(body.url);
    expect(Math.abs(pdf.width - width)).toBeLessThan(1);
    expect(Math.abs(pdf.height - height)).toBeLessThan(1);
  });

  it('prints a custom size, top-level options and margins', async () => {
    const res = await post('/pdf/render', {
      html: '<p style="margin:0;font:20px sans-serif">Ticket</p>',
      customSize: { width: 300, height: 200 },
      margins: { top: '10mm', left: 36 },
      printBackground: false,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; preset: string; pageSize: unknown };
    expect(body).toMatchObject({ preset: 'custom', pageSize: { width: 300, height: 200 } });
    const pdf = await fetchPdf(body.url);
    expect([Math.round(pdf.width), Math.round(pdf.height)]).toEqual([300, 200]);
    // 36 pt left margin at 36 dpi: nothing printed in the first half inch.
    const page = await pdf.raster();
    expect(page.pixel(0.05, 0.25)).toEqual([255, 255, 255]);
    expect(pdf.text()).toContain('Ticket');
  });

  it('prints header and footer templates with page numbers', async () => {
    const res = await post('/pdf/render', {
      html: INVOICE('long', 120),
      options: {
        preset: 'A4',
        title: 'Long invoice',
        headerTemplate: '<div style="font-size:10px;padding-left:20px"><span class="title"></span></div>',
        footerTemplate: PAGE_FOOTER,
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; pageCount: number };
    expect(body.pageCount).toBeGreaterThanOrEqual(2);
    const pdf = await fetchPdf(body.url);
    expect(pdf.pages).toBe(body.pageCount);
    expect(pdf.title).toBe('Long invoice');
    for (let p = 1; p <= pdf.pages; p++) {
      expect(pdf.text(p)).toContain(`Page ${p} of ${pdf.pages}`);
      expect(pdf.text(p)).toContain('Long invoice');
    }
  });

  it('prints a URL', async () => {
    const pages = await startPageServer({
      '/invoice': (_req, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(INVOICE('from-url')),
    });
    try {
      const res = await post('/pdf/render', { url: pages.url('/invoice') });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { url: string; id: string };
      const pdf = await fetchPdf(body.url);
      expect(pdf.text()).toContain('Invoice from-url');
      // Its render page says which address was printed (a failed one too: it is kept from the start).
      const detail = (await (await stack.api(`/renders/${body.id}`, { key })).json()) as {
        render: { parameters: Record<string, unknown> };
      };
      expect(detail.render.parameters).toMatchObject({ origin: 'url', url: pages.url('/invoice') });
    } finally {
      await pages.close();
    }
  });

  it('lists the presets in points and millimetres', async () => {
    const res = await stack.api('/pdf/presets', { key });
    expect(res.status).toBe(200);
    const { presets } = (await res.json()) as {
      presets: Record<string, { name: string; width: number; height: number; widthMm: number; heightMm: number }>;
    };
    expect(Object.keys(presets).sort()).toEqual(['A3', 'A4', 'A5', 'Legal', 'Letter']);
    expect(presets.A4).toEqual({ name: 'A4', width: 595.28, height: 841.89, widthMm: 210, heightMm: 297 });
    expect(presets.Letter).toMatchObject({ width: 612, height: 792 });
  });

  it('renders a PDF template by templateUid and through /templates/{uid}/render', async () => {
    const uid = await createTemplate({ html: INVOICE('{{number}}'), outputFormat: 'pdf', pdfPreset: 'Letter' });
    const res = await post('/pdf/render', { templateUid: uid, variables: { number: 'T-1' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; preset: string };
    expect(body.preset).toBe('Letter');
    const pdf = await fetchPdf(body.url);
    expect(pdf.text()).toContain('Invoice T-1');
    expect(Math.round(pdf.width)).toBe(612);

    const viaTemplate = await post(`/templates/${uid}/render`, { variables: { number: 'T-2' } });
    expect(viaTemplate.status).toBe(200);
    const rendered = (await viaTemplate.json()) as { success: boolean; url: string; pageCount: number; preset: string };
    expect(rendered).toMatchObject({ success: true, pageCount: 1, preset: 'Letter' });
    expect((await fetchPdf(rendered.url)).text()).toContain('Invoice T-2');
  });

  it('joins one page per variable set, with page numbers across the whole document', async () => {
    const uid = await createTemplate({ html: INVOICE('{{number}}') });
    const res = await post('/pdf/multi-page', {
      templateUid: uid,
      variableSets: [{ number: 'A-1' }, { number: 'A-2' }, { number: 'A-3' }],
      options: { preset: 'A5', footerTemplate: PAGE_FOOTER, title: 'Batch' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; pageCount: number; preset: string; pageSize: unknown };
    expect(body).toMatchObject({ pageCount: 3, preset: 'A5', pageSize: { width: 420, height: 595 } });
    const pdf = await fetchPdf(body.url);
    expect(pdf.pages).toBe(3);
    expect(pdf.title).toBe('Batch');
    for (let p = 1; p <= 3; p++) {
      expect(pdf.text(p)).toContain(`Invoice A-${p}`);
      expect(pdf.text(p)).toContain(`Page ${p} of 3`);
      expect((await pdf.raster(p)).inkShare).toBeGreaterThan(0.02);
    }
  });

  it('keeps a template PDF’s variables (each page’s for a multi-page one): its render page says them and q finds it', async () => {
    const uid = await createTemplate({ html: INVOICE('{{number}}'), outputFormat: 'pdf' });
    const idOf = async (res: Response) => {
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const parametersOf = async (id: string) => {
      const res = await stack.api(`/renders/${id}`, { key });
      return ((await res.json()) as { render: { parameters: Record<string, unknown> } }).render.parameters;
    };
    const found = async (q: string) => {
      const res = await stack.api(`/renders?q=${encodeURIComponent(q)}`, { key });
      return ((await res.json()) as { items: Array<{ id: string }> }).items.map((item) => item.id);
    };
    const byPdfRender = await idOf(await post('/pdf/render', { templateUid: uid, variables: { number: 'Kept-PDF-1' } }));
    expect(await parametersOf(byPdfRender)).toMatchObject({ origin: 'template', variables: { number: 'Kept-PDF-1' } });
    expect(await found('kept-pdf-1')).toEqual([byPdfRender]);

    const byTemplate = await idOf(await post(`/templates/${uid}/render`, { variables: { number: 'Kept-PDF-2' } }));
    expect(await parametersOf(byTemplate)).toMatchObject({ variables: { number: 'Kept-PDF-2' } });
    expect(await found('KEPT-PDF-2')).toEqual([byTemplate]);

    const pages = [{ number: 'Kept-Page-1' }, { number: 'Kept-Page-2' }];
    const joined = await idOf(await post('/pdf/multi-page', { templateUid: uid, variableSets: pages }));
    const joinedParameters = await parametersOf(joined);
    expect(joinedParameters).toMatchObject({ variableSets: pages, variableSetCount: 2, pageCount: 2 });
    expect(joinedParameters).not.toHaveProperty('variables');
    expect(await found('kept-page-2')).toEqual([joined]);

    // Too large to list (a picture as a data URL): nothing is kept, as for an image render.
    const large = await idOf(await post('/pdf/render', { templateUid: uid, variables: { number: `Big-${'x'.repeat(17_000)}` } }));
    expect(await parametersOf(large)).not.toHaveProperty('variables');
    // A multi-page PDF whose sets are too large keeps none, but still says how many it joined (the dashboard's Render again).
    const bigSets = [{ number: `Big-${'x'.repeat(9_000)}` }, { number: `Big-${'y'.repeat(9_000)}` }];
    const largeJoined = await parametersOf(await idOf(await post('/pdf/multi-page', { templateUid: uid, variableSets: bigSets })));
    expect(largeJoined).toMatchObject({ variableSetCount: 2 });
    expect(largeJoined).not.toHaveProperty('variableSets');
  });

  it('prints a FabricJS template with pages: one PDF page per canvas page, at its size, text selectable', async () => {
    const text = (value: string, top: number) => ({
      type: 'Textbox',
      originX: 'left',
      originY: 'top',
      left: 40,
      top,
      width: 520,
      fontSize: 36,
      fill: '#111111',
      text: value,
    });
    const band = (fill: string) => ({ type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 600, height: 120, fill });
    const uid = await createTemplate({
      name: 'certificate',
      fabricJSData: { width: 600, height: 400, objects: [text('cover', 10)] },
      width: 600,
      height: 400,
      outputFormat: 'pdf',
      pages: [
        // Stored out of order: pageNumber decides.
        {
          pageNumber: 2,
          name: 'back',
          fabricJSData: { width: 800, height: 400, background: '#ffffff', objects: [text('Issued to {{name}} on the back', 200)] },
        },
        {
          pageNumber: 1,
          name: 'front',
          fabricJSData: {
            width: 600,
            height: 400,
            background: '#ffffff',
            objects: [band('#1d4ed8'), text('Certificate for {{name}}', 200)],
          },
        },
      ],
    });

    const res = await post('/pdf/render', { templateUid: uid, variables: { name: 'Ada' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; pageCount: number; pageSize: { width: number; height: number } };
    expect(body).toMatchObject({ pageCount: 2, pageSize: { width: 450, height: 300 } });
    const pdf = await fetchPdf(body.url);
    expect(pdf.pages).toBe(2);
    expect(Math.round(pdf.width)).toBe(450);
    expect(Math.round(pdf.height)).toBe(300);
    expect(pdf.text(1)).toContain('Certificate for Ada');
    expect(pdf.text(2)).toContain('Issued to Ada on the back');
    const front = await pdf.raster(1);
    expect(front.inkShare).toBeGreaterThan(0.2);
    const [r, g, b] = front.pixel(0.5, 0.1);
    expect(b).toBeGreaterThan(180);
    expect(r).toBeLessThan(80);
    expect(g).toBeLessThan(120);

    // Multi-page: every page of the template for each variable set, in order.
    const multi = await post('/pdf/multi-page', { templateUid: uid, variableSets: [{ name: 'Ada' }, { name: 'Grace' }] });
    expect(multi.status).toBe(200);
    const joined = await fetchPdf(((await multi.json()) as { url: string }).url);
    expect(joined.pages).toBe(4);
    expect(joined.text(3)).toContain('Certificate for Grace');
    expect(joined.text(4)).toContain('Issued to Grace on the back');
  });

  it('prints a FabricJS design on the paper the request chose, over the template’s pdfPreset and the design’s size', async () => {
    // 800×400 px with its own paper (A4, which it would print on turned landscape: 841.89×595.28 pt).
    const uid = await createTemplate({
      name: 'wide certificate',
      fabricJSData: {
        width: 800,
        height: 400,
        background: '#ffffff',
        objects: [
          { type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 800, height: 400, fill: '#1d4ed8' },
          {
            type: 'Textbox',
            originX: 'left',
            originY: 'top',
            left: 40,
            top: 160,
            width: 720,
            fontSize: 48,
            fill: '#ffffff',
            text: 'For {{name}}',
          },
        ],
      },
      width: 800,
      height: 400,
      outputFormat: 'pdf',
      pdfPreset: 'A4',
    });
    const sizeOf = async (res: Response) => {
      expect(res.status).toBe(200);
      const body = (await res.json()) as { url: string; preset: string; pageSize: { width: number; height: number } };
      const pdf = await fetchPdf(body.url);
      return { body, pdf, size: [pdf.width, pdf.height] };
    };
    // Within a point: Chromium rounds the paper to its own units (A4's 595.28 pt can come out as 595.5).
    const expectPaper = (size: number[], expected: [number, number]) =>
      expect(size.map((side, i) => Math.abs(side - expected[i]!) <= 1)).toEqual([true, true]);

    // Without a paper in the request: the template's A4, turned to the design.
    expectPaper((await sizeOf(await post('/pdf/render', { templateUid: uid, variables: { name: 'Ada' } }))).size, [841.89, 595.28]);

    // POST /pdf/render: Letter landscape under `options`, the design scaled onto it (its blue fills the middle).
    const letter = await sizeOf(
      await post('/pdf/render', { templateUid: uid, variables: { name: 'Ada' }, options: { preset: 'Letter', landscape: true } }),
    );
    expectPaper(letter.size, [792, 612]);
    expect(letter.body).toMatchObject({ preset: 'Letter', pageSize: { width: 792, height: 612 } });
    expect(letter.pdf.text()).toContain('For Ada');
    const [r, g, b] = (await letter.pdf.raster()).pixel(0.5, 0.5);
    expect([r < 80, g < 120, b > 180]).toEqual([true, true, true]);

    // POST /pdf/multi-page: A5 at the top level, as asked (portrait, though the design is wider than tall).
    const a5 = await sizeOf(
      await post('/pdf/multi-page', { templateUid: uid, variableSets: [{ name: 'Ada' }, { name: 'Grace' }], preset: 'A5' }),
    );
    expectPaper(a5.size, [419.53, 595.28]);
    expect(a5.pdf.pages).toBe(2);
    expect(a5.body).toMatchObject({ preset: 'A5', pageSize: { width: 420, height: 595 } });

    // POST /templates/{uid}/render with a size: that size is the paper (pixels, 0.75 pt each).
    const sized = await sizeOf(
      await post(`/templates/${uid}/render`, { format: 'pdf', width: 400, height: 300, variables: { name: 'Ada' } }),
    );
    expectPaper(sized.size, [300, 225]);

    // A preset's pixels (the dashboard's Paper choice sends A4 as 794×1123) print on that preset's paper, as
    // POST /pdf/render's `preset: "A4"` does, not on the rounded pixels.
    const a4 = await sizeOf(
      await post(`/templates/${uid}/render`, { format: 'pdf', width: 794, height: 1123, variables: { name: 'Ada' } }),
    );
    const presetA4 = await sizeOf(await post('/pdf/render', { templateUid: uid, variables: { name: 'Ada' }, options: { preset: 'A4' } }));
    expect(a4.size).toEqual(presetA4.size);
    expect(a4.body).toMatchObject({ preset: 'A4' });
  });

  it.each([
    ['an unknown preset', '/pdf/render', { html: '<p>x</p>', options: { preset: 'B7' } }, 'options.preset'],
    ['custom without a size', '/pdf/render', { html: '<p>x</p>', options: { preset: 'custom' } }, 'options.customSize'],
    [
      'margins larger than the page',
      '/pdf/render',
      { html: '<p>x</p>', options: { preset: 'A5', margins: { top: '110mm', bottom: '110mm' } } },
      'options.margins',
    ],
    ['a margin without unit', '/pdf/render', { html: '<p>x</p>', margins: { top: '10 furlongs' } }, 'margins.top'],
    ['no source', '/pdf/render', { options: { preset: 'A4' } }, 'templateUid'],
    [
      '101 variable sets',
      '/pdf/multi-page',
      { templateUid: 'tpl_x', variableSets: Array.from({ length: 101 }, () => ({})) },
      'variableSets',
    ],
    ['no variable sets', '/pdf/multi-page', { templateUid: 'tpl_x', variableSets: [] }, 'variableSets'],
    ['no template', '/pdf/multi-page', { variableSets: [{}] }, 'templateUid'],
  ])('rejects %s with a 400 naming the field', async (_name, path, json, field) => {
    const res = await post(path, json);
    expect(res.status).toBe(400);
    const body = await problemOf(res);
    expect((body.errors as Array<{ field: string }>).map((e) => e.field)).toContain(field);
    if (field === 'options.preset') expect(body.detail).toContain('A4, Letter, Legal, A3, A5, custom');
  });

  it('answers an unknown template with 404', async () => {
    const res = await post('/pdf/multi-page', { templateUid: 'tpl_nope', variableSets: [{}] });
    expect(res.status).toBe(404);
    expect((await problemOf(res)).type).toMatch(/\/errors\/template-not-found$/);
  });

  it('times out a page that loops forever in JavaScript, then keeps serving', async () => {
    const res = await post('/pdf/render', { html: '<script>for(;;){}</script>' });
    expect(res.status).toBe(422);
    expect((await problemOf(res)).type).toMatch(/\/errors\/render-timeout$/);
    const next = await post('/pdf/render', { html: INVOICE('after') });
    expect(next.status).toBe(200);
    expect((await fetchPdf(((await next.json()) as { url: string }).url)).text()).toContain('Invoice after');
  });
});

describe('PDFs on NATS and PostgreSQL', () => {
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    stack = await startTestStack('nats+postgres');
    ({ key } = await stack.newAccount());
  });
  afterAll(() => stack.dispose());

  it('prints a multi-page PDF whose sets spill to storage', async () => {
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'big', html: `${INVOICE('{{n}}')}<!-- ${'x'.repeat(100 * 1024)} -->` },
    });
    const { template } = (await created.json()) as { template: { uid: string } };
    const res = await stack.api('/pdf/multi-page', {
      method: 'POST',
      key,
      json: { templateUid: template.uid, variableSets: [{ n: 'S-1' }, { n: 'S-2' }, { n: 'S-3' }] },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; pageCount: number };
    expect(body.pageCount).toBe(3);
    const pdf = await fetchPdf(body.url);
    expect(pdf.text(2)).toContain('Invoice S-2');
    const leftovers = [0, 1, 2].map((i) => stack.storage.get(`inputs/${body.url.split('/').at(-1)!.replace('.pdf', '')}.${i}.html`));
    expect(await Promise.all(leftovers)).toEqual([null, null, null]);
  });
});
