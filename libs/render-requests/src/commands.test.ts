import { extensionOfFormat } from '@pressroom/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiskStorage, type Storage } from '@pressroom/storage';
import type { CommandEnvelope } from './command-envelope.js';
import { imageCommand, type ImageRenderPlan } from './image-command.js';
import { INLINE_HTML_LIMIT } from './offload.js';
import { renderOutput } from './output.js';
import { pdfCommand, pdfRowSize, type PdfRenderPlan } from './pdf-command.js';
import { pdfPrintSettings } from './pdf-print-settings.js';
import { templateDocuments } from './pdf-documents.js';
import { planPdfPrint } from './pdf-print-plan.js';
import { canvasDocument, templateRow } from './template-fixture.js';

let dir: string;
let storage: Storage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'render-requests-'));
  storage = await createDiskStorage({ dir });
});
afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

function envelope(renderId: string): CommandEnvelope {
  return {
    renderId,
    accountId: 'acc_1',
    ownerId: 'own_1',
    output: renderOutput({ publicBaseUrl: 'http://files.test', renderId, extension: extensionOfFormat('jpeg') }),
    requestedAt: '2026-01-01T00:00:00.000Z',
  };
}

const plan = (source: ImageRenderPlan['source']): ImageRenderPlan => ({
  origin: 'template',
  templateId: 'tpl_1',
  source,
  width: 100,
  height: 50,
  selector: null,
  format: 'jpeg',
  quality: 0.8,
});

describe('imageCommand', () => {
  it('carries small HTML inline, with the output under renders/<id>.jpg', async () => {
    const command = await imageCommand(storage, plan({ kind: 'html', html: '<p>hi</p>', jsEnabled: false }), envelope('img_small'));
    expect(command).toMatchObject({
      renderId: 'img_small',
      source: { kind: 'html', html: '<p>hi</p>' },
      output: { storageKey: 'renders/img_small.jpg', url: 'http://files.test/files/renders/img_small.jpg' },
      format: 'jpeg',
      quality: 0.8,
    });
  });

  it('moves HTML over the limit to storage', async () => {
    const html = `<p>${'x'.repeat(INLINE_HTML_LIMIT)}</p>`;
    const command = await imageCommand(storage, plan({ kind: 'html', html, jsEnabled: true }), envelope('img_big'));
    expect(command.source).toEqual({ kind: 'stored-html', storageKey: 'inputs/img_big.html', jsEnabled: true });
    expect((await storage.get('inputs/img_big.html'))!.bytes.toString()).toBe(html);
  });

  it('moves a large canvas to storage as {canvas, fonts} JSON, and keeps a small one inline', async () => {
    const fonts = [{ family: 'Inter', url: 'https://example.com/inter.woff2' }];
    const big = { objects: [{ type: 'Text', text: 'y'.repeat(INLINE_HTML_LIMIT) }] };
    const command = await imageCommand(storage, plan({ kind: 'canvas', canvas: big, fonts }), envelope('img_canvas'));
    expect(command.source).toEqual({ kind: 'stored-canvas', storageKey: 'inputs/img_canvas.json' });
    expect(JSON.parse((await storage.get('inputs/img_canvas.json'))!.bytes.toString())).toEqual({ canvas: big, fonts });
    const small = await imageCommand(storage, plan({ kind: 'canvas', canvas: { objects: [] }, fonts }), envelope('img_c2'));
    expect(small.source).toEqual({ kind: 'canvas', canvas: { objects: [] }, fonts });
  });
});

describe('pdfCommand', () => {
  const settings = pdfPrintSettings({}, undefined, null);

  it('moves every document to storage when their total is large, each under its part key', async () => {
    const half = 'z'.repeat(INLINE_HTML_LIMIT / 2 + 10);
    const pdf: PdfRenderPlan = {
      origin: 'template',
      templateId: 'tpl_1',
      documents: [
        { kind: 'html', html: half, jsEnabled: false },
        { kind: 'canvas', canvas: { objects: [{ type: 'Text', text: half }] }, fonts: [], width: 400, height: 200 },
      ],
      settings,
    };
    const command = await pdfCommand(storage, pdf, envelope('pdf_1'));
    expect(command.documents).toEqual([
      { kind: 'stored-html', storageKey: 'inputs/pdf_1.0.html', jsEnabled: false },
      { kind: 'stored-canvas', storageKey: 'inputs/pdf_1.1.json', width: 400, height: 200 },
    ]);
    expect(command.page).toEqual(settings.page);
    // The row reports the first page: paper size for HTML, the canvas size in points for a canvas.
    expect(pdfRowSize(pdf)).toEqual({ width: Math.round(settings.page.widthPt), height: Math.round(settings.page.heightPt) });
    expect(pdfRowSize({ ...pdf, documents: pdf.documents.slice(1) })).toEqual({ width: 300, height: 150 });
  });

  it('puts a planned canvas page on its paper, and the row reports that paper', async () => {
    const template = templateRow({ html: null, fabricJSData: canvasDocument(), width: 200, height: 100, pdfPreset: 'A4' });
    const plan: PdfRenderPlan = {
      origin: 'template',
      templateId: template.uid,
      ...planPdfPrint({ options: {} }, template, templateDocuments(template, [{ title: 'x' }])),
    };
    const command = await pdfCommand(storage, plan, envelope('pdf_2'));
    expect(command.documents[0]).toMatchObject({ kind: 'canvas', width: 200, height: 100, paper: { widthPt: 841.89, heightPt: 595.28 } });
    expect(pdfRowSize(plan)).toEqual({ width: 842, height: 595 });
  });
});
