import { brotliDecompressSync } from 'node:zlib';

/** What a font file says about itself: the family to use in CSS `font-family` and in canvas text. */
export interface FontInfo {
  family: string;
  /** usWeightClass from the OS/2 table (400 when the table is missing). */
  weight: number;
  style: 'normal' | 'italic';
}

export class FontParseError extends Error {}

interface TableData {
  get(tag: string): Buffer | undefined;
}

const fail = (message: string): never => {
  throw new FontParseError(message);
};

function slice(bytes: Buffer, offset: number, length: number): Buffer {
  if (offset < 0 || length < 0 || offset + length > bytes.length) fail('a table lies outside the file');
  return bytes.subarray(offset, offset + length);
}

/** TrueType / OpenType: a table directory of (tag, checksum, offset, length). */
function sfntTables(bytes: Buffer): TableData {
  if (bytes.length < 12) fail('the file is too short for a font header');
  const count = bytes.readUInt16BE(4);
  if (count === 0 || count > 512 || 12 + count * 16 > bytes.length) fail('the table directory is damaged');
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.set(bytes.toString('latin1', at, at + 4), slice(bytes, bytes.readUInt32BE(at + 8), bytes.readUInt32BE(at + 12)));
  }
  return tables;
}

// WOFF2 spec §5.1: a 6-bit index into this list replaces the common tags.
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS ' +
  'GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop ' +
  'trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}\s?/g)!
  .map((t) => t.slice(0, 4));

function readBase128(bytes: Buffer, cursor: { at: number }): number {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (cursor.at >= bytes.length) fail('the WOFF2 table directory is truncated');
    const byte = bytes[cursor.at++]!;
    if (i === 0 && byte === 0x80) fail('the WOFF2 table directory is damaged');
    if (value & 0xfe000000) fail('the WOFF2 table directory is damaged');
    value = (value << 7) | (byte & 0x7f);
    if ((byte & 0x80) === 0) return value >>> 0;
  }
  return fail('the WOFF2 table directory is damaged');
}

/** WOFF2: a compact directory, then every table in one Brotli stream (glyf/loca/hmtx may be transformed; name never is). */
function woff2Tables(bytes: Buffer): TableData {
  if (bytes.length < 48) fail('the file is too short for a WOFF2 header');
  if (bytes.toString('latin1', 4, 8) === 'ttcf') fail('font collections are not supported');
  const count = bytes.readUInt16BE(12);
  const compressedSize = bytes.readUInt32BE(20);
  if (count === 0 || count > 512) fail('the WOFF2 table directory is damaged');
  const cursor = { at: 48 };
  const entries: { tag: string; length: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (cursor.at >= bytes.length) fail('the WOFF2 table directory is truncated');
    const flags = bytes[cursor.at++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = bytes.toString('latin1', cursor.at, cursor.at + 4);
      cursor.at += 4;
    }
    if (tag === undefined) fail('the WOFF2 table directory names an unknown table');
    const origLength = readBase128(bytes, cursor);
    const version = flags >> 6;
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0;
    const length = transformed ? readBase128(bytes, cursor) : origLength;
    entries.push({ tag: tag!, length });
  }
  let stream: Buffer;
  try {
    stream = brotliDecompressSync(slice(bytes, cursor.at, compressedSize), { maxOutputLength: 64 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof FontParseError) throw error;
    return fail('the WOFF2 font data does not decompress');
  }
  const tables = new Map<string, Buffer>();
  let offset = 0;
  for (const entry of entries) {
    tables.set(entry.tag, slice(stream, offset, entry.length));
    offset += entry.length;
  }
  return tables;
}

function decodeName(platform: number, encoding: number, raw: Buffer): string | null {
  if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10 || encoding === 0))) {
    const swapped = Buffer.from(raw.subarray(0, raw.length - (raw.length % 2)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  if (platform === 1 && encoding === 0) return raw.toString('latin1');
  return null;
}

/** The best family name: typographic family (16) over legacy family (1); Windows English over other records. */
function familyOf(name: Buffer): string {
  if (name.length < 6) fail('the name table is damaged');
  const count = name.readUInt16BE(2);
  const storage = name.readUInt16BE(4);
  let best: { score: number; value: string } | null = null;
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12;
    if (at + 12 > name.length) fail('the name table is damaged');
    const [platform, encoding, language, nameId, length, offset] = [0, 2, 4, 6, 8, 10].map((d) => name.readUInt16BE(at + d)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (nameId !== 1 && nameId !== 16) continue;
    if (storage + offset + length > name.length) continue;
    const value = decodeName(platform, encoding, name.subarray(storage + offset, storage + offset + length))?.trim();
    if (!value) continue;
    const score = (nameId === 16 ? 100 : 0) + (platform === 3 ? 10 : 0) + (language === 0x409 || platform === 0 ? 5 : 0);
    if (!best || score > best.score) best = { score, value };
  }
  return best?.value ?? fail('the font has no family name');
}

/** Read the family, weight and style of a TTF, OTF or WOFF2 file; FontParseError when it is not a usable font. */
export function readFontInfo(bytes: Buffer): FontInfo {
  const signature = bytes.toString('latin1', 0, 4);
  const tables = signature === 'wOF2' ? woff2Tables(bytes) : sfntTables(bytes);
  const name = tables.get('name') ?? fail('the font has no name table');
  const family = familyOf(name);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f"\\<>{};]/.test(family) || family.length > 200) fail('the family name contains characters CSS cannot carry safely');
  const os2 = tables.get('OS/2');
  const weight = os2 && os2.length >= 6 ? os2.readUInt16BE(4) : 400;
  const italic = os2 && os2.length >= 64 ? (os2.readUInt16BE(62) & 1) === 1 : false;
  return { family, weight: weight >= 1 && weight <= 1000 ? weight : 400, style: italic ? 'italic' : 'normal' };
}
