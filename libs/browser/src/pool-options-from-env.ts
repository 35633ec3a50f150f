import type { BrowserPoolOptions } from './browser-pool.js';

/** The browser settings every renderer process reads (libs/config `browserEnv`). */
export interface BrowserEnv {
  CHROMIUM_PATH: string;
  PRESSROOM_BROWSER_PAGES: number;
  PRESSROOM_BROWSER_RESTART_AFTER: number;
  PRESSROOM_BROWSER_QUEUE_LIMIT: number;
  PRESSROOM_RENDER_TIMEOUT_MS: number;
}

/**
 * The pool options those settings mean, in one place: each renderer's
 * main.ts and the embedded process spread this and add only what differs
 * for them (the GIF pool's page count, timeout and capture flags).
 */
export function poolOptionsFromEnv(
  env: BrowserEnv,
): Pick<BrowserPoolOptions, 'executablePath' | 'pages' | 'restartAfter' | 'queueLimit' | 'renderTimeoutMs'> {
  return {
    executablePath: env.CHROMIUM_PATH,
    pages: env.PRESSROOM_BROWSER_PAGES,
    restartAfter: env.PRESSROOM_BROWSER_RESTART_AFTER,
    queueLimit: env.PRESSROOM_BROWSER_QUEUE_LIMIT,
    renderTimeoutMs: env.PRESSROOM_RENDER_TIMEOUT_MS,
  };
}
