import { fork } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The job script (plain JavaScript: it runs without the TypeScript loader of the parent). */
const WORKER = resolve(dirname(fileURLToPath(import.meta.url)), '../worker/render-job.mjs');

/** What `worker/render-job.mjs` is told to do. */
export interface RenderJob {
  kind: 'media' | 'still';
  serveUrl: string;
  compositionId: 'code' | 'timeline';
  inputProps: Record<string, unknown>;
  browserExecutable: string;
  port: number;
  timeoutMs: number;
  output: string;
  codec?: 'h264' | 'gif' | 'vp9';
  everyNthFrame?: number;
  scale?: number;
  frame?: number;
  /** Media jobs: also draw this frame as a PNG poster, with the browser already open. */
  poster?: { output: string; frame: number };
}

export type JobMessage =
  | { type: 'done'; composition: { width: number; height: number; fps: number; durationInFrames: number } }
  | { type: 'error'; phase: 'launch' | 'compose' | 'render'; error: { name: string; message: string; stack: string } };

/** A console message of the scene's page. */
export interface SceneLog {
  type: 'log';
  level: string;
  text: string;
}

export type JobOutcome =
  | { end: 'message'; message: JobMessage; stderr: string }
  | { end: 'exit'; code: number | null; signal: string | null; stderr: string }
  | { end: 'timeout'; stderr: string }
  | { end: 'aborted'; reason: unknown; stderr: string };

const STDERR_TAIL = 8 * 1024;
/** After a kill, how long to wait for the process to be reaped before moving on regardless. */
const REAP_GRACE_MS = 5_000;

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Anything still running whose command line names the job directory (Chromium's profile is in
 * it, ffmpeg's files too): killed with its process group. A safety net behind the group kill and
 * Chromium's parent-death signal; Linux only (/proc), a no-op elsewhere.
 */
export async function killStragglers(jobDir: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return 0;
  }
  let killed = 0;
  await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid)
      .map(async (name) => {
        const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
        if (!cmdline.includes(jobDir)) return;
        killed++;
        killGroup(Number(name));
        try {
          process.kill(Number(name), 'SIGKILL');
        } catch {
          // Gone meanwhile.
        }
      }),
  );
  return killed;
}

/** A job process, forked and loading Remotion, waiting for its one job. */
export interface JobProcess {
  /** False once the process has exited (a spare that died while waiting is not used). */
  readonly alive: boolean;
  /**
   * Sends the job and ends with its answer, its exit, the watchdog (`timeoutMs`, from now) or the
   * signal; on the last two the whole process group is killed. Never rejects for the job's own
   * failures; rejects only when the process could not be started. Call once.
   */
  run(job: RenderJob, options: { timeoutMs: number; signal?: AbortSignal; onLog?: (log: SceneLog) => void }): Promise<JobOutcome>;
  /** Kills the process group (a spare that is no longer needed); resolves once the process has exited. */
  kill(): Promise<void>;
}

/**
 * Forks a job process in its own process group, with `TMPDIR` (and the working directory) set to
 * `tmpDir`, before its job is known: importing Remotion (most of a second) happens while the
 * renderer prepares the job, or while the previous job renders.
 */
export function startJobProcess(options: { tmpDir: string }): JobProcess {
  const child = fork(WORKER, [], {
    cwd: options.tmpDir,
    detached: true,
    execArgv: [],
    env: { ...process.env, TMPDIR: options.tmpDir, TMP: options.tmpDir, TEMP: options.tmpDir },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL);
  });
  let exited: { code: number | null; signal: string | null } | null = null;
  let closed = false;
  let startError: Error | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, sig) => {
      exited = { code, signal: sig };
      resolve();
    }),
  );
  child.once('close', () => {
    closed = true;
  });
  child.once('error', (error) => {
    if (child.pid === undefined) startError = error;
  });

  return {
    get alive() {
      return exited === null && startError === null && child.pid !== undefined;
    },
    kill: () => {
      killGroup(child.pid);
      // Until it has exited, a dying process may still create files (its TMPDIR, recursively) in the job's directory.
      if (exited !== null || startError !== null || child.pid === undefined) return Promise.resolve();
      // SIGKILL ends it at once; the bound only keeps a lost 'exit' event from holding a close forever.
      return Promise.race([exit, new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref())]);
    },
    run(job, runOptions) {
      return new Promise<JobOutcome>((resolvePromise, reject) => {
        if (startError) return reject(startError);
        let message: JobMessage | null = null;
        let stopped: { end: 'timeout' } | { end: 'aborted'; reason: unknown } | null = null;
        let settled = false;
        let reapTimer: NodeJS.Timeout | undefined;

        const finish = (outcome: JobOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(watchdog);
          clearTimeout(reapTimer);
          runOptions.signal?.removeEventListener('abort', onAbort);
          killGroup(child.pid);
          resolvePromise(outcome);
        };
        const outcomeNow = (code: number | null, sig: string | null): JobOutcome => {
          if (stopped?.end === 'timeout') return { end: 'timeout', stderr };
          if (stopped?.end === 'aborted') return { end: 'aborted', reason: stopped.reason, stderr };
          if (message) return { end: 'message', message, stderr };
          return { end: 'exit', code, signal: sig, stderr };
        };
        const stop = (why: NonNullable<typeof stopped>) => {
          if (settled || stopped || message) return;
          stopped = why;
          killGroup(child.pid);
          // SIGKILL is reaped at once; should it not be (a process stuck in the kernel), do not wait forever.
          reapTimer = setTimeout(() => finish(outcomeNow(null, 'SIGKILL')), REAP_GRACE_MS);
        };
        const onAbort = () => stop({ end: 'aborted', reason: runOptions.signal?.reason });
        const watchdog = setTimeout(() => stop({ end: 'timeout' }), runOptions.timeoutMs);

        child.on('message', (received: JobMessage | SceneLog) => {
          if (received.type === 'log') runOptions.onLog?.(received);
          else if (!message && !stopped) message = received;
        });
        child.once('error', (error) => {
          if (child.pid === undefined) {
            settled = true;
            clearTimeout(watchdog);
            runOptions.signal?.removeEventListener('abort', onAbort);
            reject(error);
          }
        });
        // 'close' comes after the exit and the last IPC message; a grandchild holding the stderr pipe
        // could delay it, so an exit also finishes, a moment later.
        const onExit = (code: number | null, sig: string | null) => setTimeout(() => finish(outcomeNow(code, sig)), 1_000).unref();
        if (closed) finish(outcomeNow(exited?.code ?? null, exited?.signal ?? null));
        else child.once('close', (code, sig) => finish(outcomeNow(code, sig)));
        if (exited) onExit(exited.code, exited.signal);
        else child.once('exit', onExit);

        if (runOptions.signal?.aborted) onAbort();
        else runOptions.signal?.addEventListener('abort', onAbort, { once: true });
        if (child.pid !== undefined && !stopped && exited === null) child.send(job);
      });
    },
  };
}
