import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode, near, problemOf, startTestStack, type TestStack } from './harness.js';

/*
 * POST /templates/{uid}/render as the hosted service's clients send it (Python
 * SDK `render`/`render_layouts`, MCP `pictify_render_template`, n8n "Render From
 * Template" and "Render PDF"), asserting the members they read.
 */

interface ResultItem {
  layout: string;
  name: string;
  url: string;
  width: number;
  height: number;
  format: string;
  id: string;
  createdAt: string;
}
interface RenderAnswer {
  url?: string;
  id?: string;
  results: ResultItem[];
  errors: { layout: string; error: string }[];
  totalRendered: number;
  totalLayouts: number;
  totalErrors: number;
  templateUid: string;
  renders?: unknown[];
  pageCount?: number;
}

const RED: [number, number, number] = [255, 0, 0];
const BLUE: [number, number, number] = [0, 0, 255];

describe('template render in the clients’ shape', () => {
  let stack: TestStack;
  let key: string;
  let uid: string;
  let pdfUid: string;
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'compat-render-'));
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
    const created = await stack.api('/templates', {
      method: 'POST',
      key,
      json: {
        name: 'Card',
        html: '<body style="margin:0;background:{{ colour }}"></body>',
        width: 120,
        height: 60,
        variableDefinitions: [{ name: 'colour', type: 'color', defaultValue: '#ff0000' }],
        layouts: { square: { name: 'Square', width: 80, height: 80 } },
      },
    });
    uid = ((await created.json()) as { template: { uid: string } }).template.uid;
    const pdf = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'Invoice', html: '<h1>Invoice {{ number }}</h1>', outputFormat: 'pdf' },
    });
    pdfUid = ((await pdf.json()) as { template: { uid: string } }).template.uid;
  });
  afterAll(async () => {
    await stack.dispose();
    await rm(scratch, { recursive: true, force: true });
  });

  async function pdfInfo(url: string): Promise<{ text: string; width: number; height: number }> {
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const size = /^Page size:\s*([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    return { text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), width: Number(size[1]), height: Number(size[2]) };
  }

  it('answers one layout with results[0] beside today’s image result (Python render, n8n renderTemplate)', async () => {
    const res = await stack.api(`/templates/${uid}/render`, { method: 'POST', key, json: { variables: {}, format: 'png' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderAnswer;
    expect(body).toMatchObject({ totalRendered: 1, totalLayouts: 1, totalErrors: 0, templateUid: uid, errors: [] });
    expect(body.results).toEqual([
      {
        layout: 'default',
        name: 'default',
        url: body.url,
        width: 120,
        height: 60,
        format: 'png',
        id: body.id,
        createdAt: expect.any(String),
        status: 'done',
      },
    ]);
    const image = await decode(body.results[0]!.url);
    expect([image.width, image.height, image.format]).toEqual([120, 60, 'png']);
    expect(near(image.pixel(60, 30), RED)).toBe(true);
  });

  it('renders several layouts and reports an unknown one in errors (Python render_layouts, MCP layouts)', async () => {
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: { colour: 'rgb(0,0,255)' }, format: 'png', quality: 0.9, layouts: ['default', 'square', 'portrait'] },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderAnswer;
    expect(body).toMatchObject({ totalRendered: 2, totalLayouts: 3, totalErrors: 1, templateUid: uid });
    expect(body.renders).toHaveLength(2);
    expect(body.results.map((r) => [r.layout, r.name, r.width, r.height, r.format])).toEqual([
      ['default', 'default', 120, 60, 'png'],
      ['square', 'Square', 80, 80, 'png'],
    ]);
    expect(body.errors).toEqual([{ layout: 'portrait', error: expect.stringContaining('"portrait"'), code: 'layout_not_found' }]);
    const square = await decode(body.results[1]!.url);
    expect([square.width, square.height]).toEqual([80, 80]);
    expect(near(square.pixel(40, 40), BLUE)).toBe(true);
  });

  it('honours format jpg and the requested width and height (n8n options)', async () => {
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: {}, format: 'jpg', width: 64, height: 32 },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderAnswer;
    expect(body.results[0]).toMatchObject({ width: 64, height: 32, format: 'jpeg' });
    const image = await decode(body.results[0]!.url);
    expect([image.width, image.height, image.format]).toEqual([64, 32, 'jpeg']);
  });

  it('prints format pdf on a page of the requested size (n8n Render PDF)', async () => {
    const res = await stack.api(`/templates/${uid}/render`, {
      method: 'POST',
      key,
      json: { variables: {}, format: 'pdf', width: 400, height: 200 },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderAnswer;
    expect(body.results[0]).toMatchObject({ layout: 'default', format: 'pdf', width: 400, height: 200 });
    expect(body.pageCount).toBe(1);
    const pdf = await pdfInfo(body.results[0]!.url);
    expect([pdf.width, pdf.height]).toEqual([300, 150]);
  });

  it('answers a PDF-output template with results too, whatever image format the client defaults to', async () => {
    const res = await stack.api(`/templates/${pdfUid}/render`, {
      method: 'POST',
      key,
      json: { variables: { number: 'INV-42' }, format: 'png' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderAnswer & { success: boolean; url: string };
    expect(body).toMatchObject({ success: true, pageCount: 1, totalRendered: 1, templateUid: pdfUid });
    expect(body.results[0]).toMatchObject({ format: 'pdf', url: body.url });
    expect((await pdfInfo(body.url)).text).toContain('INV-42');
  });

  it('serves the same API under /v1, once', async () => {
    const res = await stack.api(`/v1/templates/${uid}/render`, { method: 'POST', key, json: { format: 'webp' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as RenderAnswer).results[0]!.format).toBe('webp');
    const twice = await stack.api('/v1/v1/image', { method: 'POST', key, json: { html: '<p>x</p>' } });
    expect(twice.status).toBe(404);
    expect((await problemOf(twice)).instance).toBe('/v1/v1/image');
  });
});
