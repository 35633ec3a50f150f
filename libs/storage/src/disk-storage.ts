import { randomBytes } from 'node:crypto';
import { closeSync, constants, createWriteStream, existsSync, openSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { access, mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { contentTypeFromKey } from './content-type.js';
import { assertSafeKey, type ObjectInfo, type PutBody, type Storage } from './storage.js';
import { bodyStream, readAll } from './streams.js';

export interface DiskStorageOptions {
  /** Root directory; created when missing. */
  dir: string;
  /** fsync each file before it is renamed into place (default true): survives power loss, costs a few ms. */
  fsync?: boolean;
}

/**
 * Bytes in memory up to this size, not fsynced, are written with synchronous calls on the calling
 * thread (docs/adr/0055-small-files-written-in-place.md): five file-system calls in a row through
 * libuv's thread pool were 1.3–2.9 ms of a 1-page PDF request, most of it hand-overs between threads.
 */
export const SYNC_WRITE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Internal file names contain `~`, a character assertSafeKey never lets into a key,
 * so no key can ever name (or traverse into) a sidecar or a temp file.
 */
const META_SUFFIX = '~meta.json';
const TMP_MARKER = '~tmp-';

interface Sidecar {
  contentType: string;
  /** sha256 of the bytes, hex: written until 2026-11-28, still the ETag of those objects. */
  sha256?: string;
}

/**
 * Objects as plain files under `dir` (`<dir>/renders/img_x.png`); a content type the key's
 * extension does not name in a sidecar beside it (`<dir>/renders/img_x.bin~meta.json`). Every file is
 * streamed to a temp file in the same directory and renamed into place, so a reader sees
 * the old or the new file, never a half-written one.
 */
export async function createDiskStorage(options: DiskStorageOptions): Promise<Storage> {
  const root = resolve(options.dir);
  const fsync = options.fsync ?? true;
  await mkdir(root, { recursive: true });

  function pathOf(key: string): string {
    assertSafeKey(key);
    const path = join(root, key);
    // Defence in depth: assertSafeKey already forbids `..`, absolute keys and empty segments.
    if (!path.startsWith(root + sep)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
    return path;
  }

  /** Directories known to exist: a mkdir per write was ~2 % of an image render's CPU (issue 18). */
  const madeDirs = new Set<string>();
  async function ensureDir(dir: string): Promise<void> {
    if (madeDirs.has(dir)) return;
    await mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  }

  /**
   * Unique per write: this storage's random prefix (another process on the same directory has its own)
   * and a counter. Not random bytes per write: those were ~0.1 ms of CPU per render (issue 18).
   */
  const tempPrefix = `${TMP_MARKER}${randomBytes(6).toString('hex')}-`;
  let tempCount = 0;
  const tempOf = (path: string) => `${path}${tempPrefix}${(++tempCount).toString(36)}`;

  /** Renames a temp file into place, fsyncing it first when `sync` (not yet synced on its way in). */
  async function commit(tmp: string, path: string, sync: boolean): Promise<void> {
    try {
      if (sync) {
        const handle = await open(tmp, 'r+');
        await handle.sync().finally(() => handle.close());
      }
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
  }

  async function infoOf(key: string, path: string, stats: Stats): Promise<ObjectInfo> {
    const sidecar = await readSidecar(path);
    return {
      contentType: sidecar?.contentType || contentTypeFromKey(key),
      size: stats.size,
      etag: sidecar?.sha256 ? `"${sidecar.sha256}"` : etagOf(stats),
    };
  }

  async function putOnce(key: string, body: PutBody, contentType: string): Promise<void> {
    const path = pathOf(key);
    const sidecarPath = path + META_SUFFIX;
    await ensureDir(dirname(path));
    const tmp = tempOf(path);
    // A stream is synced at its rename; bytes in memory through their one handle (docs/adr/0040-pdf-path.md).
    const syncAtRename = body instanceof Uint8Array ? false : fsync;
    if (contentType === contentTypeFromKey(key)) {
      // The key's extension names the type (every render, asset and thumbnail): no sidecar, one file and
      // one rename. A sidecar an earlier put of this key left under another type would outvote the
      // extension: it goes once the new bytes are safely written, before they are renamed in.
      if (!fsync && body instanceof Uint8Array && body.length <= SYNC_WRITE_MAX_BYTES) {
        // The same steps in place (ADR 0055): PGlite, which fsync=false goes with, writes its own files this way.
        putInPlace(tmp, path, sidecarPath, body);
        return;
      }
      await writeData(tmp, body, fsync);
      await unlinkIfPresent(sidecarPath).catch(async (err: unknown) => {
        await unlink(tmp).catch(() => {});
        throw err;
      });
      await commit(tmp, path, syncAtRename);
      return;
    }
    // Data and sidecar go to temp files at the same time; the sidecar is renamed in before the data:
    // the data file's appearance is the commit point, so no reader sees an object without its type.
    const sidecarTmp = tempOf(sidecarPath);
    const written = await Promise.allSettled([
      writeData(tmp, body, fsync),
      writeSynced(sidecarTmp, JSON.stringify({ contentType } satisfies Sidecar), fsync),
    ]);
    const failed = written.find((outcome) => outcome.status === 'rejected');
    if (failed) {
      await Promise.all([unlink(tmp).catch(() => {}), unlink(sidecarTmp).catch(() => {})]);
      throw failed.reason;
    }
    await commit(sidecarTmp, sidecarPath, false).catch(async (err: unknown) => {
      await unlink(tmp).catch(() => {});
      throw err;
    });
    await commit(tmp, path, syncAtRename);
  }

  const storage: Storage = {
    kind: 'disk',

    async put(key, body, contentType) {
      try {
        await putOnce(key, body, contentType);
      } catch (err) {
        // Its directory was removed behind our back since we made it: forgotten, so made again by the next write
        // (this one, at once, when the bytes are in memory; a stream is spent).
        if (!(isMissing(err) && madeDirs.delete(dirname(pathOf(key))) && body instanceof Uint8Array)) throw err;
        await putOnce(key, body, contentType);
      }
    },

    async get(key) {
      const object = await storage.open(key);
      if (!object) return null;
      return { bytes: await readAll(object.body), contentType: object.contentType };
    },

    async head(key) {
      const path = pathOf(key);
      try {
        const stats = await stat(path);
        return stats.isFile() ? await infoOf(key, path, stats) : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async open(key, range) {
      const path = pathOf(key);
      // The open handle pins one version of the file: an overwrite renamed in meanwhile never tears this read.
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // Until the stream owns the handle (it closes it when read to the end or destroyed), every way out
      // closes it here: Node 26 makes a handle left to the garbage collector an uncaught error.
      try {
        const stats = await handle.stat();
        if (stats.isFile()) {
          const found = await infoOf(key, path, stats);
          const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
          return { ...found, body };
        }
      } catch (err) {
        await handle.close();
        throw err;
      }
      // Something other than a file at the key (a directory): not an object.
      await handle.close();
      return null;
    },

    async delete(key) {
      const path = pathOf(key);
      // Data first: once it is gone the object is gone, whatever happens to the sidecar.
      await unlinkIfPresent(path);
      await unlinkIfPresent(path + META_SUFFIX);
    },

    async presign() {
      return null;
    },

    async publicUrl() {
      return null;
    },

    async check() {
      try {
        await access(root, constants.R_OK | constants.W_OK);
        return { ok: true };
      } catch (err) {
        return { ok: false, reason: `the files directory cannot be read and written: ${(err as Error).message}` };
      }
    },

    async close() {},
  };
  return storage;
}

/**
 * The ETag of a file: its size, modification time and inode. Every write renames a new file into place,
 * so a replaced object has a new inode and time (the kernel's file clock ticks in milliseconds, hence
 * the inode too). No digest of the bytes: a SHA-256 of each stored image was ~1 ms of CPU per render (issue 18).
 */
function etagOf(stats: Stats): string {
  return `"${stats.size.toString(16)}-${Math.round(stats.mtimeMs * 1000).toString(16)}-${stats.ino.toString(16)}"`;
}

/**
 * The data to its temp file: bytes in memory (images, PDFs) written and synced through one handle (one
 * after the other, with a reopen per fsync, this was the largest step of a PDF render:
 * docs/adr/0040-pdf-path.md); a stream piped in, synced at its rename. On failure the temp file is gone.
 */
async function writeData(tmp: string, body: PutBody, sync: boolean): Promise<void> {
  try {
    if (body instanceof Uint8Array) await writeSynced(tmp, body, sync);
    else await pipeline(bodyStream(body), createWriteStream(tmp, { flags: 'wx', mode: 0o644 }));
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}

/** Writes a new file (never an existing one), fsynced through the same handle when `sync`. */
async function writeSynced(path: string, data: string | Uint8Array, sync: boolean): Promise<void> {
  const handle = await open(path, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    if (sync) await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readSidecar(path: string): Promise<Partial<Sidecar> | null> {
  try {
    const sidecar = JSON.parse(await readFile(path + META_SUFFIX, 'utf8')) as Partial<Sidecar>;
    return typeof sidecar === 'object' && sidecar ? sidecar : null;
  } catch (err) {
    if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
    return null;
  }
}

/**
 * A small file of bytes in memory, not fsynced, written to its temp file and renamed into place with
 * synchronous calls: the steps of `putOnce` for a key whose extension names the type (a stale sidecar
 * goes once the bytes are written, before the rename). On failure the temp file is gone.
 */
function putInPlace(tmp: string, path: string, sidecarPath: string, body: Uint8Array): void {
  const fd = openSync(tmp, 'wx', 0o644);
  try {
    try {
      for (let written = 0; written < body.length;) written += writeSync(fd, body, written, body.length - written);
    } finally {
      closeSync(fd);
    }
    // Nearly never there: asked first, as a failed unlink makes an error object per put (issue 18).
    if (existsSync(sidecarPath)) {
      try {
        unlinkSync(sidecarPath);
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    renameSync(tmp, path);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      // Already gone, or the directory with it: nothing is left behind either way.
    }
    throw err;
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}

/** ENOTDIR/EISDIR: the key collides with another key's directory (`a` vs `a/b`), so it does not exist as an object. */
function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
