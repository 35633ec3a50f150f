import { deflateSync } from 'node:zlib';
import { readPngThumbnail } from './png-thumbnail.js';

const LIMITS = { bytes: 4096, maxSide: 64 };

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** A real, decodable grey PNG of w×h. */
function png(w: number, h: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((w + 1) * h, 0x80);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('readPngThumbnail', () => {
  it('reads a PNG and its size', () => {
    const read = readPngThumbnail(dataUrl(png(40, 20)), LIMITS);
    expect([read.width, read.height]).toEqual([40, 20]);
    expect(read.bytes.equals(png(40, 20))).toBe(true);
  });

  it('refuses what is not a PNG, naming the field', () => {
    expect(() => readPngThumbnail(dataUrl(Buffer.from('GIF89a........................................')), LIMITS)).toThrow(
      expect.objectContaining({ errors: [{ field: 'image', message: 'it is not a PNG image (no PNG signature and header).' }] }),
    );
  });

  it('refuses too many bytes or pixels, saying the limit', () => {
    expect(() => readPngThumbnail(dataUrl(png(65, 10)), LIMITS)).toThrow(/each side must be 1 to 64 pixels/);
    expect(() => readPngThumbnail(dataUrl(Buffer.concat([png(10, 10), Buffer.alloc(5000)])), LIMITS)).toThrow(/at most 4096 bytes/);
  });
});
