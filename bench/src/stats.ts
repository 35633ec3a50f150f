export interface RunStats {
  concurrency: number;
  renders: number;
  p50Ms: number;
  p95Ms: number;
  rendersPerSecond: number;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

type Job = (i: number) => Promise<void>;

/**
 * Renders through each side before its first measurement. An API process that has just started
 * costs several milliseconds more per request than one that has been running (what users call)
 * until V8 has optimised its hot paths and PGlite's WebAssembly has tiered up, a few hundred
 * statements in; the raw loops are a few lines of puppeteer, warmed the same way for symmetry.
 */
export const PROCESS_WARMUP = Number(process.env.BENCH_PROCESS_WARMUP ?? 120);

/**
 * Job numbers of warm-up renders start here, far above any measured run's, so a job that derives its
 * input from its number (a unique variable, a cache-busting query) never repeats a measured one.
 */
const WARMUP_FIRST_JOB = 1_000_000;

/** PROCESS_WARMUP jobs at `concurrency`, unmeasured. */
export async function warmUp(concurrency: number, job: Job): Promise<void> {
  await run(concurrency, PROCESS_WARMUP, job, WARMUP_FIRST_JOB);
}

/** Jobs `first` … `first + total - 1` on `concurrency` workers: each one's latency, and the time all took. */
async function run(concurrency: number, total: number, job: Job, first = 0): Promise<{ latencies: number[]; elapsedMs: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = first + next++;
        const t0 = performance.now();
        await job(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies, elapsedMs: performance.now() - started };
}

function summary(concurrency: number, latencies: number[], elapsedMs: number): RunStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    concurrency,
    renders: sorted.length,
    p50Ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p95Ms: Math.round(percentile(sorted, 95) * 10) / 10,
    rendersPerSecond: Math.round((sorted.length / (elapsedMs / 1000)) * 10) / 10,
  };
}

/** Runs `total` jobs with `concurrency` workers and summarises latencies and throughput. */
export async function measure(options: { concurrency: number; total: number; job: Job }): Promise<RunStats> {
  const { latencies, elapsedMs } = await run(options.concurrency, options.total, options.job);
  return summary(options.concurrency, latencies, elapsedMs);
}

/**
 * Two or more sides measured in alternating rounds (the order turned round each round), each
 * side's rounds pooled: on a shared 2-core machine the load drifts over seconds, and two blocks
 * run one after the other would each see a different machine.
 */
export async function measureAlternating<Side extends string>(options: {
  concurrency: number;
  total: number;
  rounds: number;
  sides: Record<Side, Job>;
}): Promise<Record<Side, RunStats>> {
  const names = Object.keys(options.sides) as Side[];
  const pooled = new Map(names.map((name) => [name, { latencies: [] as number[], elapsedMs: 0 }]));
  const perRound = Math.max(1, Math.round(options.total / options.rounds));
  for (let round = 0; round < options.rounds; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) {
      const { latencies, elapsedMs } = await run(options.concurrency, perRound, options.sides[name], round * perRound);
      const side = pooled.get(name)!;
      side.latencies.push(...latencies);
      side.elapsedMs += elapsedMs;
    }
  }
  return Object.fromEntries(
    names.map((name) => [name, summary(options.concurrency, pooled.get(name)!.latencies, pooled.get(name)!.elapsedMs)]),
  ) as Record<Side, RunStats>;
}
