import { randomUUID } from 'node:crypto';
import { access, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { GifWriter, gifDelaysCs } from './encode-gif.js';

describe('gifDelaysCs', () => {
  it('spreads hundredths so the total is exact', () => {
    expect(gifDelaysCs(6, 15)).toEqual([7, 7, 6, 7, 7, 6]);
    expect(gifDelaysCs(10, 10)).toEqual(Array(10).fill(10));
    expect(gifDelaysCs(6, 24)).toEqual([5, 4, 4, 4, 4, 4]);
    for (const fps of [10, 15, 24]) {
      for (const frames of [1, 7, 30, 720])
        expect(gifDelaysCs(frames, fps).reduce((a, b) => a + b, 0)).toBe(Math.ceil((100 * frames) / fps - 1e-9));
    }
  });
});

describe('GifWriter', () => {
  const tempGif = () => join(tmpdir(), `gif-writer-test-${randomUUID()}.gif`);

  it('writes a looping GIF file with one palette per frame', async () => {
    const path = tempGif();
    const writer = new GifWriter(4, 2, 3, 15, path);
    for (let index = 0; index < 3; index++) {
      const rgba = Buffer.alloc(4 * 2 * 4);
      for (let p = 0; p < 8; p++) rgba.set([index === 0 ? 255 : 0, index === 1 ? 255 : 0, index === 2 ? 255 : 0, 255], p * 4);
      writer.addFrame({ index, rgba, width: 4, height: 2, timeMs: index * 66 });
    }
    await writer.finish();
    const bytes = await readFile(path);
    await rm(path);
    const meta = await sharp(bytes, { pages: -1 }).metadata();
    expect([meta.pages, meta.width, meta.pageHeight, meta.loop]).toEqual([3, 4, 2, 0]);
    expect(meta.delay).toEqual([70, 70, 60]);
    const { data } = await sharp(bytes, { page: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 255, 0]);
    expect(writer.animationLength).toBe(0.2);
  });

  it('refuses a frame of the wrong size or one too many; a discarded GIF leaves no file', async () => {
    const path = tempGif();
    const writer = new GifWriter(2, 2, 1, 10, path);
    expect(() => writer.addFrame({ index: 0, rgba: Buffer.alloc(3 * 3 * 4), width: 3, height: 3, timeMs: 0 })).toThrow(/expected 2×2/);
    writer.addFrame({ index: 0, rgba: Buffer.alloc(16), width: 2, height: 2, timeMs: 0 });
    expect(() => writer.addFrame({ index: 1, rgba: Buffer.alloc(16), width: 2, height: 2, timeMs: 0 })).toThrow(/more than/);
    await writer.discard();
    await expect(access(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a GIF discarded before its file has opened leaves no file either', async () => {
    // The file opens asynchronously; before discard waited for the stream to close, about one in ten
    // of these left the file behind (the open landed after the delete).
    for (let i = 0; i < 50; i++) {
      const path = tempGif();
      await new GifWriter(2, 2, 1, 10, path).discard();
      await new Promise((resolve) => setTimeout(resolve, 2));
      await expect(access(path)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });
});
