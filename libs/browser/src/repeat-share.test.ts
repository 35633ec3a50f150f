import { DRAWN_REPEAT_SHARE, repeatShare } from './repeat-share.js';

const WIDTH = 300;
const HEIGHT = 40;
const BPP = 3;

/** Deterministic noise (a 32-bit xorshift), so the test sees the same bytes on every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 255;
  };
}

/** An RGB picture from a per-byte function, as bare rows or as PNG rows (a filter byte first). */
function picture(byte: (x: number, y: number, c: number) => number, withFilterBytes: boolean): Uint8Array {
  const stride = WIDTH * BPP + (withFilterBytes ? 1 : 0);
  const data = new Uint8Array(stride * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++)
      for (let c = 0; c < BPP; c++) data[y * stride + (withFilterBytes ? 1 : 0) + x * BPP + c] = byte(x, y, c);
  return data;
}

const share = (data: Uint8Array, withFilterBytes: boolean) =>
  repeatShare({ data, height: HEIGHT, stride: WIDTH * BPP + (withFilterBytes ? 1 : 0), skip: withFilterBytes ? 1 : 0, bpp: BPP });

describe('repeatShare', () => {
  const random = noise(7);
  // Every pixel of the colour of its diagonal: each row is the row above shifted by a pixel, as Skia draws a 135° gradient.
  const diagonalColours = Array.from({ length: WIDTH + HEIGHT }, () => [random(), random(), random()]);
  const grain = noise(11);
  const grainy = Array.from({ length: WIDTH * HEIGHT * BPP }, () => grain());

  it.each([false, true])(
    'counts flat colour and rows that repeat the row above shifted by a pixel as repeats (filter bytes: %s)',
    (filterBytes) => {
      expect(
        share(
          picture(() => 200, filterBytes),
          filterBytes,
        ),
      ).toBe(1);
      const diagonal = share(
        picture((x, y, c) => diagonalColours[x + y]![c]!, filterBytes),
        filterBytes,
      );
      expect(diagonal).toBeGreaterThan(0.95);
    },
  );

  it.each([false, true])('finds almost no repeats in photographic grain (filter bytes: %s)', (filterBytes) => {
    const value = share(
      picture((x, y, c) => grainy[(y * WIDTH + x) * BPP + c]!, filterBytes),
      filterBytes,
    );
    expect(value).toBeLessThan(0.05);
    expect(value).toBeLessThan(DRAWN_REPEAT_SHARE);
  });

  it('sees drawn content above the threshold and a half-photo picture below it', () => {
    // Left half flat colour, right half grain: half the bytes repeat.
    const half = share(
      picture((x, y, c) => (x < WIDTH / 2 ? 90 : grainy[(y * WIDTH + x) * BPP + c]!), false),
      false,
    );
    expect(half).toBeGreaterThan(0.4);
    expect(half).toBeLessThan(0.6);
  });

  it('answers 0 for a picture with fewer than three rows', () => {
    expect(repeatShare({ data: new Uint8Array(WIDTH * BPP * 2), height: 2, stride: WIDTH * BPP, skip: 0, bpp: BPP })).toBe(0);
  });
});
