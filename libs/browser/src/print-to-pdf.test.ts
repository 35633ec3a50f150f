import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'puppeteer-core';
import { launchBrowser, shutDownBrowser, type LaunchedBrowser } from './launch-browser.js';
import { printToPdf } from './print-to-pdf.js';
import { useScreenshotFastPath } from './screenshot-fast-path.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const A4 = { paperWidth: 8.27, paperHeight: 11.69, marginTop: 0.4, marginRight: 0.4, marginBottom: 0.4, marginLeft: 0.4 };
const PRINT = { ...A4, printBackground: true, displayHeaderFooter: false };

/** `pages` A4 pages, each with its number and a table of `rows` rows of numbers in coloured cells (~3 KB of PDF a row). */
function document(pages: number, rows: number): string {
  const body = Array.from({ length: pages }, (_, i) => {
    const table = Array.from({ length: rows }, (_, r) => {
      const cells = Array.from({ length: 8 }, (_, c) => {
        const n = (i * 7919 + r * 104729 + c * 1299709) % 999983;
        return `<td style="border:1px solid #${(n % 4096).toString(16).padStart(3, '0')};background:#f${(n % 256).toString(16).padStart(2, '0')}">${n}</td>`;
      }).join('');
      return `<tr>${cells}</tr>`;
    }).join('');
    return `<section style="break-after:page"><h1>Sheet ${i + 1} of ${pages}</h1><table>${table}</table></section>`;
  }).join('');
  return `<!doctype html><html><head><title>printed</title></head><body>${body}</body></html>`;
}

describe('printToPdf (Page.printToPDF answered inline or as a stream)', () => {
  let launched: LaunchedBrowser;
  let page: Page;
  let fast: CDPSession;
  let plain: CDPSession;
  let dir: string;

  beforeAll(async () => {
    launched = await launchBrowser({ executablePath: EXECUTABLE, jsHeapLimitMb: 512, extraArgs: [], protocolTimeoutMs: 30_000 });
    page = await launched.browser.newPage();
    fast = await page.createCDPSession();
    plain = await page.createCDPSession();
    expect(useScreenshotFastPath(launched.browser, fast)).toBe(true);
    dir = await mkdtemp(join(tmpdir(), 'print-to-pdf-'));
  }, 30_000);
  afterAll(async () => {
    await shutDownBrowser(launched);
    await rm(dir, { recursive: true, force: true });
  });

  async function read(bytes: Buffer, name: string): Promise<{ pages: number; text: string }> {
    const file = join(dir, `${name}.pdf`);
    await writeFile(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return { pages: Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]), text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }) };
  }

  it('gives the same document inline (cut from the pipe bytes, large or small) as through the stream', async () => {
    for (const [pages, rows] of [
      [1, 2],
      [6, 40],
    ] as const) {
      await page.setContent(document(pages, rows), { waitUntil: 'load' });
      const inline = await printToPdf(fast, PRINT, { inline: true });
      const streamed = await printToPdf(plain, PRINT, { inline: false });
      expect(inline.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Only the creation date differs between two prints of one page.
      expect(Math.abs(inline.length - streamed.length)).toBeLessThan(64);
      // The small one is answered as ordinary JSON, the large one cut from the pipe's bytes (over 64 KB).
      if (pages === 1) expect(inline.length).toBeLessThan(32 * 1024);
      else expect(inline.length).toBeGreaterThan(256 * 1024);
      for (const [bytes, how] of [
        [inline, 'inline'],
        [streamed, 'stream'],
      ] as const) {
        const pdf = await read(bytes, `${how}-${pages}`);
        expect(pdf.pages).toBe(pages);
        expect(pdf.text).toContain(`Sheet ${pages} of ${pages}`);
      }
    }
  }, 60_000);

  it('prints the page range asked for, inline', async () => {
    await page.setContent(document(3, 4), { waitUntil: 'load' });
    const first = await read(await printToPdf(fast, { ...PRINT, pageRanges: '1' }, { inline: true }), 'range');
    expect(first.pages).toBe(1);
    expect(first.text).toContain('Sheet 1 of 3');
  });
});
