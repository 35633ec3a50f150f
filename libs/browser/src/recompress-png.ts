import { promisify } from 'node:util';
import { constants, crc32, deflate, inflate } from 'node:zlib';
import { DRAWN_REPEAT_SHARE, repeatShare } from './repeat-share.js';

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);

/**
 * Two ways to pack a screenshot's rows, because no single one is both cheap
 * and small on both kinds of picture (ADR 0041, docs/benchmarks.md):
 * - `plain`: rows unfiltered, zlib with matches. Drawn content (text, flat
 *   colour, gradients: Skia dithers a diagonal gradient into rows that are
 *   shifted copies of each other) is full of exact repeats, which filtering
 *   destroys.
 * - `up-rle`: rows minus the row above (PNG filter Up, what Chromium's fast
 *   encoder writes already), zlib run-length only. Photographic content has
 *   few repeats but small vertical differences: a Huffman code over them is
 *   what shrinks it, and searching for matches is wasted time.
 */
export type PngPacking = 'plain' | 'up-rle';

export interface RecompressPngOptions {
  /** zlib level for `plain`. Default PLAIN_ZLIB_LEVEL. */
  plainLevel?: number;
  /** Force one packing instead of choosing by the picture's repeats (for the benchmark's candidates). */
  packing?: PngPacking;
}

/**
 * zlib level for `plain`: the lowest that keeps the benchmark card well under
 * Chromium's default encoder (level 3: 0.86× its bytes; 2: 0.91×, 1: 0.97×),
 * because every level costs CPU the throughput target does not have; level 4
 * (zlib's first lazy-matching level) halves the bytes again for ~25 % more
 * deflate time (docs/benchmarks.md).
 */
export const PLAIN_ZLIB_LEVEL = 3;

/** zlib's smallest allowed output chunk. */
const MIN_CHUNK = 64;

/**
 * Output chunk for a deflate: each chunk is a round trip to the thread pool, so
 * a screenshot's output should come back in one or a few, not in 16 KiB pieces.
 */
const deflateChunk = (input: Buffer) => Math.max(64 * 1024, input.length >> 1);

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

interface PngLayout {
  width: number;
  height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA), 8 bits per channel. */
  channels: 3 | 4;
  ihdr: Buffer;
  idat: Buffer;
}

/**
 * Re-packs an 8-bit RGB/RGBA, non-interlaced PNG (what Chromium's screenshot
 * encoders write) into a smaller one with exactly the same pixels. Returns null
 * for any other PNG, which the caller then hands to a general encoder.
 * The zlib work runs on libuv's thread pool, not on the event loop.
 */
export async function recompressPng(png: Buffer, options: RecompressPngOptions = {}): Promise<Buffer | null> {
  const layout = readLayout(png);
  if (!layout) return null;
  const stride = layout.width * layout.channels + 1;
  // One output chunk of the known size: with zlib's default 16 KiB chunks the thread-pool round trips cost
  // about a third of the inflate's CPU on a 1200×630 capture (measured: 10 → 7 ms).
  const filtered = await inflateAsync(layout.idat, { chunkSize: Math.max(MIN_CHUNK, stride * layout.height) });
  if (filtered.length !== stride * layout.height) return null;
  // Chromium's fast encoder filters every row Up already: then those rows are the up-rle input as they are.
  const allUp = everyRowFiltered(filtered, layout.height, stride, 2);
  const pixels = unfilter(Buffer.from(filtered), layout.height, stride, layout.channels);
  if (!pixels) return null;
  const plainLevel = options.plainLevel ?? PLAIN_ZLIB_LEVEL;
  const packing =
    options.packing ??
    (repeatShare({ data: pixels, height: layout.height, stride, skip: 1, bpp: layout.channels }) >= DRAWN_REPEAT_SHARE
      ? 'plain'
      : 'up-rle');
  const data =
    packing === 'plain'
      ? await deflateAsync(setFilterBytes(pixels, layout.height, stride, 0), { level: plainLevel, chunkSize: deflateChunk(pixels) })
      : await deflateAsync(allUp ? filtered : filterUp(pixels, layout.height, stride), {
          level: 1,
          strategy: constants.Z_RLE,
          chunkSize: deflateChunk(pixels),
        });
  return Buffer.concat([SIGNATURE, chunk('IHDR', layout.ihdr), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}

function readLayout(png: Buffer): PngLayout | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  let ihdr: Buffer | null = null;
  const idat: Buffer[] = [];
  for (let offset = 8; offset + 12 <= png.length;) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') ihdr = Buffer.from(data);
    else if (type === 'IDAT') idat.push(data);
    // A palette or transparency chunk means a layout this packer does not handle.
    else if (type === 'PLTE' || type === 'tRNS') return null;
    offset += 12 + length;
  }
  if (!ihdr || ihdr.length !== 13 || idat.length === 0) return null;
  const [depth, colourType, compression, filter, interlace] = [ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]];
  if (depth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) return null;
  if (colourType !== 2 && colourType !== 6) return null;
  return { width: ihdr.readUInt32BE(0), height: ihdr.readUInt32BE(4), channels: colourType === 2 ? 3 : 4, ihdr, idat: Buffer.concat(idat) };
}

/** Undoes the five PNG row filters in place; null on an unknown filter type. */
function unfilter(data: Buffer, height: number, stride: number, bpp: number): Buffer | null {
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    const type = data[row];
    data[row] = 0;
    switch (type) {
      case 0:
        break;
      case 1:
        for (let i = row + 1 + bpp; i < row + stride; i++) data[i] = (data[i]! + data[i - bpp]!) & 255;
        break;
      case 2:
        if (y > 0) addRows(data, row + 1, row + 1 - stride, stride - 1);
        break;
      case 3:
        for (let i = row + 1; i < row + stride; i++) {
          const left = i - row - 1 >= bpp ? data[i - bpp]! : 0;
          const above = y > 0 ? data[i - stride]! : 0;
          data[i] = (data[i]! + ((left + above) >> 1)) & 255;
        }
        break;
      case 4:
        for (let i = row + 1; i < row + stride; i++) {
          const hasLeft = i - row - 1 >= bpp;
          const a = hasLeft ? data[i - bpp]! : 0;
          const b = y > 0 ? data[i - stride]! : 0;
          const c = hasLeft && y > 0 ? data[i - stride - bpp]! : 0;
          data[i] = (data[i]! + paeth(a, b, c)) & 255;
        }
        break;
      default:
        return null;
    }
  }
  return data;
}

/** Reused by addRows; safe to share because unfiltering never awaits. */
let scratch = { row: new Uint32Array(0), above: new Uint32Array(0) };

/**
 * data[at…at+length) += data[above…above+length), bytewise modulo 256: undoing
 * filter Up, the filter of every row Chromium's fast encoder writes. Four bytes
 * per step (carries masked out of each byte) on aligned copies of the two rows:
 * 0.8 ms per 1200×630 RGB capture against 2.1 ms a byte at a time.
 */
function addRows(data: Buffer, at: number, above: number, length: number): void {
  const words = (length + 3) >> 2;
  if (scratch.row.length < words) scratch = { row: new Uint32Array(words), above: new Uint32Array(words) };
  const { row, above: up } = scratch;
  const rowBytes = new Uint8Array(row.buffer, 0, length);
  rowBytes.set(data.subarray(at, at + length));
  new Uint8Array(up.buffer, 0, length).set(data.subarray(above, above + length));
  for (let k = 0; k < words; k++) {
    const x = row[k]!;
    const a = up[k]!;
    row[k] = ((x & 0x7f7f7f7f) + (a & 0x7f7f7f7f)) ^ ((x ^ a) & 0x80808080);
  }
  data.set(rowBytes, at);
}

function everyRowFiltered(data: Buffer, height: number, stride: number, type: number): boolean {
  for (let y = 0; y < height; y++) if (data[y * stride] !== type) return false;
  return true;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function setFilterBytes(pixels: Buffer, height: number, stride: number, type: number): Buffer {
  for (let y = 0; y < height; y++) pixels[y * stride] = type;
  return pixels;
}

/** A new buffer of the rows with filter Up (the first row has no row above: filter None). */
function filterUp(pixels: Buffer, height: number, stride: number): Buffer {
  const out = Buffer.allocUnsafe(pixels.length);
  pixels.copy(out, 0, 0, stride);
  out[0] = 0;
  for (let y = 1; y < height; y++) {
    const row = y * stride;
    out[row] = 2;
    for (let i = row + 1; i < row + stride; i++) out[i] = (pixels[i]! - pixels[i - stride]!) & 255;
  }
  return out;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
