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

/** Runs `total` jobs with `concurrency` workers and summarises latencies and throughput. */
export async function measure(options: { concurrency: number; total: number; job: (i: number) => Promise<void> }): Promise<RunStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < options.total) {
        const i = next++;
        const t0 = performance.now();
        await options.job(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    concurrency: options.concurrency,
    renders: options.total,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p95Ms: Math.round(percentile(latencies, 95) * 10) / 10,
    rendersPerSecond: Math.round((options.total / elapsed) * 10) / 10,
  };
}
