import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** What ffprobe found in a file (kept with the file, so a cached source is never probed twice). */
export interface MediaStreams {
  video: boolean;
  audio: boolean;
}

/** A cached copy of one source URL, with the validators its server sent. */
export interface CachedMedia {
  readonly url: string;
  readonly path: string;
  readonly size: number;
  readonly etag: string | null;
  readonly lastModified: string | null;
  readonly streams: MediaStreams | null;
}

interface Entry extends CachedMedia {
  /** Jobs serving this file right now: it is not deleted under them. */
  users: number;
  lastUsed: number;
  /** Replaced or evicted while in use: deleted when the last user lets go. */
  dropped: boolean;
}

/**
 * Downloaded video and audio sources of this process, by URL, revalidated on every use with the
 * validators their server sent (`If-None-Match` / `If-Modified-Since`): a 304 reuses the file and
 * its probe, so a timeline rendered again does not download and probe its media again. Only
 * answers with an ETag or Last-Modified (and without `no-store`) are kept. At most `maxBytes` on
 * disk: the least recently used entries no job is using are deleted first; a file larger than the
 * whole cache is never kept. The directory is this process's own and is removed by `close`.
 */
export interface MediaCache {
  /** The cached copy of `url`, pinned for the caller until `release`; undefined when there is none. */
  acquire(url: string): CachedMedia | undefined;
  /**
   * Takes over the downloaded file at `path` (moved into the cache, same file system) as the copy of
   * `url`, pinned for the caller. Returns null when it is not kept (no validator, too large): the
   * file then stays where it is, the caller's.
   */
  admit(file: Omit<CachedMedia, 'path'> & { path: string; cacheControl: string | null }): Promise<CachedMedia | null>;
  release(media: CachedMedia): Promise<void>;
  /** Bytes kept on disk. */
  readonly bytes: number;
  close(): Promise<void>;
}

export async function createMediaCache(options: { parentDir: string; maxBytes: number }): Promise<MediaCache> {
  const dir = await mkdtemp(join(options.parentDir, 'media-cache-'));
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const remove = async (entry: Entry) => {
    await rm(entry.path, { force: true });
  };
  const drop = async (entry: Entry) => {
    if (entries.get(entry.url) === entry) entries.delete(entry.url);
    if (!entry.dropped) bytes -= entry.size;
    entry.dropped = true;
    if (entry.users === 0) await remove(entry);
  };
  /** Least recently used first, skipping files in use, until `incoming` more bytes fit. */
  const makeRoom = async (incoming: number) => {
    const idle = [...entries.values()].filter((entry) => entry.users === 0).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const entry of idle) {
      if (bytes + incoming <= options.maxBytes) return;
      await drop(entry);
    }
  };

  return {
    get bytes() {
      return bytes;
    },
    acquire(url) {
      const entry = entries.get(url);
      if (!entry) return undefined;
      entry.users++;
      entry.lastUsed = Date.now();
      return entry;
    },
    async admit(file) {
      const keepable = (file.etag !== null || file.lastModified !== null) && !/no-store/i.test(file.cacheControl ?? '');
      if (!keepable || file.size > options.maxBytes) return null;
      const previous = entries.get(file.url);
      if (previous) await drop(previous);
      await makeRoom(file.size);
      if (bytes + file.size > options.maxBytes) return null;
      const path = join(dir, randomUUID());
      await rename(file.path, path);
      const entry: Entry = {
        url: file.url,
        path,
        size: file.size,
        etag: file.etag,
        lastModified: file.lastModified,
        streams: file.streams,
        users: 1,
        lastUsed: Date.now(),
        dropped: false,
      };
      entries.set(file.url, entry);
      bytes += file.size;
      return entry;
    },
    async release(media) {
      const entry = media as Entry;
      entry.users = Math.max(0, entry.users - 1);
      if (entry.users === 0 && entry.dropped) await remove(entry);
      else if (bytes > options.maxBytes) await makeRoom(0);
    },
    async close() {
      entries.clear();
      bytes = 0;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
