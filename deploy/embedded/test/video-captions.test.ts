// Captions from speech and from subtitle files through the HTTP API (issue 19 item 3): the AI
// stand-in speaks OpenAI's /audio/transcriptions; real Remotion, Chromium and ffmpeg draw the clip.
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { frameAt, probeStreams } from '@pressroom/testing/media';
import { startAiStandIn } from './ai-stand-in.js';
import { problemOf, startTestStack, type TestStack } from './harness.js';
import { startMediaServer, type MediaServer } from './media-server.js';

const HELLO = [
  { word: 'Hello', start: 0.1, end: 0.6 },
  { word: 'bright', start: 0.7, end: 1.2 },
  { word: 'world', start: 1.3, end: 1.8 },
];

/** Where a frame shows highlight-red and caption-white pixels (the mean x of each), within rows y0..y1. */
async function inks(frame: Buffer, y0: number, y1: number) {
  const { data, info } = await sharp(frame).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const red = { n: 0, x: 0 };
  const white = { n: 0, x: 0 };
  for (let y = y0; y < Math.min(y1, info.height); y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 170 && g < 90 && b < 90) {
        red.n++;
        red.x += x;
      }
      if (r > 190 && g > 190 && b > 190) {
        white.n++;
        white.x += x;
      }
    }
  return { red: red.n, redX: red.n ? red.x / red.n : NaN, white: white.n, whiteX: white.n ? white.x / white.n : NaN };
}

describe('captions from speech and subtitles (memory+pglite)', () => {
  let stack: TestStack;
  let key: string;
  let ai: Awaited<ReturnType<typeof startAiStandIn>>;
  let pages: MediaServer;

  beforeAll(async () => {
    pages = await startMediaServer({ width: 64, height: 36, colours: ['#000000', '#000000'], toneSeconds: 2 }, (media) => {
      const audio = (_req: unknown, res: ServerResponse) => res.writeHead(200, { 'content-type': 'audio/mp4' }).end(media.tone);
      return {
        '/speech.m4a': audio,
        '/long.m4a': audio,
        '/silence.m4a': audio,
        '/subs.vtt': (_req, res) => res.writeHead(200, { 'content-type': 'text/vtt' }).end('WEBVTT\n\n00:00.000 --> 00:00.900\nVTT line\n'),
      };
    });
    ai = await startAiStandIn();
    // The stand-in hears words in these files by name; anything else is silence.
    ai.speech.set('speech.m4a', HELLO);
    ai.speech.set('long.m4a', [
      { word: 'Start', start: 0.2, end: 0.6 },
      { word: 'end', start: 60.4, end: 61.2 },
    ]);
    stack = await startTestStack('memory+pglite', {
      withVideoService: true,
      video: { timeoutMs: 120_000 },
      gateway: {
        ai: { baseUrl: ai.baseUrl, apiKey: 'sk-test', model: 'scene-writer', transcriptionModel: 'whisper-test', timeoutMs: 5_000 },
      },
    });
    ({ key } = await stack.newAccount());
  }, 180_000);
  afterAll(async () => {
    await stack?.dispose();
    await ai?.close();
    await pages?.close();
  });

  const usage = async (k = key) => {
    const details = (await (await stack.api('/user/plan-details', { key: k })).json()) as {
      aiCredits: { used: number };
      renders: { used: number };
    };
    return { ai: details.aiCredits.used, renders: details.renders.used };
  };
  const transcribe = (json: unknown, k = key) => stack.api('/video/captions/transcribe', { method: 'POST', key: k, json });
  async function template(projectJson: unknown, variableDefinitions: unknown[] = [], k = key): Promise<string> {
    const res = await stack.api('/video/templates', {
      method: 'POST',
      key: k,
      json: { name: 'Captions', projectJson, variableDefinitions },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { template: { uid: string } }).template.uid;
  }
  const render = (uid: string, body: Record<string, unknown> = {}, k = key) =>
    stack.api(`/video/templates/${uid}/render`, { method: 'POST', key: k, json: body });

  it('transcribes a URL into word-timed captions, charging AI credits by the minute up to the last spoken word', async () => {
    const { key: own } = await stack.newAccount();
    const res = await transcribe({ src: pages.url('/speech.m4a'), language: 'en' }, own);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toEqual({
      words: [
        { text: 'Hello', start: 0.1, end: 0.6 },
        { text: 'bright', start: 0.7, end: 1.2 },
        { text: 'world', start: 1.3, end: 1.8 },
      ],
      text: 'Hello bright world',
      language: 'english',
      durationSeconds: 3,
      speechSeconds: 1.8,
      aiCreditsSpent: 1,
    });
    // The provider was asked the OpenAI way: multipart with verbose_json and word timestamps.
    const asked = ai.transcriptions.at(-1)!;
    expect(asked).toMatchObject({
      authorization: 'Bearer sk-test',
      fileName: 'speech.m4a',
      fields: { model: 'whisper-test', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', language: 'en' },
    });
    expect(asked.fileBytes).toBeGreaterThan(100);
    expect(await usage(own)).toEqual({ ai: 1, renders: 0 });

    // 61.2 s to the last word is two started minutes (the 3 s of silence after it are not counted).
    const long = (await (await transcribe({ src: pages.url('/long.m4a') }, own)).json()) as Record<string, any>;
    expect(long).toMatchObject({ speechSeconds: 61.2, aiCreditsSpent: 2 });
    expect(await usage(own)).toEqual({ ai: 3, renders: 0 });

    // A clip of a saved template, by its place in the timeline.
    const uid = await template({
      width: 64,
      height: 36,
      fps: 10,
      tracks: [
        { clips: [{ type: 'solid', from: 0, durationInFrames: 10 }] },
        { clips: [{ type: 'audio', src: pages.url('/speech.m4a'), from: 0, durationInFrames: 10 }] },
      ],
    });
    const byClip = await transcribe({ template: uid, clip: 'tracks.1.clips.0' }, key);
    expect(byClip.status).toBe(200);
    expect(((await byClip.json()) as { words: unknown[] }).words).toHaveLength(3);
    const notAudio = await problemOf(await transcribe({ template: uid, clip: 'tracks.0.clips.0' }));
    expect(notAudio).toMatchObject({ status: 400, errors: [{ field: 'clip', message: expect.stringMatching(/solid clip/) }] });
  });

  it('refuses silence (422 no_speech), a hanging provider (502, after its time-out) and a private source, charging nothing', async () => {
    const { key: own } = await stack.newAccount();
    const silence = await problemOf(await transcribe({ src: pages.url('/silence.m4a') }, own));
    expect(silence).toMatchObject({ status: 422, code: 'no_speech' });
    expect(silence.type).toMatch(/\/no-speech$/);

    ai.hangTranscriptions = true;
    try {
      const hung = await problemOf(await transcribe({ src: pages.url('/speech.m4a') }, own));
      expect(hung).toMatchObject({ status: 502, detail: expect.stringMatching(/did not answer .* within 5 s/) });
      expect(hung.type).toMatch(/\/ai-transcription-failed$/);
    } finally {
      ai.hangTranscriptions = false;
    }

    const asked = ai.transcriptions.length;
    const ssrf = await problemOf(await transcribe({ src: 'http://10.1.2.3/talk.mp3' }, own));
    expect(ssrf).toMatchObject({ status: 422, errors: [{ field: 'src', message: expect.stringMatching(/not allowed/) }] });
    expect(ai.transcriptions.length).toBe(asked);

    const both = await problemOf(await transcribe({ src: pages.url('/speech.m4a'), template: 'vtp_x', clip: 'soundtrack' }, own));
    expect(both.status).toBe(400);
    expect(await usage(own)).toEqual({ ai: 0, renders: 0 });
  });

  it('renders a caption clip from speech: the word being spoken is highlighted while the others stay white', async () => {
    const { key: own } = await stack.newAccount();
    const uid = await template(
      {
        width: 320,
        height: 80,
        fps: 10,
        durationInFrames: 20,
        backgroundColor: '#000000',
        tracks: [
          { clips: [{ type: 'audio', src: pages.url('/speech.m4a'), from: 0, durationInFrames: 20 }] },
          {
            clips: [
              {
                type: 'caption',
                captions: { transcribe: { src: pages.url('/speech.m4a') } },
                highlightColor: '#ff0000',
                from: 0,
                durationInFrames: 20,
                style: { y: 20, fontSize: 26, color: '#ffffff' },
              },
            ],
          },
        ],
      },
      [],
      own,
    );
    const res = await render(uid, {}, own);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string };
    const video = Buffer.from(await (await fetch(body.url)).arrayBuffer());
    const probe = await probeStreams(video);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 320, height: 80, frames: 20 });
    expect(probe.audio).toMatchObject({ codec: 'aac' });

    // 0.35 s: "Hello" is spoken (red, at the left), "bright world" white to its right.
    const early = await inks(await frameAt(video, 0.35), 15, 60);
    // 1.55 s: "world" is spoken (red, at the right); "Hello bright" white to its left.
    const late = await inks(await frameAt(video, 1.55), 15, 60);
    expect(early.red).toBeGreaterThan(30);
    expect(early.white).toBeGreaterThan(30);
    expect(late.red).toBeGreaterThan(30);
    expect(early.redX).toBeLessThan(early.whiteX);
    expect(late.redX).toBeGreaterThan(late.whiteX);
    expect(late.redX).toBeGreaterThan(early.redX + 60);
    // After the last word (1.8 s) the cue is gone: the last frame (1.9 s) is empty.
    const after = await inks(await frameAt(video, 1.9), 15, 60);
    expect(after.white + after.red).toBeLessThan(5);

    // One render credit; the transcription's started minute in AI credits, after the render succeeded.
    expect(await usage(own)).toEqual({ ai: 1, renders: 1 });
  }, 240_000);

  it('renders captions from SRT text, a VTT URL and a variable in one timeline', async () => {
    const uid = await template(
      {
        width: 240,
        height: 120,
        fps: 10,
        durationInFrames: 20,
        backgroundColor: '#000000',
        tracks: [
          {
            clips: [
              {
                type: 'caption',
                captions: { srt: '1\n00:00:00,000 --> 00:00:00,900\nSRT line\n' },
                from: 0,
                durationInFrames: 20,
                style: { y: 0, fontSize: 22 },
              },
              {
                type: 'caption',
                captions: { vtt: pages.url('/subs.vtt') },
                from: 10,
                durationInFrames: 10,
                style: { y: 40, fontSize: 22 },
              },
              { type: 'caption', variable: 'subs', from: 0, durationInFrames: 20, style: { y: 80, fontSize: 22 } },
            ],
          },
        ],
      },
      [{ name: 'subs', type: 'text' }],
    );
    const res = await render(uid, { variables: { subs: 'WEBVTT\n\n00:01.000 --> 00:02.000\nfrom a variable\n' } });
    expect(res.status).toBe(200);
    const video = Buffer.from(await (await fetch(((await res.json()) as { url: string }).url)).arrayBuffer());
    const shows = async (seconds: number) => {
      const frame = await frameAt(video, seconds);
      const band = async (y: number) => {
        const ink = await inks(frame, y, y + 40);
        return ink.white + ink.red > 20;
      };
      return [await band(0), await band(40), await band(80)];
    };
    // 0.45 s: only the SRT cue; 1.45 s: the VTT cue (its clip starts at 1 s) and the variable's cue.
    expect(await shows(0.45)).toEqual([true, false, false]);
    expect(await shows(1.45)).toEqual([false, true, true]);
  }, 240_000);

  it('refuses subtitles that do not parse or sit on a private address, and silence in a render, without charging', async () => {
    const { key: own } = await stack.newAccount();
    const bad = await template(
      {
        width: 64,
        height: 36,
        fps: 10,
        tracks: [
          {
            clips: [
              { type: 'caption', captions: { srt: '1\n00:00:01 --> 00:00:02\nno millis\n' }, from: 0, durationInFrames: 10 },
              { type: 'caption', captions: { vtt: 'http://10.1.2.3/subs.vtt' }, from: 0, durationInFrames: 10 },
              { type: 'caption', variable: 'subs', from: 0, durationInFrames: 10 },
            ],
          },
        ],
      },
      [{ name: 'subs', type: 'text' }],
      own,
    );
    const problem = await problemOf(await render(bad, { variables: { subs: 'WEBVTT\n\n00:02.000 --> 00:01.000\nbackwards' } }, own));
    expect(problem).toMatchObject({ status: 422 });
    expect(problem.type).toMatch(/\/invalid-captions$/);
    const byField = Object.fromEntries((problem.errors as Array<{ field: string; message: string }>).map((e) => [e.field, e.message]));
    expect(byField['projectJson.tracks.0.clips.0.captions']).toMatch(/SRT line 2: .*not a timing/);
    expect(byField['projectJson.tracks.0.clips.1.captions']).toMatch(/not allowed/);
    expect(byField['variables.subs']).toMatch(/VTT line 3: .*ends/);
    expect(problem.detail).toMatch(/SRT line 2/);

    const silent = await template(
      {
        width: 64,
        height: 36,
        fps: 10,
        tracks: [
          { clips: [{ type: 'caption', captions: { transcribe: { src: pages.url('/silence.m4a') } }, from: 0, durationInFrames: 10 }] },
        ],
      },
      [],
      own,
    );
    expect(await problemOf(await render(silent, {}, own))).toMatchObject({ status: 422, code: 'no_speech' });

    // A provider that hangs while a render transcribes: the time-out problem, no render queued, nothing spent.
    const spoken = await template(
      {
        width: 64,
        height: 36,
        fps: 10,
        tracks: [
          { clips: [{ type: 'caption', captions: { transcribe: { src: pages.url('/speech.m4a') } }, from: 0, durationInFrames: 10 }] },
        ],
      },
      [],
      own,
    );
    ai.hangTranscriptions = true;
    try {
      const hung = await problemOf(await render(spoken, {}, own));
      expect(hung).toMatchObject({ status: 502 });
      expect(hung.type).toMatch(/\/ai-transcription-failed$/);
    } finally {
      ai.hangTranscriptions = false;
    }
    expect(await usage(own)).toEqual({ ai: 0, renders: 0 });
  }, 120_000);
});

describe('captions without an AI provider (memory+pglite)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack('memory+pglite', { withImageService: false });
  }, 180_000);
  afterAll(() => stack?.dispose());

  it('answers transcription with the same 501 ai-not-configured as generation', async () => {
    const { key } = await stack.newAccount();
    const generate = await problemOf(await stack.api('/video/templates/generate', { method: 'POST', key, json: { prompt: 'a card' } }));
    const transcribe = await problemOf(
      await stack.api('/video/captions/transcribe', { method: 'POST', key, json: { src: 'https://cdn.example.com/talk.mp3' } }),
    );
    expect(transcribe).toMatchObject({ status: 501, type: generate.type, title: generate.title, detail: generate.detail });

    // A render whose captions need speech answers the same, before anything is queued.
    const created = await stack.api('/video/templates', {
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
                { type: 'caption', captions: { transcribe: { src: 'https://cdn.example.com/talk.mp3' } }, from: 0, durationInFrames: 10 },
              ],
            },
          ],
        },
      },
    });
    const { uid } = ((await created.json()) as { template: { uid: string } }).template;
    const rendered = await problemOf(await stack.api(`/video/templates/${uid}/render`, { method: 'POST', key, json: {} }));
    expect(rendered).toMatchObject({ status: 501, type: generate.type });
  });
});
