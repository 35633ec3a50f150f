import net from 'node:net';
import { ALLOW_PRIVATE_HOSTS_HINT, BlockedUrlError, createSsrfGuard, type HostLookup } from '@pressroom/ssrf';
import { BrowserPool, captureImage, guardPage, NavigationError, SelectorNotFoundError, type CaptureRequest } from './index.js';
import { decode, expectColour } from './test-support/pixels.js';
import { html, redirect, RED_PIXEL_PNG, startLocalServer, type LocalServer } from './test-support/local-server.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

const CARD = `<!doctype html><html><body style="margin:0;background:#ffffff">
  <div style="position:absolute;left:0;top:0;width:300px;height:200px;background:#ff0000"></div>
  <div style="position:absolute;right:0;bottom:0;width:300px;height:200px;background:#0000ff"></div>
  <div id="badge" style="position:absolute;left:500px;top:250px;width:150px;height:80px;background:#00ff00"></div>
  <div id="below" style="position:absolute;left:100px;top:1500px;width:220px;height:110px;background:#ff00ff"></div>
  <div id="hidden" style="display:none"></div>
</body></html>`;

function htmlRequest(overrides: Partial<CaptureRequest> & { html?: string; jsEnabled?: boolean } = {}): CaptureRequest {
  const { html: markup = CARD, jsEnabled = false, ...rest } = overrides;
  return {
    source: { kind: 'html', html: markup, jsEnabled },
    width: 1200,
    height: 630,
    selector: null,
    format: 'png',
    quality: 0.9,
    ...rest,
  };
}

/** Only test names resolve: internal.test is a private address nothing listens on (and nothing may connect to). */
const lookup: HostLookup = async (hostname) => {
  if (hostname === 'internal.test') return [{ address: '10.0.0.1', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
};

describe('captureImage', () => {
  let pool: BrowserPool;
  let serverA: LocalServer; // 127.0.0.1: allow-listed
  let serverB: LocalServer; // 127.0.0.2: never allow-listed for the browser
  const allowA = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] }, { lookup });
  const strict = createSsrfGuard({ allowPrivateHosts: [] }, { lookup });

  beforeAll(async () => {
    serverB = await startLocalServer('127.0.0.2', {
      '/pixel.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(RED_PIXEL_PNG),
    });
    serverA = await startLocalServer('127.0.0.1', {
      '/page': html('<html><body style="margin:0;background:#00ff00"><h1>served</h1></body></html>'),
      '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
      '/to-internal': redirect('http://internal.test/admin'),
      '/missing-page': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>gone</h1>'),
      '/pixel.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(RED_PIXEL_PNG),
      // localhost is another site than 127.0.0.1: the frame runs out of process.
      '/frame-outer': (req, res) =>
        html(
          `<html><body style="margin:0"><iframe src="http://localhost:${new URL(`http://${req.headers.host}`).port}/frame-inner" style="border:0;width:200px;height:200px"></iframe></body></html>`,
        )(req, res),
      '/frame-inner': html(`<html><body style="margin:0"><img src="${serverB.origin}/from-frame.png"></body></html>`),
      '/with-blocked-image': html(
        `<html><body style="margin:0;background:#fff"><img id="a" src="/pixel.png" style="width:100px;height:100px;display:block"><img id="b" src="${serverB.origin}/pixel.png" style="width:100px;height:100px;display:block"></body></html>`,
      ),
    });
    pool = await BrowserPool.start({
      executablePath: EXECUTABLE,
      pages: 2,
      restartAfter: 1000,
      queueLimit: 20,
      renderTimeoutMs: 15_000,
      // The browser's egress: loopback 127.0.0.1 only, whatever a capture's guard says.
      egressGuard: createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] }),
    });
  });

  afterAll(async () => {
    await pool?.close();
    await serverA?.close();
    await serverB?.close();
  });

  it('renders a 1200×630 HTML card as PNG with the right pixels', async () => {
    const image = await captureImage(pool, htmlRequest(), { guard: strict });
    expect(image.contentType).toBe('image/png');
    expect([image.width, image.height]).toEqual([1200, 630]);
    const decoded = await decode(image.bytes);
    expect([decoded.format, decoded.width, decoded.height]).toEqual(['png', 1200, 630]);
    expect(decoded.pixel(10, 10)).toEqual([255, 0, 0]);
    expect(decoded.pixel(299, 199)).toEqual([255, 0, 0]);
    expect(decoded.pixel(300, 200)).toEqual([255, 255, 255]);
    expect(decoded.pixel(1190, 620)).toEqual([0, 0, 255]);
    expect(decoded.pixel(900, 430)).toEqual([0, 0, 255]);
    expect(decoded.pixel(899, 429)).toEqual([255, 255, 255]);
    expect(decoded.pixel(575, 290)).toEqual([0, 255, 0]);
  });

  it.each([
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('encodes %s at the requested size and quality', async (format, contentType) => {
    const high = await captureImage(pool, htmlRequest({ format, quality: 0.95, width: 800, height: 400 }), { guard: strict });
    const low = await captureImage(pool, htmlRequest({ format, quality: 0.2, width: 800, height: 400 }), { guard: strict });
    expect(high.contentType).toBe(contentType);
    const decoded = await decode(high.bytes);
    expect([decoded.format, decoded.width, decoded.height]).toEqual([format, 800, 400]);
    expectColour(decoded.pixel(20, 20), [255, 0, 0]);
    expectColour(decoded.pixel(780, 380), [0, 0, 255]);
    expect(low.bytes.length).toBeLessThan(high.bytes.length);
  });

  it('captures the element a selector names, at its size', async () => {
    const image = await captureImage(pool, htmlRequest({ selector: '#badge' }), { guard: strict });
    expect([image.width, image.height]).toEqual([150, 80]);
    const decoded = await decode(image.bytes);
    expect([decoded.width, decoded.height]).toEqual([150, 80]);
    expect(decoded.pixel(0, 0)).toEqual([0, 255, 0]);
    expect(decoded.pixel(149, 79)).toEqual([0, 255, 0]);
  });

  it('captures an element below the fold', async () => {
    const image = await captureImage(pool, htmlRequest({ selector: '#below', format: 'jpeg', quality: 0.9 }), { guard: strict });
    const decoded = await decode(image.bytes);
    expect([decoded.width, decoded.height]).toEqual([220, 110]);
    expectColour(decoded.pixel(110, 55), [255, 0, 255]);
    expectColour(decoded.pixel(5, 5), [255, 0, 255]);
  });

  it('leaves the page at its viewport after a capture beyond it', async () => {
    await captureImage(pool, htmlRequest({ selector: '#below' }), { guard: strict });
    await captureImage(pool, htmlRequest({ selector: '#below' }), { guard: strict });
    const decoded = await decode((await captureImage(pool, htmlRequest(), { guard: strict })).bytes);
    expect([decoded.width, decoded.height]).toEqual([1200, 630]);
    expect(decoded.pixel(1190, 620)).toEqual([0, 0, 255]);
  });

  it('re-encodes a large PNG to a smaller one with the same pixels, and can be told not to', async () => {
    const gradient = htmlRequest({
      html: '<html><body style="margin:0;background:linear-gradient(135deg,#1e3c72,#f0a0c0)"></body></html>',
    });
    const fast = await captureImage(pool, gradient, { guard: strict, pngReencodeBytesPerPixel: Infinity });
    const small = await captureImage(pool, gradient, { guard: strict });
    expect(small.bytes.length).toBeLessThan(fast.bytes.length / 2);
    const [a, b] = await Promise.all([decode(fast.bytes), decode(small.bytes)]);
    for (const [x, y] of [
      [0, 0],
      [600, 315],
      [1199, 629],
    ] as const)
      expect(b.pixel(x, y)).toEqual(a.pixel(x, y));
  });

  it('fails with SelectorNotFoundError for a selector that matches nothing', async () => {
    const error = await captureImage(pool, htmlRequest({ selector: '.does-not-exist' }), { guard: strict }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SelectorNotFoundError);
    expect((error as SelectorNotFoundError).slug).toBe('selector-not-found');
    expect((error as SelectorNotFoundError).detail).toBe('The selector ".does-not-exist" matched no element on the rendered page.');
    await expect(captureImage(pool, htmlRequest({ selector: '#hidden' }), { guard: strict })).rejects.toThrow('no visible size');
    await expect(captureImage(pool, htmlRequest({ selector: 'div[' }), { guard: strict })).rejects.toThrow('not a valid CSS selector');
  });

  it('renders Japanese text (CJK fonts are installed)', async () => {
    const markup =
      '<html><body style="margin:0;background:#fff"><div id="t" style="font-size:64px;color:#000;padding:20px;display:inline-block">日本語のテキスト</div></body></html>';
    const image = await captureImage(pool, htmlRequest({ html: markup, selector: '#t' }), { guard: strict });
    const decoded = await decode(image.bytes);
    const inked = decoded.countDifferent({ x: 0, y: 0, width: decoded.width, height: decoded.height }, [255, 255, 255]);
    // Eight glyphs at 64 px: tofu boxes or blanks would give a few hundred pixels at most.
    expect(decoded.width).toBeGreaterThan(400);
    expect(inked).toBeGreaterThan(3000);
  });

  it('renders colour emoji in colour', async () => {
    const markup =
      '<html><body style="margin:0;background:#fff"><div id="e" style="font-size:96px;display:inline-block">🍎🌊</div></body></html>';
    const image = await captureImage(pool, htmlRequest({ html: markup, selector: '#e' }), { guard: strict });
    const decoded = await decode(image.bytes);
    let colourful = 0;
    for (let y = 0; y < decoded.height; y++) {
      for (let x = 0; x < decoded.width; x++) {
        const [r, g, b] = decoded.pixel(x, y);
        if (Math.max(r, g, b) - Math.min(r, g, b) > 100) colourful++;
      }
    }
    expect(colourful).toBeGreaterThan(500);
  });

  it('runs page JavaScript only when jsEnabled is true', async () => {
    const markup =
      '<html><body style="margin:0;background:#ff0000"><script>document.body.style.background = "#0000ff"</script></body></html>';
    const off = await decode((await captureImage(pool, htmlRequest({ html: markup, width: 100, height: 100 }), { guard: strict })).bytes);
    const on = await decode(
      (await captureImage(pool, htmlRequest({ html: markup, width: 100, height: 100, jsEnabled: true }), { guard: strict })).bytes,
    );
    expect(off.pixel(50, 50)).toEqual([255, 0, 0]);
    expect(on.pixel(50, 50)).toEqual([0, 0, 255]);
  });

  it('waits for images before capturing', async () => {
    const markup = `<html><body style="margin:0;background:#fff"><img src="${serverA.origin}/pixel.png" style="width:200px;height:200px;display:block"></body></html>`;
    const decoded = await decode(
      (await captureImage(pool, htmlRequest({ html: markup, width: 300, height: 300 }), { guard: allowA })).bytes,
    );
    expect(decoded.pixel(100, 100)).toEqual([255, 0, 0]);
    expect(decoded.pixel(250, 250)).toEqual([255, 255, 255]);
  });

  describe('URLs and the SSRF guard', () => {
    it('screenshots a page of an allow-listed local server', async () => {
      const image = await captureImage(
        pool,
        { source: { kind: 'url', url: `${serverA.origin}/page` }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: allowA },
      );
      const decoded = await decode(image.bytes);
      expect([decoded.width, decoded.height]).toEqual([640, 360]);
      expect(decoded.pixel(600, 300)).toEqual([0, 255, 0]);
    });

    it('refuses the same URL without the allow-list, before any request', async () => {
      const before = serverA.hits.length;
      const error = await captureImage(
        pool,
        { source: { kind: 'url', url: `${serverA.origin}/page` }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: strict },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedUrlError);
      expect((error as BlockedUrlError).detail).toBe(
        `The URL ${serverA.origin}/page points to a loopback address 127.0.0.1 and is blocked. ${ALLOW_PRIVATE_HOSTS_HINT}`,
      );
      expect(serverA.hits.length).toBe(before);
    });

    it.each([
      ['/to-metadata', 'http://169.254.169.254/latest/meta-data/', 'points to a cloud metadata address 169.254.169.254', false],
      ['/to-internal', 'http://internal.test/admin', 'resolves to a private network address 10.0.0.1', true],
    ])('blocks a redirect of the main document (%s)', async (path, blockedUrl, reason, hinted) => {
      const error = await captureImage(
        pool,
        { source: { kind: 'url', url: `${serverA.origin}${path}` }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: allowA },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedUrlError);
      expect((error as BlockedUrlError).url).toBe(blockedUrl);
      expect((error as BlockedUrlError).reason).toBe(reason);
      expect((error as BlockedUrlError).detail).toContain(blockedUrl);
      // Only the private network's refusal says how an operator admits it.
      expect((error as BlockedUrlError).detail.endsWith(ALLOW_PRIVATE_HOSTS_HINT)).toBe(hinted);
    });

    it('aborts a sub-resource on a blocked address: its server never sees the request', async () => {
      const image = await captureImage(
        pool,
        {
          source: { kind: 'url', url: `${serverA.origin}/with-blocked-image` },
          width: 200,
          height: 200,
          selector: null,
          format: 'png',
          quality: 1,
        },
        { guard: allowA },
      );
      const decoded = await decode(image.bytes);
      expect(decoded.pixel(50, 50)).toEqual([255, 0, 0]); // the allowed image loaded
      expect(decoded.pixel(50, 150)).not.toEqual([255, 0, 0]); // the blocked one did not
      expect(serverA.hits).toContain('/pixel.png');
      expect(serverB.hits).toEqual([]);
    });

    describe('without the egress proxy (interception alone)', () => {
      let bare: BrowserPool;
      beforeAll(async () => {
        bare = await BrowserPool.start({ executablePath: EXECUTABLE, pages: 1, restartAfter: 100, queueLimit: 2, renderTimeoutMs: 10_000 });
      });
      afterAll(() => bare?.close());
      afterEach(() => {
        serverB.hits.length = 0;
      });

      it('lets the sub-resource through when the guard allows its address (so the check above can fail)', async () => {
        const allowBoth = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32', '127.0.0.2/32'] }, { lookup });
        const image = await captureImage(
          bare,
          {
            source: { kind: 'url', url: `${serverA.origin}/with-blocked-image` },
            width: 200,
            height: 200,
            selector: null,
            format: 'png',
            quality: 1,
          },
          { guard: allowBoth },
        );
        expect((await decode(image.bytes)).pixel(50, 150)).toEqual([255, 0, 0]);
        expect(serverB.hits).toEqual(['/pixel.png']);
      });

      it('intercepts the requests of a cross-site (out-of-process) iframe', async () => {
        const allowFrame = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32', 'localhost'] }, { lookup });
        const url = `${serverA.origin}/frame-outer`;
        await captureImage(
          bare,
          { source: { kind: 'url', url }, width: 200, height: 200, selector: null, format: 'png', quality: 1 },
          { guard: allowFrame },
        );
        expect(serverA.hits).toContain('/frame-inner');
        expect(serverB.hits).toEqual([]);
        // Control: with 127.0.0.2 allowed the frame's image does reach server B.
        const allowAll = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32', '127.0.0.2/32', 'localhost'] }, { lookup });
        await captureImage(
          bare,
          { source: { kind: 'url', url }, width: 200, height: 200, selector: null, format: 'png', quality: 1 },
          { guard: allowAll },
        );
        expect(serverB.hits).toEqual(['/from-frame.png']);
      });
    });

    it('keeps traffic that interception cannot see (WebSockets) behind the egress proxy', async () => {
      const allowBoth = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32', '127.0.0.2/32'] }, { lookup });
      const outcomes = await pool.run(async (page) => {
        const pageGuard = guardPage(page, allowBoth);
        try {
          await page.setJavaScriptEnabled(true);
          await page.setContent('<html><body></body></html>');
          return await page.evaluate(
            async (targets: string[]) => {
              const settle = (url: string) =>
                new Promise<string>((resolve) => {
                  const socket = new WebSocket(url);
                  socket.onopen = () => resolve('open');
                  socket.onerror = () => resolve('error');
                });
              return Promise.all(targets.map(settle));
            },
            [`ws://127.0.0.1:${serverA.port}/socket-a`, `ws://127.0.0.2:${serverB.port}/socket-b`],
          );
        } finally {
          pageGuard.release();
        }
      });
      // Both fail the handshake (the test servers hang up), but only one ever reached its server.
      expect(outcomes).toEqual(['error', 'error']);
      expect(serverA.hits).toContain('upgrade /socket-a');
      expect(serverB.hits).toEqual([]);
    });

    it('fails the capture when the page script navigates the main frame to a blocked address', async () => {
      const markup = '<html><body><script>location.href = "http://169.254.169.254/latest/meta-data/"</script></body></html>';
      const error = await captureImage(pool, htmlRequest({ html: markup, jsEnabled: true }), { guard: allowA }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedUrlError);
      expect((error as BlockedUrlError).url).toBe('http://169.254.169.254/latest/meta-data/');
    });

    it('reports an HTTP error page as NavigationError', async () => {
      const error = await captureImage(
        pool,
        {
          source: { kind: 'url', url: `${serverA.origin}/missing-page` },
          width: 640,
          height: 360,
          selector: null,
          format: 'png',
          quality: 1,
        },
        { guard: allowA },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NavigationError);
      expect((error as NavigationError).status).toBe(404);
      expect((error as NavigationError).detail).toBe(`The page ${serverA.origin}/missing-page answered with HTTP status 404.`);
    });

    it('never names the page URL’s user and password in a navigation failure, public or logged', async () => {
      const withCredentials = serverA.origin.replace('http://', 'http://ada:s3cret@');
      const shown = serverA.origin.replace('http://', 'http://***@');
      const capture = (url: string) =>
        captureImage(
          pool,
          { source: { kind: 'url', url }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
          { guard: allowA },
        ).then(
          () => Promise.reject(new Error(`expected ${url} to fail`)),
          (e: unknown) => e as NavigationError,
        );
      const missing = await capture(`${withCredentials}/missing-page`);
      expect([missing.detail, missing.url]).toEqual([
        `The page ${shown}/missing-page answered with HTTP status 404.`,
        `${shown}/missing-page`,
      ]);
      // A load the browser itself fails: its own message names the URL as it saw it, masked too.
      const failed = await capture(`${withCredentials.replace(/:\d+$/, ':1')}/`);
      expect(failed).toBeInstanceOf(NavigationError);
      expect(`${failed.detail} ${failed.message}`).not.toContain('s3cret');
      expect(failed.detail).toContain('http://***@127.0.0.1:1/');
    });

    it('says nothing answered when the connection is refused, not that the page answered 502', async () => {
      // A port nobody listens on: taken, then let go.
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as net.AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const url = `http://127.0.0.1:${port}/`;
      const error = await captureImage(
        pool,
        { source: { kind: 'url', url }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: allowA },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NavigationError);
      expect((error as NavigationError).status).toBeUndefined();
      expect((error as NavigationError).detail).toBe(
        `The page ${url} could not be loaded: nothing answered at 127.0.0.1:${port} (the connection was refused).`,
      );
    });

    it('reports a host that does not resolve as NavigationError', async () => {
      const error = await captureImage(
        pool,
        { source: { kind: 'url', url: 'http://no-such-host.test/' }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: allowA },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NavigationError);
      expect((error as NavigationError).detail).toBe('The host no-such-host.test of http://no-such-host.test/ could not be resolved.');
    });

    it('blocks file: URLs whatever the allow-list says', async () => {
      const error = await captureImage(
        pool,
        { source: { kind: 'url', url: 'file:///etc/passwd' }, width: 640, height: 360, selector: null, format: 'png', quality: 1 },
        { guard: allowA },
      ).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BlockedUrlError);
      expect((error as BlockedUrlError).reason).toBe('uses the file: scheme (only http: and https: are allowed)');
    });
  });

  it('keeps every page after all of the above', async () => {
    const health = pool.health();
    expect(health.status).toBe('ok');
    expect(health.pagesIdle + health.pagesBusy).toBe(2);
  });
});
