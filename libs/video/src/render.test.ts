// Real Remotion, real Chromium (Debian's headless shell), real ffmpeg from the compositor package.
import { existsSync, mkdirSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProblemError } from '@pressroom/problem';
import { createSsrfGuard } from '@pressroom/ssrf';
import type { Logger } from '@pressroom/telemetry';
import { createVideoRenderer, renderBundle, VideoRenderAbortedError, type VideoRenderer } from './index.js';
import { near, pixel, probeGif, probeVideo as probeMp4 } from '@pressroom/testing/media';

/** A rendered video's file, read and then deleted (with its poster) as its owner (the caller) must. */
async function takeFile(video: { path: string; posterPath: string }): Promise<Buffer> {
  const bytes = await readFile(video.path);
  await rm(video.path);
  await rm(video.posterPath);
  return bytes;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** 160×90, 10 fps, 10 frames, one colour from a prop. */
const SCENE = `import { AbsoluteFill, useCurrentFrame } from 'remotion';
export const meta = { width: 160, height: 90, fps: 10, durationInFrames: 10, defaultProps: { color: '#ff0000' } };
export default function Scene({ color }: { color: string }) {
  console.log('drawing frame', useCurrentFrame(), 'in', color);
  return <AbsoluteFill style={{ backgroundColor: color }} />;
}
`;

/** 1280×720 at 30 fps, 6 frames: a solid clip (its colour a variable) under a text clip. */
const PROJECT = {
  width: 1280,
  height: 720,
  fps: 30,
  backgroundColor: '#000000',
  tracks: [
    { clips: [{ type: 'solid', color: '#ff0000', variable: 'background', from: 0, durationInFrames: 6 }] },
    {
      clips: [
        {
          type: 'text',
          text: 'Launch',
          variable: 'headline',
          from: 0,
          durationInFrames: 6,
          style: { x: 40, y: 40, width: 600, fontSize: 64, color: '#ffffff' },
        },
      ],
    },
  ],
};

const problemOf = async (promise: Promise<unknown>): Promise<ProblemError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error('expected the render to fail');
};

describe('createVideoRenderer (Remotion on the headless shell)', () => {
  let workDir: string;
  let renderer: VideoRenderer;
  let quick: VideoRenderer;
  let server: Server;
  let serverPort: number;
  let privateHits = 0;
  const guard = createSsrfGuard({ allowPrivateHosts: [] });
  /** What the two shared renderers warned about (a job directory they could not remove, stragglers they killed). */
  const warnings: string[] = [];
  const warningsOf = (name: string) =>
    ({
      info: () => undefined,
      warn: (fields: object, message: string) => warnings.push(`${name}: ${message} ${JSON.stringify(fields).slice(0, 300)}`),
    }) as unknown as Logger;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'pressroom-video-lib-test-'));
    // The render bundle is built once per Remotion version and runtime, and cached for later runs.
    await renderBundle();
    renderer = await createVideoRenderer({
      browserExecutable: CHROMIUM,
      workDir: join(workDir, 'main'),
      timeoutMs: 60_000,
      guard,
      logger: warningsOf('main'),
    });
    quick = await createVideoRenderer({
      browserExecutable: CHROMIUM,
      workDir: join(workDir, 'quick'),
      timeoutMs: 4_000,
      guard,
      logger: warningsOf('quick'),
    });
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#00ff00' } })
      .png()
      .toBuffer();
    server = createServer((_req, res) => {
      privateHits++;
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    serverPort = (server.address() as { port: number }).port;
  }, 120_000);

  afterAll(async () => {
    await renderer?.close();
    await quick?.close();
    await new Promise((resolve) => server?.close(resolve));
    await rm(workDir, { recursive: true, force: true });
  });

  it('renders a code template to H.264 MP4 at its size, frame rate and length', async () => {
    const video = await renderer.render({ source: { kind: 'code', tsx: SCENE }, variables: { color: '#00ff00' }, format: 'mp4' });
    expect(video).toMatchObject({ width: 160, height: 90, fps: 10, durationInFrames: 10, format: 'mp4', posterFrame: 4 });
    // The poster: the middle frame as a PNG of the video's size, taken in the same pass as the video's
    // frames (the JPEG Remotion captured for the encoder: within a few levels of pure green).
    const poster = await readFile(video.posterPath);
    expect(poster.subarray(1, 4).toString()).toBe('PNG');
    expect(poster.readUInt32BE(16)).toBe(160);
    expect(poster.readUInt32BE(20)).toBe(90);
    expect(near(await pixel(poster, 80, 45), [0, 255, 0], 4)).toBe(true);
    const probe = await probeMp4(await takeFile(video));
    expect(probe).toMatchObject({ codec: 'h264', width: 160, height: 90, frames: 10, fps: 10, pixFmt: 'yuv420p' });
    expect(probe.colorSpace).toBe('bt709');
  });

  it('renders a code template to a GIF at half its frame rate, full size', async () => {
    const gif = await renderer.render({ source: { kind: 'code', tsx: SCENE }, variables: { color: '#0000ff' }, format: 'gif' });
    expect(gif).toMatchObject({ width: 160, height: 90, fps: 5, durationInFrames: 10, format: 'gif' });
    // The poster frame (4) is one of the frames the GIF keeps: taken in the same pass too.
    expect(near(await pixel(await readFile(gif.posterPath), 80, 45), [0, 0, 255], 4)).toBe(true);
    const bytes = await takeFile(gif);
    const probe = await probeGif(bytes);
    expect(probe).toMatchObject({ frames: 5, width: 160, height: 90 });
    expect(probe.delays.every((delay) => delay === 200)).toBe(true);
    expect(near(await pixel(bytes, 80, 45), [0, 0, 255])).toBe(true);
  });

  it('renders one frame as PNG with the variables over the default props, clamped to the last frame', async () => {
    const lines: Array<{ level: string; text: string }> = [];
    const logger = { info: (fields: { level: string; text: string }) => lines.push(fields), warn: () => undefined } as unknown as Logger;
    const still = await renderer.still({ source: { kind: 'code', tsx: SCENE }, variables: { color: '#336699' }, frame: 3, logger });
    expect(still).toMatchObject({ width: 160, height: 90, frame: 3 });
    // The scene's console goes to the job's log.
    expect(lines).toContainEqual({ level: 'log', text: 'drawing frame 3 in #336699' });
    expect(await pixel(still.bytes, 80, 45)).toEqual([0x33, 0x66, 0x99]);
    const last = await renderer.still({ source: { kind: 'code', tsx: SCENE }, variables: {}, frame: 99 });
    expect(last.frame).toBe(9);
    expect(await pixel(last.bytes, 0, 0)).toEqual([255, 0, 0]);
  });

  it('renders a timeline project: variables replace clip colours and texts; GIFs at most 15 fps and 720 px wide', async () => {
    const source = { kind: 'timeline' as const, projectJson: PROJECT };
    const variables = { background: '#00ff00', headline: 'Hello' };
    const mp4 = await renderer.render({ source, variables, format: 'mp4' });
    expect(mp4).toMatchObject({ width: 1280, height: 720, fps: 30, durationInFrames: 6 });
    expect(await probeMp4(await takeFile(mp4))).toMatchObject({ codec: 'h264', width: 1280, height: 720, frames: 6, fps: 30 });

    const gif = await renderer.render({ source, variables, format: 'gif' });
    expect(gif).toMatchObject({ width: 720, height: 405, fps: 15, durationInFrames: 6 });
    const gifBytes = await takeFile(gif);
    const probe = await probeGif(gifBytes);
    expect(probe).toMatchObject({ frames: 3, width: 720, height: 405 });
    expect(near(await pixel(gifBytes, 700, 390), [0, 255, 0], 24)).toBe(true);

    const still = await renderer.still({ source, variables, frame: 2 });
    expect(still).toMatchObject({ width: 1280, height: 720, frame: 2 });
    expect(await pixel(still.bytes, 1200, 700)).toEqual([0, 255, 0]);
    // The text clip is drawn (white glyphs somewhere in its box), in the variable's words.
    const { default: sharp } = await import('sharp');
    const box = await sharp(still.bytes).extract({ left: 40, top: 40, width: 600, height: 90 }).removeAlpha().raw().toBuffer();
    let white = 0;
    for (let i = 0; i < box.length; i += 3) if (box[i]! > 200 && box[i + 1]! > 200 && box[i + 2]! > 200) white++;
    expect(white).toBeGreaterThan(200);
  });

  it('fails a scene that throws with render-failed naming its error, and keeps serving', async () => {
    const throwing = `export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2 };
export default function Scene() { throw new Error('the scene broke on purpose'); }
`;
    const problem = await problemOf(renderer.render({ source: { kind: 'code', tsx: throwing }, variables: {}, format: 'mp4' }));
    expect(problem.slug).toBe('render-failed');
    expect(problem.status).toBe(422);
    expect(problem.detail).toMatch(/the scene broke on purpose/);
  });

  it('refuses what does not compile or validate before starting anything', async () => {
    const compile = await problemOf(
      renderer.render({ source: { kind: 'code', tsx: `import fs from 'fs';\n${SCENE}` }, variables: {}, format: 'mp4' }),
    );
    expect(compile.slug).toBe('template-compile-error');
    expect(compile.detail).toMatch(/"fs" is not allowed/);
    const invalid = await problemOf(
      renderer.still({ source: { kind: 'timeline', projectJson: { ...PROJECT, width: 1281 } }, variables: {}, frame: 0 }),
    );
    expect(invalid.slug).toBe('validation-error');
    expect(invalid.detail).toMatch(/width/);
  });

  it('keeps the scene off private addresses (the egress proxy refuses them)', async () => {
    const fetching = `import { AbsoluteFill, Img } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 1 };
export default function Scene() { return <AbsoluteFill><Img src="http://127.0.0.1:${serverPort}/secret.png" /></AbsoluteFill>; }
`;
    const problem = await problemOf(renderer.still({ source: { kind: 'code', tsx: fetching }, variables: {}, frame: 0 }));
    expect(problem.slug).toBe('render-failed');
    expect(problem.detail).toMatch(/Error loading image with src: http:\/\/127\.0\.0\.1/);
    // A valid PNG is there, but the request never reached it.
    expect(privateHits).toBe(0);
  });

  it('kills a scene that never finishes when the watchdog fires: render-timeout', async () => {
    const hanging = `import { delayRender } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2 };
export default function Scene() { delayRender('waiting forever'); return null; }
`;
    const started = Date.now();
    const problem = await problemOf(quick.render({ source: { kind: 'code', tsx: hanging }, variables: {}, format: 'mp4' }));
    const elapsed = Date.now() - started;
    expect(problem.slug).toBe('render-timeout');
    expect(problem.status).toBe(422);
    expect(elapsed).toBeGreaterThanOrEqual(4_000);
    // The watchdog, not the scene, ended it: well before Remotion's own 30 s delayRender limit, even on a loaded machine.
    expect(elapsed).toBeLessThan(25_000);
    // A scene's own shorter delayRender() limit is a time-out too, in Remotion's words.
    const impatient = hanging.replace("delayRender('waiting forever')", "delayRender('slow image', { timeoutInMilliseconds: 2500 })");
    const own = await problemOf(renderer.render({ source: { kind: 'code', tsx: impatient }, variables: {}, format: 'mp4' }));
    expect(own.slug).toBe('render-timeout');
    expect(own.detail).toMatch(/"slow image" was called but not cleared after 500ms/);
  });

  it('aborts a running render, and a queued one, on its signal', async () => {
    const hanging = `import { delayRender } from 'remotion';
export const meta = { width: 64, height: 64, fps: 10, durationInFrames: 2 };
export default function Scene() { delayRender('waiting forever'); return null; }
`;
    const running = new AbortController();
    const queued = new AbortController();
    const first = renderer.render({ source: { kind: 'code', tsx: hanging }, variables: {}, format: 'mp4', signal: running.signal });
    const second = renderer.render({ source: { kind: 'code', tsx: SCENE }, variables: {}, format: 'gif', signal: queued.signal });
    const firstFailure = first.catch((error: unknown) => error);
    const secondFailure = second.catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(renderer.pending).toBe(2);
    queued.abort();
    expect(await secondFailure).toBeInstanceOf(VideoRenderAbortedError);
    const started = Date.now();
    running.abort(new Error('the caller gave up'));
    const error = (await firstFailure) as VideoRenderAbortedError;
    expect(error).toBeInstanceOf(VideoRenderAbortedError);
    expect((error.cause as Error).message).toBe('the caller gave up');
    // At the abort, not at Remotion's 30 s delayRender limit nor the 60 s watchdog; the bound leaves room for a
    // loaded machine (Chromium's processes closing beside other suites' browsers).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(renderer.pending).toBe(0);
  });

  it('runs two jobs at once (concurrency 2), each on its own job process, and leaves nothing behind once closed', async () => {
    const pair = await createVideoRenderer({
      browserExecutable: CHROMIUM,
      workDir: join(workDir, 'pair'),
      timeoutMs: 60_000,
      guard,
      concurrency: 2,
    });
    try {
      // The first job forks the spare the next two then both reach for at once.
      await pair.still({ source: { kind: 'code', tsx: SCENE }, variables: { color: '#ff0000' }, frame: 0 });
      const [a, b] = await Promise.all(
        ['#00ff00', '#0000ff'].map((color) => pair.still({ source: { kind: 'code', tsx: SCENE }, variables: { color }, frame: 0 })),
      );
      expect(await pixel(a!.bytes, 80, 45)).toEqual([0, 255, 0]);
      expect(await pixel(b!.bytes, 80, 45)).toEqual([0, 0, 255]);
    } finally {
      await pair.close();
    }
    expect((await readdir(join(workDir, 'pair'))).filter((name) => name.startsWith('job-'))).toEqual([]);
  });

  it('sweeps on close the directory of a job that ended after close began, also when something recreated it', async () => {
    const late = await createVideoRenderer({ browserExecutable: CHROMIUM, workDir: join(workDir, 'late'), timeoutMs: 60_000, guard });
    const lateDir = join(workDir, 'late');
    const recreated: string[] = [];
    // Recreates every job directory the moment it goes, as a browser that escaped its job's kill would.
    const watcher = watch(lateDir, (_event, name) => {
      if (!name?.startsWith('job-') || existsSync(join(lateDir, name)) || recreated.includes(name)) return;
      recreated.push(name);
      mkdirSync(join(lateDir, name, 'tmp', 'profile'), { recursive: true });
    });
    try {
      const rendering = late.still({ source: { kind: 'code', tsx: SCENE }, variables: {}, frame: 0 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closing = late.close();
      expect(await pixel((await rendering).bytes, 80, 45)).toEqual([255, 0, 0]);
      await closing;
    } finally {
      watcher.close();
    }
    expect(recreated.length).toBeGreaterThanOrEqual(1);
    expect((await readdir(lateDir)).filter((name) => name.startsWith('job-'))).toEqual([]);
  });

  it('removes a job directory again when something recreates it after its job (a browser that escaped the kill)', async () => {
    const mainDir = join(workDir, 'main');
    const before = (await readdir(mainDir)).filter((name) => name.startsWith('job-'));
    await renderer.still({ source: { kind: 'code', tsx: SCENE }, variables: {}, frame: 0 });
    // The job ran in the spare that was waiting; its directory went when the job ended. Recreated as a late browser would:
    const used = before.find((name) => !existsSync(join(mainDir, name)));
    expect(used).toBeDefined();
    await mkdir(join(mainDir, used!, 'tmp', 'profile'), { recursive: true });
    const until = Date.now() + 15_000;
    while (existsSync(join(mainDir, used!)) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    // With the directory's listing and the warnings, so a failure says which way it went.
    const cameBack = warnings.some((line) => line.includes('came back after its removal') && line.includes(used!));
    expect({ left: existsSync(join(mainDir, used!)), cameBack }).toEqual({
      left: false,
      cameBack: true,
      ...(cameBack ? {} : { warnings, dirs: await readdir(mainDir) }),
    });
    // Once more after its last recheck (the renderer has forgotten it): close finds it under the renderer's prefix
    // and removes it (the last test asserts nothing is left).
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await mkdir(join(mainDir, used!, 'tmp', 'profile'), { recursive: true });
  });

  it('keeps the next job process ready (forked ahead), and leaves nothing behind once closed: job directories removed, outputs taken, no process still naming them', async () => {
    // While open: a spare job directory, its process waiting. A second one can be a job directory a browser that
    // escaped its job's kill recreated (seen in CI after the abort test); the renderer removes it again after a
    // grace period, and on close. So this asserts the spare is there and reports a second one; after close,
    // nothing may be left.
    const open = (await readdir(join(workDir, 'main'))).filter((name) => name.startsWith('job-'));
    expect(open.length).toBeGreaterThanOrEqual(1);
    if (open.length > 1) console.warn('more than one video job directory while open', { open, warnings });
    await renderer.close();
    await quick.close();
    for (const dir of ['main', 'quick']) {
      const left = (await readdir(join(workDir, dir))).filter((name) => name.startsWith('job-') || name.startsWith('out-'));
      // With what the renderers warned about, so a directory left behind says which way it went.
      expect({ dir, left, warnings: left.length > 0 ? warnings.filter((line) => !line.includes('video job failed')) : [] }).toEqual({
        dir,
        left: [],
        warnings: [],
      });
    }
    const leftovers: string[] = [];
    for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmdline.includes(workDir)) leftovers.push(cmdline.replace(/\0/g, ' ').slice(0, 200));
    }
    expect(leftovers).toEqual([]);
    expect(existsSync(workDir)).toBe(true);
  });
});
