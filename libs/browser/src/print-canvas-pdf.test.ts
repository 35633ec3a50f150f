import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSsrfGuard } from '@pressroom/ssrf';
import { type BrowserPool, NavigationError, printCanvasPdf } from './index.js';
import { startOnePagePool } from './test-support/one-page-pool.js';

describe('printCanvasPdf', () => {
  let pool: BrowserPool;
  let scratch: string;
  const guard = createSsrfGuard({ allowPrivateHosts: [] });

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'pressroom-canvas-pdf-'));
    pool = await startOnePagePool(guard);
  });
  afterAll(async () => {
    await pool.close();
    await rm(scratch, { recursive: true, force: true });
  });

  async function inspect(bytes: Buffer): Promise<{ info: string; text: string }> {
    const file = join(scratch, `${Math.random().toString(36).slice(2)}.pdf`);
    await writeFile(file, bytes);
    return {
      info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
      text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
    };
  }

  it('prints one page of the canvas size with its text as real text', async () => {
    const canvas = {
      background: '#ffffff',
      objects: [
        { type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 400, height: 40, fill: '#1d4ed8' },
        {
          type: 'Textbox',
          originX: 'left',
          originY: 'top',
          left: 20,
          top: 100,
          width: 360,
          fontSize: 32,
          fill: '#111111',
          text: 'Certificate for Ada',
        },
      ],
    };
    const pdf = await printCanvasPdf(pool, { canvas, fonts: [], width: 400, height: 300 }, { guard });
    const { info, text } = await inspect(pdf);
    expect(info).toMatch(/^Pages:\s+1$/m);
    // 400×300 CSS px = 300×225 pt; Chromium rounds the paper to its own units (±0.2 pt).
    const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    expect(Number(width)).toBeCloseTo(300, 0);
    expect(Number(height)).toBeCloseTo(225, 0);
    expect(text).toContain('Certificate for Ada');
  });

  it('prints on the paper given, the drawing scaled to fill it', async () => {
    // A4's shape at 150 dpi on A4 landscape (841.89 × 595.28 pt): the blue band spans the page's width.
    const canvas = {
      background: '#ffffff',
      objects: [{ type: 'Rect', originX: 'left', originY: 'top', left: 0, top: 0, width: 1754, height: 124, fill: '#1d4ed8' }],
    };
    const pdf = await printCanvasPdf(
      pool,
      { canvas, fonts: [], width: 1754, height: 1240 },
      { guard, paper: { widthPt: 841.89, heightPt: 595.28 } },
    );
    const { info } = await inspect(pdf);
    expect(info).toMatch(/^Pages:\s+1$/m);
    const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    expect(Math.abs(Number(width) - 841.89)).toBeLessThan(1);
    expect(Math.abs(Number(height) - 595.28)).toBeLessThan(1);
    // Drawn at the paper's scale: the band's right end is at the page's right edge, a tenth of the page down.
    const file = join(scratch, 'paper.pdf');
    await writeFile(file, pdf);
    const ppm = execFileSync('pdftoppm', ['-r', '36', '-singlefile', file], { maxBuffer: 1 << 24 });
    const [, w, h] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'))!;
    const header = ppm.length - Number(w) * Number(h) * 3;
    const pixel = (x: number, y: number) => [...ppm.subarray(header + (y * Number(w) + x) * 3, header + (y * Number(w) + x) * 3 + 3)];
    expect(pixel(Number(w) - 3, 3)).toEqual([29, 78, 216]);
    expect(pixel(Number(w) - 3, Math.round(Number(h) * 0.2))).toEqual([255, 255, 255]);
  });

  it('fails like an image capture when an image cannot load', async () => {
    const canvas = { objects: [{ type: 'Image', src: 'data:image/png;base64,bm90IGFuIGltYWdl' }] };
    await expect(printCanvasPdf(pool, { canvas, fonts: [], width: 100, height: 100 }, { guard })).rejects.toBeInstanceOf(NavigationError);
  });
});
