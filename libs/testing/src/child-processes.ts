import type { ChildProcess } from 'node:child_process';

/** A process a suite or bench started, and what it logged last. */
export interface ServiceProcess {
  child: ChildProcess;
  /** The last 4,000 characters it logged: why a process that should have started exited instead. */
  logTail(): string;
}

/** Polls `url` until it answers 2xx; fails at once, with its last log lines, when the process behind it exits. */
export async function waitHealthy(url: string, options: { service?: ServiceProcess; timeoutMs?: number } = {}): Promise<Response> {
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    const child = options.service?.child;
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}: ${options.service!.logTail()}`);
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return res;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} never became healthy`);
}

/** SIGTERM, then SIGKILL after 5 s: a clean stop where the process allows it. */
export async function stopProcesses(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    ),
  );
}
