import sharp from 'sharp';
import { packPng } from './pack-png.js';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/**
 * Re-pack Chromium's PNG only above this many bytes per pixel; 0: always.
 * Chromium's optimizeForSpeed encoder (rows filtered Up, zlib level 1) writes
 * 1.1–2.3× the bytes of its default encoder; packPng brings both benchmark
 * cards within 1.1× of it (0.53× and 1.06×) for ~13–19 ms of CPU, mostly on
 * the thread pool (ADR 0049, docs/benchmarks.md), so there is no size worth
 * shipping loose once re-packing is asked for.
 */
export const PNG_REENCODE_BYTES_PER_PIXEL = 0;

/** zlib level of the general encoder, for PNGs packPng does not handle (a resize, an unusual layout). */
const FALLBACK_PNG_LEVEL = 6;

/**
 * What to ask Chromium for. Measured (README): its JPEG encoder is the fastest
 * path of all (58 renders/s at concurrency 4 vs 49 through sharp); its WebP
 * encoder runs one capture at a time (15–21/s), so WebP is encoded by sharp
 * from the fast PNG (22–34/s).
 */
export function captureFormatFor(format: ImageFormat): 'png' | 'jpeg' {
  return format === 'jpeg' ? 'jpeg' : 'png';
}

/**
 * Turns Chromium's capture (in captureFormatFor(format)) into the requested
 * format. The optimizeForSpeed PNG is re-packed losslessly by packPng
 * (see PNG_REENCODE_BYTES_PER_PIXEL). An output whose size is not the requested
 * one is resized: a safety net, Chromium's clip is exact.
 */
export async function finishImage(input: {
  bytes: Buffer;
  format: ImageFormat;
  quality: number;
  width: number;
  height: number;
  /** Overrides PNG_REENCODE_BYTES_PER_PIXEL: 0 always re-encodes, Infinity never does. */
  pngReencodeBytesPerPixel?: number;
}): Promise<Buffer> {
  const { format, width, height } = input;
  const threshold = input.pngReencodeBytesPerPixel ?? PNG_REENCODE_BYTES_PER_PIXEL;
  const captured = captureFormatFor(format);
  const actual = imageSize(input.bytes) ?? (await sharp(input.bytes).metadata());
  const sizeIsRight = actual.width === width && actual.height === height;
  const worthShrinking = format === 'png' && input.bytes.length > threshold * width * height;
  if (captured === format && sizeIsRight && !worthShrinking) return input.bytes;
  if (format === 'png' && sizeIsRight) {
    const repacked = await packPng(input.bytes);
    if (repacked) return repacked.length < input.bytes.length ? repacked : input.bytes;
  }
  let pipeline = sharp(input.bytes);
  if (!sizeIsRight) pipeline = pipeline.resize(width, height, { fit: 'fill' });
  switch (format) {
    case 'png':
      return pipeline.png({ compressionLevel: FALLBACK_PNG_LEVEL, adaptiveFiltering: false }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality: chromiumQuality(input.quality) }).toBuffer();
    case 'webp':
      // effort 0: the default (4) measured about 2× the time for ~38 % smaller files.
      return pipeline.webp({ quality: chromiumQuality(input.quality), effort: 0 }).toBuffer();
  }
}

/** 0–1 as the API takes it, 1–100 as encoders take it. */
export function chromiumQuality(quality: number): number {
  return Math.min(100, Math.max(1, Math.round(quality * 100)));
}

/** Reads the size from a PNG header without decoding (the common case); other formats return null. */
function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
