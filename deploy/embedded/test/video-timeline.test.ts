// Timeline clips, animation, transitions and outputs through the HTTP API (issue 19): real Remotion,
// Chromium and ffmpeg; test media made with the compositor's ffmpeg and served from an allowed local host.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { audioPeak, frameAt, near, pixel, probeStreams } from '@pressroom/testing/media';
import { problemOf, startTestStack, type TestStack } from './harness.js';
import { startMediaServer, type MediaServer } from './media-server.js';

type RGB = [number, number, number];
const RED: RGB = [255, 0, 0];
const BLUE: RGB = [0, 0, 255];
const GREEN: RGB = [0, 255, 0];
const WHITE: RGB = [255, 255, 255];
const YELLOW: RGB = [255, 255, 0];
const MAGENTA: RGB = [255, 0, 255];

interface RenderBody {
  id: string;
  url: string;
  posterUrl: string;
  format: string;
  width: number;
  height: number;
  fps: number;
  durationInFrames: number;
}

describe('timeline clips, animation and outputs (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let pages: MediaServer;
  let huge: { heads: number; gets: number };

  beforeAll(async () => {
    huge = { heads: 0, gets: 0 };
    // A 2 s clip: red for the first second, blue for the second, with a 440 Hz tone; a 3 s 880 Hz tone; a PNG.
    pages = await startMediaServer({ colours: ['#ff0000', '#0000ff'], toneSeconds: 3 }, (media) => ({
      '/clip.mp4': (_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(media.video),
      '/tone.m4a': (_req, res) => res.writeHead(200, { 'content-type': 'audio/mp4' }).end(media.tone),
      '/not-a-video.mp4': (_req, res) => res.writeHead(200, { 'content-type': 'video/mp4' }).end(media.still),
      // Claims 2 GB: must be refused by its Content-Length, before any GET.
      '/huge.mp4': (req, res) => {
        if (req.method === 'HEAD') {
          huge.heads++;
          res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(2 * 1024 ** 3) }).end();
          return;
        }
        huge.gets++;
        res.writeHead(200, { 'content-type': 'video/mp4' }).end(media.video);
      },
    }));
    stack = await startTestStack('memory+pglite', { withVideoService: true, video: { timeoutMs: 120_000 } });
    ({ key } = await stack.newAccount());
  }, 180_000);
  afterAll(async () => {
    await stack?.dispose();
    await pages?.close();
  });

  async function template(projectJson: unknown, variableDefinitions: unknown[] = []): Promise<string> {
    const res = await stack.api('/video/templates', { method: 'POST', key, json: { name: 'Timeline', projectJson, variableDefinitions } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }
  const render = (uid: string, body: Record<string, unknown>) =>
    stack.api(`/video/templates/${uid}/render`, { method: 'POST', key, json: body });
  const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
  /** The colour at (x, y) of the frame shown at `seconds`. */
  const colourAt = async (video: Buffer, seconds: number, x: number, y: number) => pixel(await frameAt(video, seconds), x, y);

  it('composes video, audio, shape, text and HTML clips with bound variables into an MP4 (H.264 + AAC), a poster PNG and seekable bytes', async () => {
    const uid = await template(
      {
        size: '1:1',
        width: 180,
        fps: 30,
        backgroundColor: '#ffffff',
        tracks: [
          {
            clips: [
              // 320×180 into 180×180, contained: white bands above and below, the clip in the middle.
              {
                type: 'video',
                src: 'http://replaced/by/variable.mp4',
                bind: { src: 'clipUrl' },
                from: 0,
                durationInFrames: 15,
                fit: 'contain',
                muted: true,
              },
              // Cover, trimmed by one second: blue from its first frame, filling the frame.
              { type: 'video', src: pages.url('/clip.mp4'), from: 15, durationInFrames: 15, fit: 'cover', trimBefore: 30, volume: 0.5 },
            ],
          },
          {
            clips: [
              // A green circle moving left to right by keyframes (bound fill colour).
              {
                type: 'shape',
                shape: 'circle',
                fill: '#000000',
                bind: { fill: 'dot' },
                stroke: '#000000',
                strokeWidth: 2,
                from: 0,
                durationInFrames: 30,
                style: { y: 70, width: 40, height: 40 },
                keyframes: {
                  x: [
                    { frame: 0, value: 0 },
                    { frame: 29, value: 140, easing: 'ease-in-out' },
                  ],
                },
              },
              // Text in a yellow box, wrapped to 100 px, its text bound to a variable.
              {
                type: 'text',
                text: 'placeholder',
                variable: 'headline',
                from: 0,
                durationInFrames: 30,
                style: { x: 10, y: 130, width: 100, fontSize: 12, color: '#000000', backgroundColor: '#ffff00', padding: 6 },
              },
              // An HTML fragment: its CSS draws a magenta block, and stays inside the clip.
              {
                type: 'html',
                html: '<style>div{background:#ff00ff;width:40px;height:20px}</style><div></div>',
                from: 0,
                durationInFrames: 30,
                style: { x: 130, y: 5, width: 50, height: 30 },
              },
            ],
          },
          // A 3 s tone under a 1 s timeline: trimmed at the end of the picture, with a fade in.
          { clips: [{ type: 'audio', src: pages.url('/tone.m4a'), from: 0, durationInFrames: 90, volume: 0.8, fadeInFrames: 3 }] },
        ],
        soundtrack: { src: pages.url('/clip.mp4'), volume: 0.2 },
        posterFrame: 20,
      },
      [
        { name: 'clipUrl', type: 'text' },
        { name: 'dot', type: 'color', defaultValue: '#00ff00' },
        { name: 'headline', type: 'text' },
      ],
    );
    const res = await render(uid, { variables: { clipUrl: pages.url('/clip.mp4'), headline: 'A headline that wraps onto lines' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderBody;
    expect(body).toMatchObject({ format: 'mp4', width: 180, height: 180, fps: 30, durationInFrames: 30 });

    const video = await bytesOf(body.url);
    const probe = await probeStreams(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 180, height: 180, fps: 30, frames: 30 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });
    // The 3 s audio clip was cut at the end of the 1 s picture.
    expect(probe.audio!.duration).toBeLessThan(1.2);
    expect(probe.duration).toBeLessThan(1.2);
    expect(await audioPeak(video, 0.2, 0.8)).toBeGreaterThan(0.1);

    // Frame 3 (0.1 s): letterboxed red clip, the circle at the left, the text box, the HTML block.
    const early = await frameAt(video, 0.1);
    expect(near(await pixel(early, 90, 20), WHITE, 20)).toBe(true);
    expect(near(await pixel(early, 90, 60), RED, 40)).toBe(true);
    expect(near(await pixel(early, 20, 90), GREEN, 60)).toBe(true);
    expect(near(await pixel(early, 160, 90), RED, 40)).toBe(true);
    expect(near(await pixel(early, 13, 133), YELLOW, 40)).toBe(true);
    expect(near(await pixel(early, 140, 12), MAGENTA, 40)).toBe(true);
    // The HTML's CSS did not reach the page: the text box is not magenta.
    expect(near(await pixel(early, 13, 133), MAGENTA, 60)).toBe(false);
    // Frame 28 (≈0.95 s): the trimmed second clip (blue) fills the frame; the circle has moved right.
    const late = await frameAt(video, 0.95);
    expect(near(await pixel(late, 90, 20), BLUE, 40)).toBe(true);
    expect(near(await pixel(late, 160, 90), GREEN, 60)).toBe(true);
    expect(near(await pixel(late, 20, 90), BLUE, 40)).toBe(true);

    // The poster frame (frame 20: the blue clip) is a PNG of the composition's size.
    expect(body.posterUrl).toMatch(/\.poster\.png$/);
    const posterRes = await fetch(body.posterUrl);
    expect(posterRes.headers.get('content-type')).toBe('image/png');
    const poster = Buffer.from(await posterRes.arrayBuffer());
    expect(near(await pixel(poster, 90, 20), BLUE, 40)).toBe(true);
    const state = (await (await stack.api(`/video/renders/${body.id}`, { key })).json()) as { posterUrl: string };
    expect(state.posterUrl).toBe(body.posterUrl);

    // Browsers seek with Range requests.
    const ranged = await fetch(body.url, { headers: { Range: 'bytes=100-199' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(video.subarray(100, 200));

    // Deleting the render deletes its poster too.
    expect((await stack.api(`/renders/${body.id}`, { method: 'DELETE', key })).status).toBe(200);
    expect((await fetch(body.url)).status).toBe(404);
    expect((await fetch(body.posterUrl)).status).toBe(404);
  }, 240_000);

  it('renders WebM (VP9 + Opus) at a 9:16 preset, with a length from a variable, entrances and transitions between clips', async () => {
    const uid = await template(
      {
        size: '9:16',
        width: 90,
        fps: 20,
        durationVariable: 'length',
        backgroundColor: '#000000',
        tracks: [
          {
            clips: [
              { type: 'solid', color: '#ff0000', from: 0, durationInFrames: 20 },
              // Slides in from the right over frames 20–29, pushing the red clip out to the left.
              {
                type: 'solid',
                color: '#0000ff',
                from: 20,
                durationInFrames: 20,
                transition: { type: 'slide', durationInFrames: 10, direction: 'right' },
              },
              // Wipes in from the left over frames 40–49.
              {
                type: 'solid',
                color: '#00ff00',
                from: 40,
                durationInFrames: 20,
                transition: { type: 'wipe', durationInFrames: 10, direction: 'left' },
              },
            ],
          },
          // A white bar that zooms in over 10 frames and fades out over its last 10.
          {
            clips: [
              {
                type: 'shape',
                fill: '#ffffff',
                from: 0,
                durationInFrames: 20,
                style: { x: 0, y: 0, width: 90, height: 20 },
                enter: { type: 'zoom', durationInFrames: 10 },
                exit: { type: 'fade', durationInFrames: 10 },
              },
            ],
          },
          { clips: [{ type: 'audio', src: pages.url('/tone.m4a'), from: 0, durationInFrames: 60 }] },
        ],
      },
      [{ name: 'length', type: 'number', defaultValue: 40 }],
    );
    const res = await render(uid, { format: 'webm', variables: { length: 60 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as RenderBody;
    expect(body).toMatchObject({ format: 'webm', width: 90, height: 160, fps: 20, durationInFrames: 60 });
    const video = await bytesOf(body.url);
    const probe = await probeStreams(video);
    expect(probe.formatName).toMatch(/webm/);
    expect(probe.video).toMatchObject({ codec: 'vp9', width: 90, height: 160, fps: 20, frames: 60 });
    expect(probe.audio).toMatchObject({ codec: 'opus' });
    expect(probe.duration).toBeGreaterThan(2.8);
    expect(probe.duration).toBeLessThan(3.2);

    // Frame 1: the bar is still small (zooming in from its centre): its corner is not white yet.
    expect(near(await colourAt(video, 0.05, 2, 2), WHITE, 40)).toBe(false);
    // Frame 10: fully in.
    expect(near(await colourAt(video, 0.5, 2, 2), WHITE, 40)).toBe(true);
    // Frame 25, the middle of the slide: red on the left, blue coming in on the right.
    const slide = await frameAt(video, 1.25);
    expect(near(await pixel(slide, 10, 80), RED, 50)).toBe(true);
    expect(near(await pixel(slide, 80, 80), BLUE, 50)).toBe(true);
    // Frame 33: the blue clip alone.
    expect(near(await colourAt(video, 1.65, 45, 80), BLUE, 50)).toBe(true);
    // Frame 45, the middle of the wipe from the left: green on the left, blue still on the right.
    const wipe = await frameAt(video, 2.25);
    expect(near(await pixel(wipe, 10, 80), GREEN, 60)).toBe(true);
    expect(near(await pixel(wipe, 80, 80), BLUE, 50)).toBe(true);
    expect(near(await colourAt(video, 2.9, 45, 80), GREEN, 60)).toBe(true);
  }, 240_000);

  it("draws text in the account's own font from the asset library, by family name", async () => {
    const family = `Timeline Mono ${Date.now()}`;
    const upload = await stack.api(`/assets?family=${encodeURIComponent(family)}`, {
      method: 'POST',
      key,
      body: new Uint8Array(readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf')),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status).toBe(201);
    /** The right edge of ten i's: a monospaced font draws them as wide as ten m's. */
    const textWidth = async (fontFamily: string) => {
      const uid = await template({
        width: 320,
        height: 40,
        fps: 10,
        backgroundColor: '#ffffff',
        tracks: [
          {
            clips: [
              {
                type: 'text',
                text: 'iiiiiiiiii',
                from: 0,
                durationInFrames: 2,
                style: { x: 0, y: 5, fontSize: 24, color: '#000000', fontFamily },
              },
            ],
          },
        ],
      });
      const res = await render(uid, {});
      expect(res.status).toBe(200);
      const poster = await bytesOf(((await res.json()) as RenderBody).posterUrl);
      const { data, info } = await sharp(poster).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      let right = 0;
      for (let y = 0; y < info.height; y++)
        for (let x = 0; x < info.width; x++) if (data[(y * info.width + x) * 3]! < 100) right = Math.max(right, x);
      return right;
    };
    const own = await textWidth(family);
    const fallback = await textWidth('No Such Family Anywhere');
    // DejaVu Sans Mono at 24 px: ten 14.4 px cells; a proportional sans draws an i in about 6 px.
    expect(own).toBeGreaterThan(130);
    expect(fallback).toBeLessThan(100);
  }, 120_000);

  it('refuses bad media with a 422 naming each source: not a video, 2 GB (before download), a private address, a blocked variable', async () => {
    const uid = await template(
      {
        width: 64,
        height: 36,
        fps: 10,
        tracks: [
          {
            clips: [
              { type: 'video', src: pages.url('/not-a-video.mp4'), from: 0, durationInFrames: 5 },
              { type: 'video', src: pages.url('/huge.mp4'), from: 5, durationInFrames: 5 },
              { type: 'video', src: 'http://10.1.2.3/private.mp4', from: 10, durationInFrames: 5 },
              { type: 'video', src: pages.url('/clip.mp4'), variable: 'clip', from: 15, durationInFrames: 5 },
            ],
          },
        ],
      },
      [{ name: 'clip', type: 'text' }],
    );
    const bad = await problemOf(await render(uid, { variables: { clip: 'http://169.254.169.254/latest/meta-data' } }));
    expect(bad).toMatchObject({ status: 422 });
    const byField = Object.fromEntries((bad.errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]));
    expect(Object.keys(byField).sort()).toEqual([
      'projectJson.tracks.0.clips.0.src',
      'projectJson.tracks.0.clips.1.src',
      'projectJson.tracks.0.clips.2.src',
      'variables.clip',
    ]);
    expect(byField['projectJson.tracks.0.clips.0.src']).toMatch(/not a video/);
    expect(byField['projectJson.tracks.0.clips.1.src']).toMatch(/2048 MB.*before download/);
    expect(byField['projectJson.tracks.0.clips.2.src']).toMatch(/not allowed/);
    expect(byField['variables.clip']).toMatch(/not allowed/);
    expect(huge.heads).toBeGreaterThan(0);
    expect(huge.gets).toBe(0);
  }, 120_000);

  it('refuses bad projects with per-field errors: 1,000 clips, keyframes out of order, a transition with nothing before it, a bad bound duration', async () => {
    const many = {
      width: 64,
      height: 36,
      fps: 10,
      tracks: [{ clips: Array.from({ length: 1000 }, (_, i) => ({ type: 'solid', color: '#000000', from: i, durationInFrames: 1 })) }],
    };
    const tooMany = await problemOf(await stack.api('/video/templates', { method: 'POST', key, json: { projectJson: many } }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors).toEqual([
      expect.objectContaining({ field: 'projectJson.tracks', message: expect.stringMatching(/at most 300 clips; this one has 1000/) }),
    ]);

    const disorder = await problemOf(
      await stack.api('/video/templates', {
        method: 'POST',
        key,
        json: {
          projectJson: {
            width: 64,
            height: 36,
            fps: 10,
            tracks: [
              {
                clips: [
                  {
                    type: 'text',
                    text: 'x',
                    from: 0,
                    durationInFrames: 10,
                    keyframes: {
                      opacity: [
                        { frame: 0, value: 0 },
                        { frame: 8, value: 1 },
                        { frame: 4, value: 0.5 },
                      ],
                    },
                    transition: { type: 'fade', durationInFrames: 2 },
                  },
                ],
              },
            ],
          },
        },
      }),
    );
    expect(disorder.status).toBe(400);
    expect(disorder.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'projectJson.tracks.0.clips.0.keyframes.opacity.2.frame',
      'projectJson.tracks.0.clips.0.transition',
    ]);

    const uid = await template(
      {
        width: 64,
        height: 36,
        fps: 10,
        tracks: [{ clips: [{ type: 'solid', from: 0, durationInFrames: 10, bind: { durationInFrames: 'length' } }] }],
      },
      [{ name: 'length', type: 'number' }],
    );
    const badLength = await problemOf(await render(uid, { variables: { length: -5 } }));
    expect(badLength).toMatchObject({ status: 422, code: 'invalid_variable' });
    expect(badLength.errors[0].field).toBe('variables.length');
  });
});
