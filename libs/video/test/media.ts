import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The ffprobe Remotion's compositor package ships (the machine has no system ffmpeg). */
function compositorDir(): string {
  const store = join(ROOT, 'node_modules/.pnpm');
  const entry = readdirSync(store).find((name) => name.startsWith('@remotion+compositor-linux-x64-gnu@'));
  if (!entry) throw new Error('the Remotion compositor package is not installed');
  const dir = join(store, entry, 'node_modules/@remotion/compositor-linux-x64-gnu');
  if (!existsSync(join(dir, 'ffprobe'))) throw new Error(`no ffprobe in ${dir}`);
  return dir;
}

export interface VideoProbe {
  codec: string;
  width: number;
  height: number;
  frames: number;
  fps: number;
  pixFmt: string;
  colorSpace: string | undefined;
}

/** Codec, size, counted frames, frame rate and colour settings of an MP4's video stream. */
export async function probeMp4(bytes: Buffer): Promise<VideoProbe> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-video-probe-'));
  try {
    const file = join(dir, 'in.mp4');
    await writeFile(file, bytes);
    const tools = compositorDir();
    const { stdout } = await run(join(tools, 'ffprobe'), ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_streams', '-of', 'json', file], { env: { ...process.env, LD_LIBRARY_PATH: tools } });
    const stream = (JSON.parse(stdout) as { streams: Array<Record<string, string | number>> }).streams[0]!;
    const [num, den] = String(stream.r_frame_rate).split('/').map(Number);
    return {
      codec: String(stream.codec_name),
      width: Number(stream.width),
      height: Number(stream.height),
      frames: Number(stream.nb_read_frames),
      fps: num! / (den || 1),
      pixFmt: String(stream.pix_fmt),
      colorSpace: stream.color_space === undefined ? undefined : String(stream.color_space),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Frames, per-frame delays (ms) and size of a GIF. */
export async function probeGif(bytes: Buffer): Promise<{ frames: number; delays: number[]; width: number; height: number }> {
  const meta = await sharp(bytes, { animated: true }).metadata();
  return { frames: meta.pages ?? 1, delays: meta.delay ?? [], width: meta.width!, height: meta.pageHeight ?? meta.height! };
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
