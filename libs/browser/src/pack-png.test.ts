import { packPng } from './pack-png.js';
import { captureCards, pixels, rgbaSample, rowFilters, unusualPngs, type CardCaptures } from './test-support/png-samples.js';

describe('packPng', () => {
  let captures: Record<'gradient' | 'photo', CardCaptures>;

  beforeAll(async () => {
    captures = await captureCards();
  }, 60_000);

  it.each(['gradient', 'photo'] as const)(
    "keeps every pixel of Chromium's fast %s PNG, shrinks it, and stays within 1.1× of Chromium's default encoder",
    async (name) => {
      const { fast, chromiumDefault } = captures[name];
      const packed = await packPng(fast);
      expect(packed).not.toBeNull();
      const [before, after] = await Promise.all([pixels(fast), pixels(packed!)]);
      expect([after.width, after.height, after.channels]).toEqual([1200, 630, before.channels]);
      expect(after.data.equals(before.data)).toBe(true);
      expect(packed!.length).toBeLessThan(fast.length);
      expect(packed!.length).toBeLessThanOrEqual(chromiumDefault.length * 1.1);
    },
  );

  it('packs drawn content unfiltered and photographic content filtered', async () => {
    expect(rowFilters((await packPng(captures.gradient.fast))!)).toEqual(new Set([0]));
    const photo = rowFilters((await packPng(captures.photo.fast))!);
    expect([...photo].some((type) => type !== 0)).toBe(true);
  });

  it('keeps an alpha channel and every pixel of an RGBA PNG', async () => {
    const { png, raw, width, height } = await rgbaSample();
    const decoded = await pixels((await packPng(png))!);
    expect([decoded.width, decoded.height, decoded.channels]).toEqual([width, height, 4]);
    expect(decoded.data.equals(raw)).toBe(true);
  });

  it('declines what it does not handle: a palette PNG, 16-bit, and bytes that are not a PNG', async () => {
    for (const png of await unusualPngs()) expect(await packPng(png)).toBeNull();
  });
});
