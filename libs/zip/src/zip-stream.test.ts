import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from './crc32.js';
import { zipStream } from './zip-stream.js';

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('crc32', () => {
  it('matches the standard check values', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(Buffer.from('The quick brown fox jumps over the lazy dog'))).toBe(0x414fa339);
  });
});

describe('zipStream', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'pressroom-zip-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes an archive unzip lists, tests and extracts byte for byte', async () => {
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    async function* entries() {
      yield { name: 'a.png', bytes: binary, modifiedAt: new Date('2030-05-06T07:08:10Z') };
      yield { name: 'dir/été.txt', bytes: Buffer.from('bonjour') };
      yield { name: 'a.png', bytes: Buffer.from('second') };
      yield { name: 'empty', bytes: Buffer.alloc(0) };
    }
    const archive = join(dir, 'out.zip');
    await writeFile(archive, await collect(zipStream(entries())));

    expect(execFileSync('unzip', ['-tq', archive]).toString()).toMatch(/No errors detected/);
    const listing = execFileSync('unzip', ['-Z1', archive], { env: { ...process.env, LC_ALL: 'C.UTF-8' } })
      .toString()
      .trim()
      .split('\n');
    expect(listing).toEqual(['a.png', 'dir/été.txt', 'a (2).png', 'empty']);
    expect(execFileSync('unzip', ['-Z', '-l', archive]).toString()).toMatch(/70000\s+\S+\s+70000\s+stor\s+30-May-06 07:08 a\.png/);
    execFileSync('unzip', ['-q', archive, '-d', join(dir, 'x')], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    expect((await readFile(join(dir, 'x', 'a.png'))).equals(binary)).toBe(true);
    expect(await readFile(join(dir, 'x', 'dir', 'été.txt'), 'utf8')).toBe('bonjour');
    expect(await readFile(join(dir, 'x', 'a (2).png'), 'utf8')).toBe('second');
  });

  it('writes a valid empty archive', async () => {
    const bytes = await collect(zipStream([]));
    expect(bytes).toHaveLength(22);
    expect(bytes.readUInt32LE(0)).toBe(0x06054b50);
  });
});
