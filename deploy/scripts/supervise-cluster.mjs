// `make run-cluster`'s process manager: each service as its own process; one
// that dies is restarted with backoff while the others keep serving (what a
// process manager or Kubernetes would do). SIGTERM/SIGINT stop everything,
// each service given its drain grace as Kubernetes gives it (docs/adr/0068);
// a second signal is passed on too and ends them at once (docs/operations.md#shutdown).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
// The services' own table, as TypeScript: Node strips the types (the file imports nothing).
import { SHUTDOWN_MARGIN_MS, shutdownGraceMs } from '../../libs/config/src/shutdown-grace.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Makes a service stop by itself when the supervisor dies without stopping it (the file says why). */
const STOP_WITH_SUPERVISOR = pathToFileURL(resolve(ROOT, 'deploy/scripts/stop-with-supervisor.mjs')).href;

/** Every service and the variable naming its port (the gateway's is PORT). */
const SERVICES = {
  image: 'IMAGE_PORT',
  dispatcher: 'DISPATCHER_PORT',
  scheduler: 'SCHEDULER_PORT',
  gif: 'GIF_PORT',
  pdf: 'PDF_PORT',
  video: 'VIDEO_PORT',
  gateway: 'PORT',
};
const DEFAULT_PORTS = {
  IMAGE_PORT: 8081,
  DISPATCHER_PORT: 8082,
  SCHEDULER_PORT: 8083,
  GIF_PORT: 8084,
  PDF_PORT: 8085,
  VIDEO_PORT: 8086,
  PORT: 8080,
};

const env = process.env;
const names = (env.CLUSTER_SERVICES ?? Object.keys(SERVICES).join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const name of names) if (!(name in SERVICES)) throw new Error(`CLUSTER_SERVICES: unknown service ${name}`);
/** First restart delay; it doubles after each crash of a process that ran less than STABLE_MS, up to MAX. */
const RESTART_MIN_MS = Number(env.CLUSTER_RESTART_MIN_MS ?? 500);
const RESTART_MAX_MS = Number(env.CLUSTER_RESTART_MAX_MS ?? 30_000);
const STABLE_MS = 30_000;

/**
 * How long a service may take to stop before it is killed: its drain grace (PRESSROOM_SHUTDOWN_GRACE_MS,
 * else its default) plus the margin for closing up, as terminationGracePeriodSeconds in Kubernetes.
 */
function stopGraceMs(name) {
  const given = env.PRESSROOM_SHUTDOWN_GRACE_MS;
  return (given !== undefined && given !== '' ? Number(given) : shutdownGraceMs(name)) + SHUTDOWN_MARGIN_MS;
}

/** One JSON line per supervisor event on stdout (tests and operators read them). */
function report(event, fields) {
  process.stdout.write(`${JSON.stringify({ supervisor: event, ...fields })}\n`);
}

/** The signal that started the stop, then the second one that cuts it short. */
let stopping = null;
let forced = null;
const running = new Map();

function start(name, delayMs) {
  const portVar = SERVICES[name];
  const port = env[portVar] ?? String(DEFAULT_PORTS[portVar]);
  const args = ['--conditions=source', '--import', 'tsx', '--import', STOP_WITH_SUPERVISOR, `services/${name}/src/main.ts`];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: port },
    stdio: ['ignore', 'inherit', 'inherit'],
    // Its own process group: Ctrl-C signals the terminal's whole foreground group, and a service that got it
    // from the terminal and then again from us would take ours as a second signal and exit at once, cutting
    // its renders. Only the supervisor gets it; it passes each signal on once.
    detached: true,
  });
  const startedAt = Date.now();
  running.set(name, child);
  report('started', { service: name, pid: child.pid, port: Number(port) });
  child.once('exit', (code, signal) => {
    running.delete(name);
    if (stopping) {
      report('stopped', { service: name, pid: child.pid, code, signal });
      return;
    }
    const ranMs = Date.now() - startedAt;
    const nextDelay = ranMs >= STABLE_MS ? RESTART_MIN_MS : Math.min(delayMs * 2, RESTART_MAX_MS);
    const wait = ranMs >= STABLE_MS ? RESTART_MIN_MS : delayMs;
    report('exited', { service: name, pid: child.pid, code, signal, restartInMs: wait });
    setTimeout(() => {
      if (!stopping) start(name, nextDelay);
    }, wait);
  });
}

function stop(signal) {
  if (stopping) {
    forceStop(signal);
    return;
  }
  stopping = signal;
  report('stopping', { signal });
  const children = [...running.entries()];
  if (children.length === 0) process.exit(0);
  let left = children.length;
  for (const [name, child] of children) {
    // Each service finishes its work in flight within its own grace; only one that overstays it is killed.
    const kill = setTimeout(() => {
      report('killed', { service: name, pid: child.pid, afterMs: stopGraceMs(name) });
      child.kill('SIGKILL');
    }, stopGraceMs(name));
    child.once('exit', () => {
      clearTimeout(kill);
      if (--left === 0) process.exit(forced ? 128 + constants.signals[forced] : 0);
    });
    child.kill(signal);
  }
}

/** A second Ctrl-C (or SIGTERM) while they drain: each service gets it as its own second signal and exits at once. */
function forceStop(signal) {
  if (forced) return;
  forced = signal;
  report('stopping-now', { signal, first: stopping });
  for (const child of running.values()) child.kill(signal);
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
for (const name of names) start(name, RESTART_MIN_MS);
