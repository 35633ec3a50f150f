import { readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { FontParseError, readFontInfo } from './font-name.js';

const DEJAVU_SERIF_BOLD_ITALIC = '/usr/share/fonts/truetype/dejavu/DejaVuSerif-BoldItalic.ttf';

/** A name table with one Windows UTF-16BE record. */
function nameTable(nameId: number, value: string): Buffer {
  const text = Buffer.from(value, 'utf16le').swap16();
  const header = Buffer.alloc(6 + 12);
  header.writeUInt16BE(0, 0);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(18, 4);
  [3, 1, 0x409, nameId, text.length, 0].forEach((v, i) => header.writeUInt16BE(v, 6 + i * 2));
  return Buffer.concat([header, text]);
}

function os2Table(weight: number, italic: boolean): Buffer {
  const os2 = Buffer.alloc(78);
  os2.writeUInt16BE(weight, 4);
  os2.writeUInt16BE(italic ? 1 : 0x40, 62);
  return os2;
}

/** A minimal WOFF2 holding `name` (known tag 5) and `OS/2` (known tag 6), null-transformed. */
function woff2(tables: [number, Buffer][]): Buffer {
  const directory = Buffer.concat(
    tables.map(([index, data]) => {
      if (data.length >= 128) throw new Error('keep test tables under 128 bytes (one base128 byte)');
      return Buffer.from([index, data.length]);
    }),
  );
  const compressed = brotliCompressSync(Buffer.concat(tables.map(([, data]) => data)));
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(48 + directory.length + compressed.length, 8);
  header.writeUInt16BE(tables.length, 12);
  header.writeUInt32BE(compressed.length, 20);
  return Buffer.concat([header, directory, compressed]);
}

describe('readFontInfo', () => {
  it('reads family, weight and style of a real TrueType font', () => {
    expect(readFontInfo(readFileSync(DEJAVU_SERIF_BOLD_ITALIC))).toEqual({ family: 'DejaVu Serif', weight: 700, style: 'italic' });
  });

  it('reads the name table out of the Brotli stream of a WOFF2', () => {
    const font = woff2([
      [5, nameTable(1, 'Acme Display')],
      [6, os2Table(300, false)],
    ]);
    expect(readFontInfo(font)).toEqual({ family: 'Acme Display', weight: 300, style: 'normal' });
  });

  it('prefers the typographic family over the legacy one', () => {
    const both = nameTable(1, 'Acme Light');
    const typographic = nameTable(16, 'Acme');
    // Rewrite counts/offsets of the hand-joined table: two records, strings after both.
    const table = Buffer.concat([
      both.subarray(0, 6),
      both.subarray(6, 18),
      typographic.subarray(6, 18),
      both.subarray(18),
      typographic.subarray(18),
    ]);
    table.writeUInt16BE(2, 2);
    table.writeUInt16BE(30, 4);
    table.writeUInt16BE(both.length - 18, 18 + 10);
    expect(readFontInfo(woff2([[5, table]])).family).toBe('Acme');
  });

  it('refuses a WOFF2 whose data does not decompress', () => {
    const font = woff2([[5, nameTable(1, 'X')]]);
    font.fill(0x55, 50);
    expect(() => readFontInfo(font)).toThrow(FontParseError);
  });

  it('refuses a truncated TrueType file and one without a name table', () => {
    const real = readFileSync(DEJAVU_SERIF_BOLD_ITALIC);
    expect(() => readFontInfo(real.subarray(0, 200))).toThrow(FontParseError);
    const noName = Buffer.from(real);
    for (let i = 0; i < noName.readUInt16BE(4); i++)
      if (noName.toString('latin1', 12 + i * 16, 16 + i * 16) === 'name') noName.write('xxxx', 12 + i * 16, 'latin1');
    expect(() => readFontInfo(noName)).toThrow(/no name table/);
  });

  it('refuses a family name that could break out of CSS', () => {
    expect(() => readFontInfo(woff2([[5, nameTable(1, 'Evil"}body{')]]))).toThrow(/CSS/);
  });
});
