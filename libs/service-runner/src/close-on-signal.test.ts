import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * A process stopping as every Pressroom process does (`closeOnSignal`), whose close never ends (a render
 * or an event stream holding it) and which something keeps alive (a server would). With `--foreign`, a
 * dependency of ours listens for SIGINT too, doing nothing: Node's default then no longer ends the
 * process on a signal.
 */
const SCRIPT = `
import { createLogger } from '@pressroom/telemetry';
import { closeOnSignal } from ${JSON.stringify(join(HERE, 'close-on-signal.ts'))};
const logger = createLogger({ service: 'signal-test' });
if (process.argv.includes('--foreign')) process.on('SIGINT', () => {});
setInterval(() => {}, 60_000);
closeOnSignal(logger, () => new Promise(() => {}), { graceMs: 60_000 });
logger.info('ready');
`;

interface Child {
  child: ChildProcess;
  /** The log lines so far. */
  lines: Array<Record<string, unknown>>;
  /** Resolves once a line with this message has been logged. */
  logged(msg: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function start(args: string[]): Child {
  // From the package's directory, so the script's own imports resolve as the package's do.
  const child = spawn('node', ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', SCRIPT, '--', ...args], {
    cwd: join(HERE, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const waiting: Array<{ msg: string; resolve: () => void }> = [];
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const complete = buffered.split('\n');
    buffered = complete.pop()!;
    for (const text of complete) {
      const line = JSON.parse(text) as Record<string, unknown>;
      lines.push(line);
      for (const w of waiting.filter((w) => w.msg === line.msg)) w.resolve();
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const logged = (msg: string) =>
    lines.some((line) => line.msg === msg)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiting.push({ msg, resolve });
          void exited.then(({ code, signal }) => reject(new Error(`exited (${code ?? signal}) before logging "${msg}"`)));
        });
  return { child, lines, logged, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first signal starts the graceful stop; the second one (of either kind) ends the process at once. */
describe('closeOnSignal in a real process whose shutdown hangs', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it.each([
    // Ctrl-C twice under `make run`, with a dependency listening for SIGINT: Node's default would not apply.
    { first: 'SIGINT', second: 'SIGINT', code: 130, args: ['--foreign'] },
    { first: 'SIGTERM', second: 'SIGTERM', code: 143, args: [] },
    // Ctrl-C after `docker compose stop` or the supervisor's SIGTERM: not a second close.
    { first: 'SIGTERM', second: 'SIGINT', code: 130, args: [] },
  ] as const)(
    '$first, then $second: exits at once with $code, saying so',
    async ({ first, second, code, args }) => {
      const process = start([...args]);
      children.push(process.child);
      await process.logged('ready');

      process.child.kill(first);
      await process.logged('shutting down');
      // The graceful stop goes on (its close never ends): the process stays.
      await sleep(500);
      expect(process.child.exitCode).toBeNull();

      const sent = Date.now();
      process.child.kill(second);
      const exit = await process.exited;
      expect({ code: exit.code, signal: exit.signal }).toEqual({ code, signal: null });
      // At once, not after the 60 s grace (its close never ends); the bound leaves room for a loaded machine's stall.
      expect(exit.at - sent).toBeLessThan(15_000);
      expect(process.lines.map(({ level, msg, signal, first: was, graceMs }) => ({ level, msg, signal, first: was, graceMs }))).toEqual([
        { level: 30, msg: 'ready', signal: undefined, first: undefined, graceMs: undefined },
        { level: 30, msg: 'shutting down', signal: first, first: undefined, graceMs: 60_000 },
        { level: 40, msg: 'second signal during the shutdown: exiting at once', signal: second, first, graceMs: undefined },
      ]);
    },
    60_000,
  );
});
