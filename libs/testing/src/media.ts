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
