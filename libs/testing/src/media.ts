import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The ffmpeg and ffprobe Remotion's compositor package ships (the machine has no system ffmpeg). */
function compositorDir(): string {
  const store = join(ROOT, 'node_modules/.pnpm');
  const entry = readdirSync(store).find((name) => name.startsWith('@remotion+compositor-linux-x64-gnu@'));
  if (!entry) throw new Error('the Remotion compositor package is not installed');
  const dir = join(store, entry, 'node_modules/@remotion/compositor-linux-x64-gnu');
  if (!existsSync(join(dir, 'ffprobe'))) throw new Error(`no ffprobe in ${dir}`);
  return dir;
}

async function tool(name: 'ffmpeg' | 'ffprobe', args: string[]): Promise<string> {
  const dir = compositorDir();
  const { stdout } = await run(join(dir, name), args, { env: { ...process.env, LD_LIBRARY_PATH: dir }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

export interface VideoProbe {
  codec: string;
  width: number;
  height: number;
  /** Counted by decoding, not read from the header. */
  frames: number;
  fps: number;
  pixFmt: string;
  colorSpace: string | undefined;
  /** RGB at the centre of the first frame. */
  firstFrameCentre: [number, number, number];
}

/** Codec, size, counted frames, frame rate and colour settings of an MP4's video stream, and its first frame's centre. */
export async function probeVideo(bytes: Buffer): Promise<VideoProbe> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-video-probe-'));
  try {
    const file = join(dir, 'in.mp4');
    await writeFile(file, bytes);
    const probed = JSON.parse(
      await tool('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_streams', '-of', 'json', file]),
    ) as {
      streams: Array<Record<string, string | number | undefined>>;
    };
    const stream = probed.streams[0]!;
    const [num, den] = String(stream.r_frame_rate).split('/').map(Number);
    const frame = join(dir, 'frame.png');
    await tool('ffmpeg', ['-v', 'error', '-i', file, '-frames:v', '1', frame]);
    const image = await readFile(frame);
    const { width, height } = await sharp(image).metadata();
    return {
      codec: String(stream.codec_name),
      width: Number(stream.width),
      height: Number(stream.height),
      frames: Number(stream.nb_read_frames),
      fps: num! / (den || 1),
      pixFmt: String(stream.pix_fmt),
      colorSpace: stream.color_space === undefined ? undefined : String(stream.color_space),
      firstFrameCentre: await pixel(image, Math.floor(width / 2), Math.floor(height / 2)),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Frames, per-frame delays (ms) and size of a GIF. */
export async function probeGif(bytes: Buffer): Promise<{ frames: number; delays: number[]; width: number; height: number }> {
  const meta = await sharp(bytes, { animated: true }).metadata();
  return { frames: meta.pages ?? 1, delays: meta.delay ?? [], width: meta.width, height: meta.pageHeight ?? meta.height };
}

/** RGB of one pixel of an image (PNG, or the first frame of a GIF). */
export async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

export function near(actual: [number, number, number], expected: [number, number, number], tolerance = 12): boolean {
  return actual.every((value, i) => Math.abs(value - expected[i]!) <= tolerance);
}

export interface StreamProbe {
  /** The container's duration in seconds. */
  duration: number;
  formatName: string;
  video: { codec: string; width: number; height: number; fps: number; frames: number } | null;
  audio: { codec: string; duration: number; channels: number } | null;
}

/** Streams, codecs, size, frame rate, counted frames and durations of any video file (MP4, WebM, GIF). */
export async function probeStreams(bytes: Buffer): Promise<StreamProbe> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-stream-probe-'));
  try {
    const file = join(dir, 'in');
    await writeFile(file, bytes);
    const probed = JSON.parse(
      await tool('ffprobe', ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', file]),
    ) as { streams: Array<Record<string, string | number | undefined>>; format: Record<string, string | undefined> };
    const video = probed.streams.find((s) => s.codec_type === 'video');
    const audio = probed.streams.find((s) => s.codec_type === 'audio');
    const rate = (value: unknown) => {
      const [num, den] = String(value).split('/').map(Number);
      return num! / (den || 1);
    };
    return {
      duration: Number(probed.format.duration),
      formatName: String(probed.format.format_name),
      video: video
        ? {
            codec: String(video.codec_name),
            width: Number(video.width),
            height: Number(video.height),
            fps: rate(video.r_frame_rate),
            frames: Number(video.nb_read_frames),
          }
        : null,
      audio: audio
        ? {
            codec: String(audio.codec_name),
            // WebM keeps stream durations in tags only: fall back to the container's.
            duration: Number(audio.duration ?? probed.format.duration),
            channels: Number(audio.channels),
          }
        : null,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One frame of a video, decoded at `seconds`, as PNG bytes (check it with `pixel`). */
export async function frameAt(bytes: Buffer, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-frame-'));
  try {
    const file = join(dir, 'in');
    await writeFile(file, bytes);
    const out = join(dir, 'frame.png');
    await tool('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Peak level (0–1) of a file's audio between two times, from its decoded samples. */
export async function audioPeak(bytes: Buffer, from: number, to: number): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-audio-'));
  try {
    const file = join(dir, 'in');
    await writeFile(file, bytes);
    const out = join(dir, 'samples.wav');
    // The compositor's ffmpeg has no raw muxer: a WAV, whose samples follow its `data` chunk header.
    const args = ['-v', 'error', '-ss', String(from), '-t', String(to - from), '-i', file, '-vn', '-ac', '1', '-ar', '8000'];
    await tool('ffmpeg', [...args, '-c:a', 'pcm_s16le', '-f', 'wav', out]);
    const wav = await readFile(out);
    const data = wav.indexOf('data', 12, 'latin1');
    const samples = wav.subarray(data + 8);
    let peak = 0;
    for (let i = 0; i + 1 < samples.length; i += 2) peak = Math.max(peak, Math.abs(samples.readInt16LE(i)));
    return peak / 32768;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Test media made with the compositor's ffmpeg: `video.mp4` (`seconds` long at 10 fps, H.264 +
 * an AAC 440 Hz tone; `colours[i]` fills second i), `tone.m4a` (AAC 880 Hz, `toneSeconds` long)
 * and `still.png` (a PNG, which is not a video).
 */
export async function makeTestMedia(options: {
  dir: string;
  width?: number;
  height?: number;
  colours?: string[];
  toneSeconds?: number;
}): Promise<{ video: Buffer; tone: Buffer; still: Buffer }> {
  const width = options.width ?? 320;
  const height = options.height ?? 180;
  const colours = options.colours ?? ['#ff0000', '#0000ff'];
  const fps = 10;
  for (let i = 0; i < colours.length * fps; i++) {
    await sharp({ create: { width, height, channels: 3, background: colours[Math.floor(i / fps)]! } })
      .png()
      .toFile(join(options.dir, `f${String(i).padStart(4, '0')}.png`));
  }
  const video = join(options.dir, 'video.mp4');
  const tone = join(options.dir, 'tone.m4a');
  const seconds = colours.length;
  await tool('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-framerate',
    String(fps),
    '-i',
    join(options.dir, 'f%04d.png'),
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-f',
    'mp4',
    video,
  ]);
  await tool('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=880:duration=${options.toneSeconds ?? 3}`,
    '-c:a',
    'aac',
    '-f',
    'mp4',
    tone,
  ]);
  return { video: await readFile(video), tone: await readFile(tone), still: await readFile(join(options.dir, 'f0000.png')) };
}
