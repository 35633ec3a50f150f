import type { SsrfGuard } from '@pressroom/ssrf';
import { BrowserPool } from '../browser-pool.js';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** A pool of one page: every job reuses the page the previous one left, which is what page-reuse tests need. */
export function startOnePagePool(guard: SsrfGuard): Promise<BrowserPool> {
  return BrowserPool.start({
    executablePath: EXECUTABLE,
    pages: 1,
    restartAfter: 1000,
    queueLimit: 20,
    renderTimeoutMs: 10_000,
    egressGuard: guard,
  });
}
