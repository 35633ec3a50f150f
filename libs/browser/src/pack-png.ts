import { CompressionType, FilterType, Transformer, type PngEncodeOptions } from '@napi-rs/image';
import { DRAWN_REPEAT_SHARE, repeatShare } from './repeat-share.js';

/**
 * The two ways to encode a screenshot, because neither alone is small on both
 * kinds of picture (ADR 0049; `bench/src/png-cpu-bench.ts` measures both):
 * - drawn content (text, flat colour, Skia's dithered gradients) is made of
 *   exact repeats, which any row filter destroys: rows unfiltered, deflate with
 *   match search (@napi-rs/image's default level). Benchmark card: 0.53×
 *   Chromium's default encoder; its fast deflate with adaptive filtering: 2.1×.
 * - photographic content has almost no repeats but small differences between
 *   neighbours: rows filtered adaptively, its fast deflate (no match search,
 *   ~3 ms). Photo card: 1.06×; the default deflate unfiltered: 1.75×, and
 *   ~40 ms.
 */
const DRAWN: PngEncodeOptions = { compressionType: CompressionType.Default, filterType: FilterType.NoFilter };
const PHOTO: PngEncodeOptions = { compressionType: CompressionType.Fast, filterType: FilterType.Adaptive };

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * Re-encodes Chromium's PNG (8-bit RGB or RGBA, not interlaced) losslessly and
 * smaller: decoded once by @napi-rs/image (native, on libuv's thread pool), the
 * way to encode chosen by the picture's exact repeats (repeatShare, a few rows
 * in JavaScript), encoded from the same decoded picture. Returns null for any
 * other PNG, which the caller hands to a general encoder.
 */
export async function packPng(png: Buffer): Promise<Buffer | null> {
  const header = readHeader(png);
  if (!header) return null;
  const { width, height, channels } = header;
  const picture = new Transformer(png);
  // The Transformer keeps the decoded picture: the encode below does not decode it again (measured).
  const pixels = await picture.rawPixels();
  // A transparency chunk would come back as another channel count: not Chromium's output, not ours to pack.
  if (pixels.length !== width * height * channels) return null;
  const repeats = repeatShare({ data: pixels, height, stride: width * channels, skip: 0, bpp: channels });
  return picture.png(repeats >= DRAWN_REPEAT_SHARE ? DRAWN : PHOTO);
}

/** Size and channels from the IHDR chunk (always first), if it describes what packPng handles. */
function readHeader(png: Buffer): { width: number; height: number; channels: 3 | 4 } | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const [depth, colourType, interlace] = [png[24], png[25], png[28]];
  if (depth !== 8 || interlace !== 0 || (colourType !== 2 && colourType !== 6)) return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20), channels: colourType === 2 ? 3 : 4 };
}
