import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { contentTypeFromKey } from './content-type.js';
import { assertSafeKey, type Storage, type StoredObject } from './storage.js';

export interface DiskStorageOptions {
  /** Root directory; created when missing. */
  dir: string;
  /** fsync each file before it is renamed into place (default true): survives power loss, costs a few ms. */
  fsync?: boolean;
}

/**
 * Internal file names contain `~`, a character assertSafeKey never lets into a key,
 * so no key can ever name (or traverse into) a sidecar or a temp file.
 */
const META_SUFFIX = '~meta.json';
const TMP_MARKER = '~tmp-';

interface Sidecar {
  contentType: string;
}

/**
 * Objects as plain files under `dir` (`<dir>/renders/img_x.png`), the content type in a
 * sidecar beside each (`<dir>/renders/img_x.png~meta.json`). Every file is written to a
 * temp file in the same directory and renamed into place, so a reader sees the old or
 * the new file, never a half-written one.
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

  async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
    const tmp = `${path}${TMP_MARKER}${randomBytes(6).toString('hex')}`;
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(bytes);
      if (fsync) await handle.sync();
    } catch (err) {
      await handle.close();
      await unlink(tmp).catch(() => {});
      throw err;
    }
    await handle.close();
    try {
      await rename(tmp, path);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    }
  }

  return {
    kind: 'disk',

    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Sidecar first, data second: the data file's appearance is the commit point, so a
      // reader (or a crash) never yields a new object without its content type.
      const sidecar: Sidecar = { contentType };
      await writeAtomically(path + META_SUFFIX, Buffer.from(JSON.stringify(sidecar)));
      await writeAtomically(path, bytes);
    },

    async get(key): Promise<StoredObject | null> {
      const path = pathOf(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      return { bytes, contentType: await readContentType(path, key) };
    },

    async delete(key) {
      const path = pathOf(key);
      // Data first: once it is gone the object is gone, whatever happens to the sidecar.
      await unlinkIfPresent(path);
      await unlinkIfPresent(path + META_SUFFIX);
    },

    async healthy() {
      try {
        await access(root, constants.R_OK | constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },

    async close() {},
  };
}

async function readContentType(path: string, key: string): Promise<string> {
  try {
    const sidecar = JSON.parse(await readFile(path + META_SUFFIX, 'utf8')) as Partial<Sidecar>;
    if (typeof sidecar.contentType === 'string' && sidecar.contentType) return sidecar.contentType;
  } catch (err) {
    if (!isMissing(err) && !(err instanceof SyntaxError)) throw err;
  }
  return contentTypeFromKey(key);
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
