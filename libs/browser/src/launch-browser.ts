import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export interface LaunchOptions {
  executablePath: string;
  /** V8 old-space cap per renderer: a runaway page crashes quickly instead of eating the machine. */
  jsHeapLimitMb: number;
  /** Local egress proxy every browser connection must go through (see egress-proxy.ts). */
  proxyServer?: string;
  extraArgs: string[];
  protocolTimeoutMs: number;
}

export interface LaunchedBrowser {
  browser: Browser;
  userDataDir: string;
  pid: number | undefined;
}

/** Measured on this machine kind: see the field notes and README. */
export const BASE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--hide-scrollbars',
  '--mute-audio',
  // No --font-render-hinting=none: text is hinted as in a default Chromium, so the canvas editor's own
  // drawing and the render agree glyph for glyph (docs/adr/0038; canvas-parity.browser.test.ts).
  // About 25 ms less per capture: frames are produced on demand, not on a 60 Hz clock.
  '--disable-frame-rate-limit',
  // The display compositor runs in the browser process instead of a GPU process of its own: each
  // capture's bitmap no longer crosses between two processes: 6–11 % less Chromium CPU and 8–16 % more
  // captures per second on the benchmark card (docs/adr/0058-compositor-in-the-browser-process.md).
  '--in-process-gpu',
];

export async function launchBrowser(options: LaunchOptions): Promise<LaunchedBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'pressroom-chromium-'));
  const args = [...BASE_FLAGS, `--js-flags=--max-old-space-size=${options.jsHeapLimitMb}`];
  if (options.proxyServer) {
    // <-loopback> removes Chromium's implicit proxy bypass for localhost, so loopback goes through the guard too.
    args.push(
      `--proxy-server=${options.proxyServer}`,
      '--proxy-bypass-list=<-loopback>',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    );
  }
  args.push(...options.extraArgs);
  try {
    const browser = await puppeteer.launch({
      executablePath: options.executablePath,
      headless: 'shell',
      userDataDir,
      args,
      // A pipe, not a DevTools port on 127.0.0.1 that a rendered page could talk to.
      pipe: true,
      defaultViewport: { width: 1200, height: 630, deviceScaleFactor: 1 },
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      protocolTimeout: options.protocolTimeoutMs,
    });
    return { browser, userDataDir, pid: browser.process()?.pid };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Closes politely, then kills: a hung browser must not hang the pool. Always removes the profile. */
export async function shutDownBrowser(launched: LaunchedBrowser, graceMs = 2000): Promise<void> {
  const child = launched.browser.process();
  const exited = !child || child.exitCode !== null || child.signalCode !== null;
  if (!exited) {
    const closed = launched.browser.close().then(
      () => true,
      () => false,
    );
    const inTime = await Promise.race([closed, delay(graceMs).then(() => false)]);
    if (!inTime) child?.kill('SIGKILL');
  }
  launched.browser.disconnect().catch(() => undefined);
  await rm(launched.userDataDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 100 });
}

/** For races against work that may hang: unref'd, so a lost race never keeps the process alive. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
