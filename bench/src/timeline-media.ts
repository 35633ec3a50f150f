/**
 * The video bench's timeline: a 1920×1080, 30 fps composition with a video clip (with its own
 * sound), an audio clip, a text clip and two transitions, and the media it plays, made with the
 * compositor's ffmpeg (as the tests make theirs) and served from 127.0.0.2 (an address the bench
 * API's allow-list admits) with an ETag and a Last-Modified, as a CDN would serve them.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeTestMedia } from '@pressroom/testing/media';

export interface TimelineMedia {
  videoUrl: string;
  audioUrl: string;
  /** Bytes of each file, and how many GETs answered with a body (a 304 is not counted). */
  sizes: { video: number; audio: number };
  downloads: () => number;
  close(): Promise<void>;
}

/** A colour per second of the test video (it changes every second, so every frame decoded shows). */
const PALETTE = ['#0f172a', '#1e3a8a', '#9333ea', '#f59e0b', '#10b981', '#ef4444', '#e5e7eb', '#0ea5e9', '#84cc16', '#f97316'];

export async function startTimelineMedia(options: { dir: string; width: number; height: number; seconds: number }): Promise<TimelineMedia> {
  const colours = Array.from({ length: options.seconds }, (_, i) => PALETTE[i % PALETTE.length]!);
  const { video, tone } = await makeTestMedia({
    dir: options.dir,
    width: options.width,
    height: options.height,
    colours,
    toneSeconds: options.seconds,
  });
  const lastModified = new Date().toUTCString();
  const files: Record<string, { type: string; body: Buffer; etag: string }> = {
    '/clip.mp4': { type: 'video/mp4', body: video, etag: `"${createHash('sha256').update(video).digest('hex').slice(0, 16)}"` },
    '/tone.m4a': { type: 'audio/mp4', body: tone, etag: `"${createHash('sha256').update(tone).digest('hex').slice(0, 16)}"` },
  };
  let downloads = 0;
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? '').split('?')[0]!];
    if (!file) return void res.writeHead(404).end();
    const validators = { etag: file.etag, 'last-modified': lastModified, 'cache-control': 'max-age=3600' };
    if (req.headers['if-none-match'] === file.etag) return void res.writeHead(304, validators).end();
    res.writeHead(200, { ...validators, 'content-type': file.type, 'content-length': file.body.length });
    if (req.method === 'HEAD') return void res.end();
    downloads++;
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return {
    videoUrl: `${origin}/clip.mp4`,
    audioUrl: `${origin}/tone.m4a`,
    sizes: { video: video.length, audio: tone.length },
    downloads: () => downloads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `seconds` long: an opening title on a solid, the video clip fading in over it (transition 1),
 * a closing solid sliding in over the clip (transition 2); a headline text clip (the variable each
 * render changes) on a track above, and the tone as an audio clip under the whole timeline.
 */
export function benchTimeline(options: { width: number; height: number; seconds: number; media: TimelineMedia }): Record<string, unknown> {
  const fps = 30;
  const total = options.seconds * fps;
  const third = Math.floor(total / 3);
  const transition = Math.min(15, Math.floor(third / 2));
  const scale = options.width / 1920;
  return {
    width: options.width,
    height: options.height,
    fps,
    backgroundColor: '#000000',
    tracks: [
      {
        clips: [
          { type: 'solid', color: '#0f172a', from: 0, durationInFrames: third },
          {
            type: 'video',
            src: options.media.videoUrl,
            from: third,
            durationInFrames: third,
            fit: 'cover',
            volume: 0.5,
            transition: { type: 'fade', durationInFrames: transition },
          },
          {
            type: 'solid',
            color: '#1e3a8a',
            from: 2 * third,
            durationInFrames: total - 2 * third,
            transition: { type: 'slide', durationInFrames: transition, direction: 'right' },
          },
        ],
      },
      {
        clips: [
          {
            type: 'text',
            text: 'Quarterly report',
            variable: 'headline',
            from: 0,
            durationInFrames: total,
            style: {
              x: Math.round(120 * scale),
              y: Math.round(120 * scale),
              width: Math.round(1400 * scale),
              fontSize: Math.round(96 * scale),
              color: '#ffffff',
            },
            enter: { type: 'fade', durationInFrames: transition },
          },
        ],
      },
      { clips: [{ type: 'audio', src: options.media.audioUrl, from: 0, durationInFrames: total, volume: 0.8 }] },
    ],
  };
}
