import { readFileSync } from 'node:fs';
import { sniffFormat } from './sniff.js';

describe('sniffFormat', () => {
  it.each([
    [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'png'],
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    [Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'webp'],
    [Buffer.from('OTTO\0\0'), 'otf'],
    [Buffer.from('wOF2\0\0'), 'woff2'],
    [Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand --><svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'), 'ttf'],
  ])('recognises %#', (bytes, format) => {
    expect(sniffFormat(bytes)).toBe(format);
  });

  it.each([[Buffer.from('hello, not a font')], [Buffer.from('<html><svg></svg></html>')], [Buffer.from('GIF89a')], [Buffer.alloc(0)]])(
    'refuses %#',
    (bytes) => {
      expect(sniffFormat(bytes)).toBeNull();
    },
  );
});
