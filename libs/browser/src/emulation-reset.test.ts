import { createSsrfGuard } from '@pressroom/ssrf';
import { type BrowserPool, captureImage, type CaptureRequest } from './index.js';
import { DEFAULT_PAGE_CONTROLS } from '@pressroom/contracts/constants';
import type { PageControls } from './page-controls.js';
import { decode } from './test-support/pixels.js';
import { html, startLocalServer, type LocalServer } from './test-support/local-server.js';
import { startOnePagePool } from './test-support/one-page-pool.js';

/**
 * The page paints itself in a colour derived from what it can see of its emulation (time zone, locale,
 * colour scheme, pixel ratio, background), so two captures with the same colour saw the same settings.
 */
const PROBE = `<style>html,body{margin:0;height:100%}</style><body><script>
const seen = [Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.language, Intl.NumberFormat().resolvedOptions().locale,
  matchMedia('(prefers-color-scheme: dark)').matches, devicePixelRatio].join('|');
let h = 5381; for (const c of seen) h = ((h * 33) ^ c.charCodeAt(0)) >>> 0;
document.body.style.background = 'rgb(' + (h & 255) + ',' + ((h >> 8) & 255) + ',' + ((h >> 16) & 255) + ')';
</script></body>`;
/** Without script, what CSS sees: a dark scheme paints the page red, the default leaves it white. */
const CSS_PROBE = '<style>html,body{margin:0;height:100%}@media (prefers-color-scheme: dark){body{background:#f00}}</style><body></body>';

/** Everything a job can emulate, away from the defaults at once. */
const EMULATED: PageControls = {
  ...DEFAULT_PAGE_CONTROLS,
  deviceScaleFactor: 2,
  colorScheme: 'dark',
  timezone: 'Pacific/Chatham',
  locale: 'fr-CA',
  transparentBackground: true,
};

/** A job's emulation (scale, scheme, time zone, locale, background) never reaches the next job on its page. */
describe('emulation on a reused page', () => {
  let pool: BrowserPool;
  let server: LocalServer;
  /** What the probes show on the fresh page, before any job emulated anything. */
  let baseline: Awaited<ReturnType<typeof capture>>;
  let cssBaseline: Awaited<ReturnType<typeof capture>>;
  const guard = createSsrfGuard({ allowPrivateHosts: ['127.0.0.1/32'] });

  beforeAll(async () => {
    server = await startLocalServer('127.0.0.1', { '/probe': html(PROBE), '/css': html(CSS_PROBE) });
    pool = await startOnePagePool(guard);
    baseline = await capture(probe);
    cssBaseline = await capture(cssProbe);
  });
  afterAll(async () => {
    await pool?.close();
    await server?.close();
  });

  async function capture(source: CaptureRequest['source'], controls?: PageControls) {
    const image = await captureImage(
      pool,
      { source, width: 100, height: 100, selector: null, format: 'png', quality: 0.9, ...(controls ? { controls } : {}) },
      { guard },
    );
    const decoded = await decode(image.bytes);
    return { width: decoded.width, pixel: decoded.pixel(75, 50) };
  }
  const probe = { kind: 'html', html: PROBE, jsEnabled: true } as const;
  const cssProbe = { kind: 'html', html: CSS_PROBE, jsEnabled: false } as const;

  it.each([
    ['a scripted document', probe],
    ['a script-free document', cssProbe],
    ['a URL', { kind: 'url', url: '' }],
  ] as const)('after %s with every setting changed, the next jobs see the defaults', async (_name, emulatedSource) => {
    expect(cssBaseline).toEqual({ width: 100, pixel: [255, 255, 255] });

    const source = emulatedSource.kind === 'url' ? { kind: 'url' as const, url: `${server.origin}/probe` } : emulatedSource;
    const emulated = await capture(source, EMULATED);
    expect(emulated.width).toBe(200);
    if (source !== cssProbe) expect(emulated.pixel).not.toEqual(baseline.pixel);

    expect(await capture(cssProbe)).toEqual(cssBaseline);
    expect(await capture(probe)).toEqual(baseline);
    expect(await capture({ kind: 'url', url: `${server.origin}/probe` })).toEqual(baseline);
    expect(await capture({ kind: 'url', url: `${server.origin}/css` })).toEqual(cssBaseline);
    expect(await capture(cssProbe)).toEqual(cssBaseline);
  });
});
