/**
 * How much of a picture is exact repeats of nearby pixels: the share of the
 * bytes of a few sampled rows that lie in runs of at least MIN_RUN bytes equal
 * to the bytes one or two pixels to the left, one or two rows above, or one row
 * above shifted a pixel either way.
 *
 * It tells which PNG packing wins (docs/benchmarks.md, "PNG size"): drawn
 * content (text, flat colour, Skia's dithered gradients, whose rows repeat each
 * other shifted by a pixel with a 2×2 dither period) is mostly such runs, and
 * packs best unfiltered with a match-searching deflate; photographic content has
 * almost none (measured on 1200×630 captures: gradient cards 0.65–0.75, text and
 * dashboards > 0.9, photos and noise < 0.05, half photo half gradient 0.3) and
 * packs best filtered with a plain entropy coder. A sample of 8 rows costs well
 * under a millisecond, against ~10 ms for compressing sample bands both ways.
 */
export function repeatShare(rows: {
  data: Uint8Array;
  height: number;
  /** Bytes per row in `data`, a filter byte included if there is one. */
  stride: number;
  /** Where a row's pixels start after its first byte: 1 past a PNG filter byte, else 0. */
  skip: 0 | 1;
  /** Bytes per pixel. */
  bpp: number;
}): number {
  const { data, height, stride, skip, bpp } = rows;
  if (height < 3) return 0;
  const offsets = [bpp, 2 * bpp, stride, 2 * stride, stride - bpp, stride + bpp];
  let covered = 0;
  let total = 0;
  for (let k = 0; k < SAMPLE_ROWS; k++) {
    // Rows from the third on (two rows above exist), spread evenly.
    const y = 2 + Math.floor(((height - 2) * (2 * k + 1)) / (2 * SAMPLE_ROWS));
    const end = y * stride + stride;
    const start = y * stride + skip + 2 * bpp;
    for (let i = start; i < end;) {
      // A long enough run starting anywhere in i…i+MIN_RUN-1 covers the byte at i+MIN_RUN-1: when that byte
      // repeats at no offset, none does, and the scan can step MIN_RUN at once (most steps, on a photo).
      const last = i + MIN_RUN - 1;
      if (last < end && offsets.every((d) => data[last] !== data[last - d])) {
        i += MIN_RUN;
        continue;
      }
      let best = 0;
      for (const d of offsets) {
        let n = 0;
        while (n < MAX_RUN && i + n < end && data[i + n] === data[i + n - d]) n++;
        if (n > best) best = n;
      }
      if (best >= MIN_RUN) {
        covered += best;
        i += best;
      } else i++;
    }
    total += end - start;
  }
  return total === 0 ? 0 : covered / total;
}

/**
 * Above this share, pack unfiltered with matches; below, filtered with an
 * entropy coder. Halfway between the classes measured (see repeatShare); a
 * half-photo, half-gradient card (0.3) goes the photo's way, which is the
 * smaller of the two for it too.
 */
export const DRAWN_REPEAT_SHARE = 0.5;

const SAMPLE_ROWS = 8;
/** A run shorter than this is a coincidence a deflate match would barely pay for. */
const MIN_RUN = 8;
/** Bounds the work per step; a longer run is simply found again from where this one stops. */
const MAX_RUN = 64;
