import type { CDPSession, Page } from 'puppeteer-core';
import { launchBrowser, shutDownBrowser, type LaunchedBrowser } from './launch-browser.js';
import { answerBytes, stopScreenshotFastPath, useScreenshotFastPath } from './screenshot-fast-path.js';
import { decode } from './test-support/pixels.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Noise in four colour bands: a PNG of several hundred KB, far above the fast path's threshold. */
const LARGE = `<body style="margin:0"><canvas id="c" width="800" height="400"></canvas><script>
  const c = document.getElementById('c').getContext('2d');
  const img = c.createImageData(800, 400);
  let seed = 7;
  for (let i = 0; i < img.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const band = Math.floor((i / 4) % 800 / 200);
    img.data[i] = band === 0 ? 255 : seed & 63;
    img.data[i + 1] = band === 1 ? 255 : (seed >> 6) & 63;
    img.data[i + 2] = band === 2 ? 255 : (seed >> 12) & 63;
    img.data[i + 3] = 255;
  }
  c.putImageData(img, 0, 0);
</script></body>`;

/** What the fast path reports through `process.emitWarning` until `restore` (nothing is printed meanwhile). */
function collectWarnings(): { warnings: string[]; restore: () => void } {
  const warnings: string[] = [];
  const emitWarning = process.emitWarning;
  process.emitWarning = (message: string | Error) => void warnings.push(String(message));
  return { warnings, restore: () => (process.emitWarning = emitWarning) };
}

const capture = (cdp: CDPSession) =>
  cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, clip: { x: 0, y: 0, width: 800, height: 400, scale: 1 } });

describe('screenshot fast path (images read from the pipe bytes, not parsed as JSON)', () => {
  let launched: LaunchedBrowser;
  let page: Page;
  let fast: CDPSession;
  let plain: CDPSession;

  beforeAll(async () => {
    // 60 s as the pool allows: a loaded CI machine once took over 30 s to attach to a new browser.
    launched = await launchBrowser({ executablePath: EXECUTABLE, jsHeapLimitMb: 512, extraArgs: [], protocolTimeoutMs: 60_000 });
    page = await launched.browser.newPage();
    await page.setViewport({ width: 800, height: 400 });
    fast = await page.createCDPSession();
    plain = await page.createCDPSession();
    expect(useScreenshotFastPath(launched.browser, fast)).toBe(true);
    await page.setContent(LARGE, { waitUntil: 'load' });
  }, 90_000);
  afterAll(() => shutDownBrowser(launched));

  it('hands a registered session a token for a large image, and the token the same bytes as the ordinary path', async () => {
    const [viaFast, viaPlain] = await Promise.all([capture(fast), capture(plain)]);
    expect(viaFast.data).toMatch(/^pressroom-bytes:\d+$/);
    expect(viaPlain.data.length).toBeGreaterThan(64 * 1024);
    const bytes = answerBytes(viaFast.data);
    expect(bytes.equals(Buffer.from(viaPlain.data, 'base64'))).toBe(true);
    const image = await decode(bytes);
    expect(image.pixel(100, 200)[0]).toBe(255);
    expect(image.pixel(300, 200)[1]).toBe(255);
    expect(image.pixel(500, 200)[2]).toBe(255);
    // A token is exchanged once.
    expect(() => answerBytes(viaFast.data)).toThrow(/dropped/);
  });

  it('leaves small answers, other sessions and other messages as they are', async () => {
    const small = await fast.send('Page.captureScreenshot', { format: 'png', clip: { x: 0, y: 0, width: 4, height: 4, scale: 1 } });
    expect(small.data).not.toMatch(/^pressroom-bytes:/);
    expect((await decode(answerBytes(small.data))).width).toBe(4);
    const { result } = await fast.send('Runtime.evaluate', { expression: `"x".repeat(100000)`, returnByValue: true });
    expect(result.value).toHaveLength(100_000);
    expect(await page.evaluate(() => document.querySelectorAll('canvas').length)).toBe(1);
  });

  it('keeps many captures in flight on several sessions apart, in order with the rest of the traffic', async () => {
    const more = await page.createCDPSession();
    useScreenshotFastPath(launched.browser, more);
    const reference = Buffer.from((await capture(plain)).data, 'base64');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? page.evaluate(() => 40 + 2) : capture(i % 3 === 0 ? fast : more))),
    );
    for (const answer of answers) {
      if (typeof answer === 'number') expect(answer).toBe(42);
      else expect(answerBytes(answer.data).equals(reference)).toBe(true);
    }
    stopScreenshotFastPath(more);
    expect((await capture(more)).data).not.toMatch(/^pressroom-bytes:/);
  });

  it('survives an empty or unreadable message on the pipe: it is reported, not rejected unhandled, and captures go on', async () => {
    const { warnings, restore } = collectWarnings();
    try {
      const pipe = launched.browser.process()!.stdio[4] as NodeJS.ReadableStream;
      pipe.emit('data', Buffer.from('\0\0{"id":\0', 'latin1'));
      expect(answerBytes((await capture(fast)).data).length).toBeGreaterThan(64 * 1024);
      // Only the unparseable message is reported; the two empty ones are skipped.
      expect(warnings).toEqual([expect.stringMatching(/could not be read \(6 chars\)/)]);
    } finally {
      restore();
    }
  });

  it('takes over the pipe between messages: a message puppeteer had begun to receive reaches it whole', async () => {
    const other = await launchBrowser({ executablePath: EXECUTABLE, jsHeapLimitMb: 512, extraArgs: [], protocolTimeoutMs: 60_000 });
    const { warnings, restore } = collectWarnings();
    try {
      const page = await other.browser.newPage();
      const cdp = await page.createCDPSession();
      const connection = cdp.connection()!;
      const seen = new Promise<unknown>((resolve) => connection.once('Pressroom.test' as never, resolve));
      const pipe = other.browser.process()!.stdio[4] as NodeJS.ReadableStream;
      // The first half of an event before the take-over, the rest (and its NUL) after.
      pipe.emit('data', Buffer.from('{"method":"Pressroom.test","params":{"half":'));
      expect(useScreenshotFastPath(other.browser, cdp)).toBe(true);
      pipe.emit('data', Buffer.from('"second"}}\0'));
      expect(await seen).toEqual({ half: 'second' });
      await page.setViewport({ width: 800, height: 400 });
      await page.setContent(LARGE, { waitUntil: 'load' });
      expect(answerBytes((await capture(cdp)).data).length).toBeGreaterThan(64 * 1024);
      expect(warnings).toEqual([]);
    } finally {
      restore();
      await shutDownBrowser(other);
    }
  });
});
