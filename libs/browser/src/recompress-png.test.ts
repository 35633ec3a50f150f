import { recompressPng } from './recompress-png.js';
import { captureCards, pixels, rgbaSample, rowFilters, unusualPngs, type CardCaptures } from './test-support/png-samples.js';

describe('recompressPng', () => {
  let captures: Record<'gradient' | 'photo', CardCaptures>;

  beforeAll(async () => {
    captures = await captureCards();
  }, 60_000);

  it.each(['gradient', 'photo'] as const)(
    "keeps every pixel of Chromium's fast %s PNG and is no larger than Chromium's default encoder makes it",
    async (name) => {
      const { fast, chromiumDefault } = captures[name];
      const small = await recompressPng(fast);
      expect(small).not.toBeNull();
      const [before, after] = await Promise.all([pixels(fast), pixels(small!)]);
      expect([after.width, after.height, after.channels]).toEqual([1200, 630, before.channels]);
      expect(after.data.equals(before.data)).toBe(true);
      expect(small!.length).toBeLessThanOrEqual(chromiumDefault.length * 1.1);
      expect(small!.length).toBeLessThan(fast.length);
    },
  );

  it('packs drawn content unfiltered and photographic content filtered Up', async () => {
    expect(rowFilters((await recompressPng(captures.gradient.fast))!)).toEqual(new Set([0]));
    const photo = rowFilters((await recompressPng(captures.photo.fast))!);
    expect(photo.has(2)).toBe(true);
    expect([...photo].every((type) => type === 0 || type === 2)).toBe(true);
  });

  it('undoes every PNG row filter and keeps an alpha channel (RGBA input filtered adaptively by libpng)', async () => {
    const { png, raw, width, height } = await rgbaSample();
    expect(rowFilters(png).size).toBeGreaterThan(1);
    for (const packing of ['plain', 'up-rle'] as const) {
      const output = await recompressPng(png, { packing });
      const decoded = await pixels(output!);
      expect([decoded.width, decoded.height, decoded.channels]).toEqual([width, height, 4]);
      expect(decoded.data.equals(raw)).toBe(true);
    }
  });

  it('declines what it does not handle: a palette PNG, 16-bit, and bytes that are not a PNG', async () => {
    for (const png of await unusualPngs()) expect(await recompressPng(png)).toBeNull();
  });
});
