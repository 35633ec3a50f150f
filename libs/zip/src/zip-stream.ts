import { crc32 } from './crc32.js';

export interface ZipEntry {
  /** Path inside the archive, `/`-separated, UTF-8. */
  name: string;
  bytes: Buffer;
  modifiedAt?: Date;
}

/** Without ZIP64 an archive holds at most this many entries and offsets below 4 GiB. */
const MAX_ENTRIES = 0xffff;
const MAX_OFFSET = 0xffffffff;
/** Version 2.0 (what a stored entry needs); general-purpose flag bit 11: names are UTF-8. */
const VERSION = 20;
const UTF8_NAMES = 0x0800;
const STORED = 0;
/** "Version made by" host 3 (Unix): the external attributes are a Unix mode, and names are not read as a DOS code page. */
const MADE_ON_UNIX = 3 << 8;

export class ZipLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
  }
}

/** MS-DOS date and time (2-second precision, years 1980–2107). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.min(Math.max(at.getUTCFullYear(), 1980), 2107);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  date: number;
  time: number;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.size, 18); // compressed = uncompressed: stored
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_ON_UNIX | VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(STORED, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.size, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // extra, comment, disk number, internal attributes: 0; external attributes: a regular file, rw-r--r--.
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * A ZIP archive of stored (uncompressed) entries, produced chunk by chunk as
 * the entries arrive, so only one file is in memory at a time. Rendered
 * images are compressed already; deflating them again buys nothing. Names
 * repeated are made unique with a ` (2)` suffix before the extension.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  const names = new Set<string>();
  let offset = 0;
  for await (const entry of entries) {
    if (written.length >= MAX_ENTRIES) throw new ZipLimitError(`A ZIP archive without ZIP64 holds at most ${MAX_ENTRIES} files.`);
    const name = uniqueName(entry.name, names);
    const { date, time } = dosDateTime(entry.modifiedAt ?? new Date());
    const record: Written = { name: Buffer.from(name, 'utf8'), crc: crc32(entry.bytes), size: entry.bytes.length, offset, date, time };
    const header = localHeader(record);
    if (offset + header.length + entry.bytes.length > MAX_OFFSET) throw new ZipLimitError('A ZIP archive without ZIP64 stays under 4 GiB.');
    written.push(record);
    offset += header.length + entry.bytes.length;
    yield header;
    yield entry.bytes;
  }
  const directory = Buffer.concat(written.map(centralHeader));
  yield directory;
  yield endOfDirectory(written.length, directory.length, offset);
}

function uniqueName(wanted: string, taken: Set<string>): string {
  let name = wanted;
  const dot = wanted.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [wanted.slice(0, dot), wanted.slice(dot)] : [wanted, ''];
  for (let n = 2; taken.has(name); n++) name = `${stem} (${n})${ext}`;
  taken.add(name);
  return name;
}
