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

/** The ffmpeg/ffprobe Remotion's compositor package ships (the machine has no system ffmpeg). */
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

export interface VideoInfo {
  codec: string;
  width: number;
  height: number;
  frames: number;
  fps: number;
  pixFmt: string;
  /** RGB of the first frame's centre. */
  firstFrameCentre: [number, number, number];
}

/** Probe an MP4 (codec, size, counted frames, rate) and decode its first frame. */
export async function probeVideo(bytes: Buffer): Promise<VideoInfo> {
  const dir = await mkdtemp(join(tmpdir(), 'pressroom-video-test-'));
  try {
    const file = join(dir, 'in.mp4');
    await writeFile(file, bytes);
    const probed = JSON.parse(await tool('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_streams', '-of', 'json', file])) as {
      streams: Array<{ codec_name: string; width: number; height: number; nb_read_frames: string; r_frame_rate: string; pix_fmt: string }>;
    };
    const stream = probed.streams[0]!;
    const [num, den] = stream.r_frame_rate.split('/').map(Number);
    const frame = join(dir, 'frame.png');
    await tool('ffmpeg', ['-v', 'error', '-i', file, '-frames:v', '1', frame]);
    const { data, info } = await sharp(await readFile(frame)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return {
      codec: stream.codec_name,
      width: stream.width,
      height: stream.height,
      frames: Number(stream.nb_read_frames),
      fps: num! / (den || 1),
      pixFmt: stream.pix_fmt,
      firstFrameCentre: [data[i]!, data[i + 1]!, data[i + 2]!],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Frame count, per-frame delays (ms) and size of a GIF. */
export async function probeGif(bytes: Buffer): Promise<{ frames: number; delays: number[]; width: number; height: number }> {
  const meta = await sharp(bytes, { animated: true }).metadata();
  return { frames: meta.pages ?? 1, delays: meta.delay ?? [], width: meta.width!, height: meta.pageHeight ?? meta.height! };
}
