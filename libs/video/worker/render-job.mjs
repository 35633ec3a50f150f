// One video job in its own process (forked by src/renderer.ts with TMPDIR set to the job's own
// directory and its own process group): everything Remotion writes lands in the job directory,
// and a watchdog can kill the whole job (node, compositor, ffmpeg; Chromium dies with us through
// Remotion's `setpriv --pdeathsig`). Plain JavaScript, so it runs without a TypeScript loader.
//
// Protocol: the parent sends one `RenderJob` message; we answer `{ type: 'done', composition }`
// or `{ type: 'error', phase, error: { name, message, stack } }` and exit. Before that, the
// scene's console messages arrive as `{ type: 'log', level, text }`.
// `phase` tells the parent whose fault a failure is: `launch` (browser or bundle server: ours)
// or `compose` / `render` (the scene's).
import { writeFile } from 'node:fs/promises';
import { openBrowser, RenderInternals, renderMedia, renderStill, selectComposition } from '@remotion/renderer';

/** The thumbnail artifact the render bundle emits at `inputProps.posterFrame` (runtime/root.jsx). */
const POSTER_ARTIFACT = 'poster.jpeg';

/**
 * @typedef {{
 *   kind: 'media' | 'still';
 *   serveUrl: string;
 *   compositionId: string;
 *   inputProps: Record<string, unknown>;
 *   browserExecutable: string;
 *   port: number;
 *   timeoutMs: number;
 *   output: string;
 *   codec?: 'h264' | 'gif' | 'vp9';
 *   everyNthFrame?: number;
 *   scale?: number;
 *   frame?: number;
 *   poster?: { output: string; frame: number };
 * }} RenderJob
 */

// The parent went away (crashed or killed us): take our process group with us.
process.on('disconnect', () => {
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(1);
  }
});

function send(message) {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send(message, () => resolve());
  });
}

/** The scene's console, to the parent's log: at most this many messages per job, each cut short. */
const MAX_LOGS = 50;
let logs = 0;
/** @param {{ type: string; text: string }} log */
function onBrowserLog(log) {
  if (logs >= MAX_LOGS || !process.connected) return;
  logs++;
  const text = logs === MAX_LOGS ? `${log.text.slice(0, 500)} (further console messages dropped)` : log.text.slice(0, 500);
  process.send({ type: 'log', level: log.type, text });
}

/** @param {RenderJob} job */
async function run(job) {
  let phase = 'launch';
  let browser = null;
  try {
    // Never a download: the executable is always ours (a launcher around Debian's headless shell).
    const browserOptions = {
      browserExecutable: job.browserExecutable,
      chromeMode: /** @type {const} */ ('headless-shell'),
      logLevel: /** @type {const} */ ('error'),
    };
    browser = await openBrowser('chrome', browserOptions);
    const common = {
      ...browserOptions,
      serveUrl: job.serveUrl,
      port: job.port,
      timeoutInMilliseconds: job.timeoutMs,
      puppeteerInstance: browser,
      // Media renders name their poster frame: the bundle hands that frame over as an artifact.
      inputProps: job.kind === 'media' && job.poster ? { ...job.inputProps, posterFrame: job.poster.frame } : job.inputProps,
      onBrowserLog,
    };
    phase = 'compose';
    const composition = await selectComposition({ ...common, id: job.compositionId });
    phase = 'render';
    if (job.kind === 'still') {
      await renderStill({ ...common, composition, frame: job.frame ?? 0, output: job.output, imageFormat: 'png', overwrite: true });
    } else {
      // The poster is the frame Remotion takes for the video anyway (a thumbnail artifact at that
      // frame): no second pass. Only when it did not come (a GIF's frame step skipped it) or the
      // output is scaled (a poster has the composition's size) is it drawn by renderStill, with the
      // browser still open.
      /** @type {Uint8Array | null} */
      let posterJpeg = null;
      await renderMedia({
        ...common,
        composition,
        codec: job.codec ?? 'h264',
        outputLocation: job.output,
        everyNthFrame: job.everyNthFrame ?? 1,
        scale: job.scale ?? 1,
        colorSpace: 'bt709',
        // H.264 carries AAC; VP9 (WebM) carries Opus: Remotion's defaults for each, stated here.
        ...(job.codec === 'h264' ? { audioCodec: 'aac' } : job.codec === 'vp9' ? { audioCodec: 'opus' } : {}),
        concurrency: 1,
        overwrite: true,
        onArtifact: (artifact) => {
          if (artifact.filename === POSTER_ARTIFACT && typeof artifact.content !== 'string') posterJpeg = artifact.content;
        },
      });
      if (job.poster && posterJpeg && (job.scale ?? 1) === 1) {
        const jpeg = `${job.poster.output}.jpeg`;
        await writeFile(jpeg, posterJpeg);
        await RenderInternals.callFf({
          bin: 'ffmpeg',
          args: ['-v', 'error', '-y', '-i', jpeg, '-frames:v', '1', job.poster.output],
          indent: false,
          logLevel: 'error',
          binariesDirectory: null,
          cancelSignal: undefined,
        });
      } else if (job.poster) {
        await renderStill({
          ...common,
          composition,
          frame: job.poster.frame,
          output: job.poster.output,
          imageFormat: 'png',
          overwrite: true,
        });
      }
    }
    const { width, height, fps, durationInFrames } = composition;
    await send({ type: 'done', composition: { width, height, fps, durationInFrames } });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    await send({ type: 'error', phase, error: { name: e.name, message: e.message, stack: e.stack ?? '' } });
  } finally {
    await browser?.close({ silent: true }).catch(() => undefined);
  }
}

process.once('message', (job) => {
  run(/** @type {RenderJob} */ (job)).finally(() => process.exit(0));
});
