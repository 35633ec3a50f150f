import { ANIMATION_CAPTURE_FLAGS, BrowserPool, type BrowserPoolOptions } from '@pressroom/browser';
import { closingWith, type RendererService, type RenderJobDeps } from '@pressroom/render-worker';
import type { SsrfGuard } from '@pressroom/ssrf';
import { startGifService } from './service.js';

export interface GifRendererOptions {
  /** The browser settings every pool shares (executable, restarts, queue); pages and time limit are the GIF's own below. */
  browser: Pick<BrowserPoolOptions, 'executablePath' | 'restartAfter' | 'queueLimit'>;
  /** Pages of the GIF browser: GIFs rendered at once. */
  pages: number;
  /** Loading the page and each frame step. */
  stepTimeoutMs: number;
  /** The whole capture and encode: also the pool's limit per job. */
  gifTimeoutMs: number;
}

/**
 * The GIF renderer on a browser of its own: a GIF holds its page for seconds, and stepping its
 * animations needs `--disable-threaded-animation` (ANIMATION_CAPTURE_FLAGS; docs/gif.md). Its own
 * process and the embedded stack start it the same way. Stopping it ends the consumer, then the browser.
 */
export async function startGifRenderer(deps: RenderJobDeps & { guard: SsrfGuard }, options: GifRendererOptions): Promise<RendererService> {
  const { executablePath, restartAfter, queueLimit } = options.browser;
  const pool = await BrowserPool.start({
    executablePath,
    restartAfter,
    queueLimit,
    pages: options.pages,
    renderTimeoutMs: options.gifTimeoutMs,
    extraArgs: ANIMATION_CAPTURE_FLAGS,
    egressGuard: deps.guard,
    logger: deps.logger,
    metricsName: 'gif',
  });
  try {
    const service = await startGifService({
      ...deps,
      pool,
      concurrency: options.pages,
      stepTimeoutMs: options.stepTimeoutMs,
      gifTimeoutMs: options.gifTimeoutMs,
    });
    return closingWith(service, () => pool.close());
  } catch (error) {
    await pool.close();
    throw error;
  }
}
