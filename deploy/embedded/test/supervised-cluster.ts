/*
 * `make run-cluster`'s supervisor (deploy/scripts/supervise-cluster.mjs) started as a terminal starts it,
 * for the tests of how it restarts and stops its services.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { TEST_NATS_URL, uniqueNamespace } from '@pressroom/testing';
import { ROOT } from './service-processes.js';

/** One JSON line the supervisor writes on stdout per event. */
export interface SupervisorEvent {
  supervisor: 'started' | 'exited' | 'stopping' | 'stopping-now' | 'stopped' | 'killed';
  service?: string;
  pid?: number;
  code?: number | null;
}

export interface SupervisedCluster {
  supervisor: ChildProcess;
  events: SupervisorEvent[];
  /** The supervisor's exit code (null when a signal killed it). */
  exited: Promise<number | null>;
  /** The first event that matches, waiting for it up to `timeoutMs`. */
  next(predicate: (e: SupervisorEvent) => boolean, timeoutMs?: number): Promise<SupervisorEvent>;
  /** What Ctrl-C in the terminal does: SIGINT to the whole foreground process group. */
  ctrlC(): void;
  /** For afterAll: SIGTERM unless it has exited, then waits for it. */
  stop(): Promise<void>;
}

/**
 * Starts the supervisor with CLUSTER_SERVICES=`services` on NATS (a fresh namespace) and `databaseUrl`, with `env`
 * over that (the ports). It heads its own process group, as `make run-cluster` is the terminal's foreground job.
 */
export function superviseCluster(options: { services: string[]; databaseUrl: string; env: NodeJS.ProcessEnv }): SupervisedCluster {
  const supervisor = spawn(process.execPath, ['deploy/scripts/supervise-cluster.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CLUSTER_SERVICES: options.services.join(','),
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: options.databaseUrl,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('supervised'),
      PRESSROOM_BROWSER_PAGES: '2',
      PRESSROOM_SECRET_KEY: 'supervisor-test-secret-key-0123456789',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const events: SupervisorEvent[] = [];
  createInterface({ input: supervisor.stdout }).on('line', (line) => {
    if (line.startsWith('{"supervisor"')) events.push(JSON.parse(line) as SupervisorEvent);
  });
  const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));
  const next = (predicate: (e: SupervisorEvent) => boolean, timeoutMs = 30_000): Promise<SupervisorEvent> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('supervisor event never came')), timeoutMs);
      const check = setInterval(() => {
        const found = events.find(predicate);
        if (found) {
          clearTimeout(timer);
          clearInterval(check);
          resolve(found);
        }
      }, 50);
    });
  return {
    supervisor,
    events,
    exited,
    next,
    ctrlC: () => process.kill(-supervisor.pid!, 'SIGINT'),
    async stop() {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGTERM');
      await exited;
    },
  };
}

/** Whether process `pid` has ended (a zombie no one has reaped yet counts as ended). */
export function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // /proc/<pid>/stat: "pid (name) state …"; the name may hold spaces, the state follows its last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
