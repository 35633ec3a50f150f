import { readFileSync, readdirSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on every x86_64 kernel we run on). */
const TICKS_PER_SECOND = 100;

/** Chromium's process kinds, from each process's `--type=` flag; the browser process has none. */
export type ChromiumProcessKind = 'browser' | 'gpu-process' | 'renderer' | 'other';

/**
 * CPU milliseconds (user + system) spent so far by a browser process and all its descendants,
 * summed by kind. Read from /proc, so it counts processes that have exited only up to their exit:
 * measure over windows where no page or browser is closed.
 */
export function chromiumCpuMs(browserPid: number): Record<ChromiumProcessKind, number> {
  const children = new Map<number, number[]>();
  const own = new Map<number, { ms: number; kind: ChromiumProcessKind }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which may hold spaces: state is the first, ppid the second.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      const ticks = Number(fields[11]) + Number(fields[12]);
      const type = /--type=([a-z-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1];
      const kind: ChromiumProcessKind = type === undefined ? 'browser' : type === 'gpu-process' || type === 'renderer' ? type : 'other';
      own.set(pid, { ms: (ticks * 1000) / TICKS_PER_SECOND, kind });
      children.set(parent, [...(children.get(parent) ?? []), pid]);
    } catch {
      // The process exited while we read it.
    }
  }
  const total: Record<ChromiumProcessKind, number> = { browser: 0, 'gpu-process': 0, renderer: 0, other: 0 };
  const stack = [browserPid];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    const process = own.get(pid);
    if (process) total[pid === browserPid ? 'browser' : process.kind] += process.ms;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}
