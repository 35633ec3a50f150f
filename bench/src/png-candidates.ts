import { CompressionType, FilterType, Transformer } from '@napi-rs/image';
import { packPng, recompressPng } from '@pressroom/browser';
import sharp from 'sharp';

/** Turns Chromium's fast PNG (optimizeForSpeed) into the candidate's PNG. */
export type Encode = (fast: Buffer) => Promise<Buffer>;

export interface Candidate {
  name: string;
  /** null: Chromium's default encoder (captured with optimizeForSpeed off), nothing after. */
  encode: Encode | null;
}

const napi =
  (compressionType: CompressionType, filterType: FilterType): Encode =>
  (fast) =>
    new Transformer(fast).png({ compressionType, filterType });

function repack(options: Parameters<typeof recompressPng>[1]): Encode {
  return async (fast) => (await recompressPng(fast, options)) ?? fast;
}

/** Measured for bytes, CPU and throughput (png-bench.ts); every one also for CPU per encode (png-cpu-bench.ts). */
export const PNG_CANDIDATES: Candidate[] = [
  { name: "Chromium's fast PNG as is (the raw loop)", encode: async (fast) => fast },
  { name: "Chromium's default encoder (optimizeForSpeed off)", encode: null },
  {
    name: 'sharp, zlib 6, no filtering (the old `small`)',
    encode: (fast) => sharp(fast).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer(),
  },
  { name: 'sharp, zlib 2, no filtering', encode: (fast) => sharp(fast).png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer() },
  {
    name: 'sharp, zlib 3, adaptive filtering',
    encode: (fast) => sharp(fast).png({ compressionLevel: 3, adaptiveFiltering: true }).toBuffer(),
  },
  { name: '@napi-rs/image, fast deflate, adaptive filter', encode: napi(CompressionType.Fast, FilterType.Adaptive) },
  { name: '@napi-rs/image, default deflate, no filter', encode: napi(CompressionType.Default, FilterType.NoFilter) },
  {
    name: 'packPng (the `small` setting): @napi-rs/image, default deflate unfiltered (drawn) or fast deflate adaptive (photo)',
    encode: async (fast) => (await packPng(fast)) ?? fast,
  },
  { name: 'recompressPng, plain rows + zlib 3 only', encode: repack({ packing: 'plain' }) },
  { name: 'recompressPng, Up rows + zlib RLE only', encode: repack({ packing: 'up-rle' }) },
  { name: 'recompressPng, chosen by repeats, plain at zlib 4', encode: repack({ plainLevel: 4 }) },
  { name: 'recompressPng, chosen by repeats, plain at zlib 3 (its default; `small` before ADR 0049)', encode: repack({}) },
];

/** Measured for bytes and CPU per encode only (png-cpu-bench.ts): cheap to run, not worth a throughput row each. */
export const CPU_ONLY_CANDIDATES: Candidate[] = [
  { name: '@napi-rs/image, fast deflate, filter Up', encode: napi(CompressionType.Fast, FilterType.Up) },
  { name: '@napi-rs/image, fast deflate, filter Sub', encode: napi(CompressionType.Fast, FilterType.Sub) },
  { name: '@napi-rs/image, fast deflate, filter Paeth', encode: napi(CompressionType.Fast, FilterType.Paeth) },
  { name: '@napi-rs/image, fast deflate, no filter', encode: napi(CompressionType.Fast, FilterType.NoFilter) },
  { name: '@napi-rs/image, default deflate, filter Up', encode: napi(CompressionType.Default, FilterType.Up) },
  { name: '@napi-rs/image, best deflate, no filter', encode: napi(CompressionType.Best, FilterType.NoFilter) },
  { name: 'recompressPng, plain rows + zlib 1 only', encode: repack({ packing: 'plain', plainLevel: 1 }) },
];
