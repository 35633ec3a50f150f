import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DataDirLockedError } from './errors.js';

// PGlite does not lock its data directory, and two processes writing one directory
// corrupt it (measured: the next open aborts inside the WASM runtime). So we keep a
// pid file beside the directory, created with O_EXCL.

const heldHere = new Set<string>();
let exitHookInstalled = false;

export interface DataDirLock {
  release(): void;
}

export function lockPathFor(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = lockPathFor(dataDir);
  mkdirSync(dirname(path), { recursive: true });
  if (!tryCreate(path)) {
    const holder = readHolder(path);
    if (holder !== null && isHeldBy(path, holder)) throw new DataDirLockedError(resolve(dataDir), holder);
    // Stale: the holder died without cleaning up. Remove it and race once more with
    // O_EXCL. (Two processes finding the same stale file in the same instant can still
    // both win; that needs a crash plus a simultaneous double start.)
    try {
      unlinkSync(path);
    } catch {
      /* already removed by the other contender */
    }
    if (!tryCreate(path)) throw new DataDirLockedError(resolve(dataDir), readHolder(path) ?? -1);
  }
  heldHere.add(path);
  installExitHook();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      heldHere.delete(path);
      try {
        unlinkSync(path);
      } catch {
        /* gone already */
      }
    },
  };
}

function tryCreate(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isHeldBy(path: string, pid: number): boolean {
  // Our own pid in the file without our own record of it means a previous incarnation
  // of this container (where every process restarts as the same pid) left it behind.
  if (pid === process.pid) return heldHere.has(path);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const path of heldHere) {
      try {
        unlinkSync(path);
      } catch {
        /* best effort */
      }
    }
  });
}
