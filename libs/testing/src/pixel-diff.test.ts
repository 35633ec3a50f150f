import sharp from 'sharp';
import { bytesOfDataUrl, comparePixels, rgbOverWhite, type RawImage } from './pixel-diff.js';

const solid = (width: number, height: number, rgb: [number, number, number]): RawImage => {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return { width, height, channels: 3, data };
};

test('identical images differ in no pixel', () => {
  expect(comparePixels(solid(4, 3, [10, 20, 30]), solid(4, 3, [10, 20, 30]))).toEqual({ differing: 0, total: 12, share: 0, box: null });
});

test('a channel within the tolerance is the same pixel; beyond it, the pixel differs and is boxed', () => {
  const a = solid(10, 10, [100, 100, 100]);
  const b = solid(10, 10, [100, 100, 100]);
  b.data.set([116, 84, 100], (2 * 10 + 3) * 3); // exactly the tolerance (16): same
  b.data.set([100, 100, 117], (5 * 10 + 7) * 3); // 17 on blue only: differs
  b.data.set([0, 100, 100], (8 * 10 + 1) * 3);
  const diff = comparePixels(a, b);
  expect(diff.differing).toBe(2);
  expect(diff.share).toBeCloseTo(0.02);
  expect(diff.box).toEqual({ left: 1, top: 5, right: 7, bottom: 8 });
  expect(comparePixels(a, b, { tolerance: 0 }).differing).toBe(3);
  expect(comparePixels(a, b, { tolerance: 255 }).differing).toBe(0);
});

test('images of different sizes are refused, not compared', () => {
  expect(() => comparePixels(solid(2, 2, [0, 0, 0]), solid(2, 3, [0, 0, 0]))).toThrow(/2×2×3 image with a 2×3×3/);
});

test('decoded over white: a transparent PNG equals a white one, whatever its invisible colour', async () => {
  const transparentRed = await sharp({ create: { width: 3, height: 2, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  const white = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const a = await rgbOverWhite(transparentRed);
  expect(a).toMatchObject({ width: 3, height: 2, channels: 3 });
  expect(comparePixels(a, await rgbOverWhite(white)).differing).toBe(0);
  const dataUrl = `data:image/png;base64,${white.toString('base64')}`;
  expect(bytesOfDataUrl(dataUrl).equals(white)).toBe(true);
  expect(() => bytesOfDataUrl('https://example.com/a.png')).toThrow();
});
