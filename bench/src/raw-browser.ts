import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * What the raw loops launch Chromium with: the flags a developer writing the loop by hand on this
 * machine kind would pass. Not @pressroom/browser's BASE_FLAGS: the baseline does not take our choices.
 */
const RAW_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--hide-scrollbars',
  '--mute-audio',
  '--font-render-hinting=none',
  '--disable-frame-rate-limit',
];

export interface RawBrowser {
  browser: Browser;
  /** Closes the browser and removes its profile directory. */
  close(): Promise<void>;
}

/** The headless shell on a profile directory of its own (`bench-<name>-…` in the temp directory). */
export async function launchRawBrowser(options: {
  executablePath: string;
  name: string;
  extraArgs?: string[];
  /** DevTools over a pipe instead of puppeteer's default WebSocket. */
  pipe?: boolean;
}): Promise<RawBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), `bench-${options.name}-`));
  const browser = await puppeteer.launch({
    executablePath: options.executablePath,
    headless: 'shell',
    args: [...RAW_FLAGS, ...(options.extraArgs ?? [])],
    userDataDir,
    ...(options.pipe ? { pipe: true } : {}),
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
