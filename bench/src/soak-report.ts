/** The soak's numbers and its section of docs/benchmarks.md (bench/src/soak.ts measures). */

export interface Sample {
  renders: number;
  elapsedS: number;
  apiRssMb: number;
  chromiumRssMb: number;
  chromiumProcesses: number;
}

/** Growth is measured from here on: the first renders fill caches, pools and JIT code once. */
const BASELINE_AT = 2_000;
const TARGET_GROWTH_PERCENT = 5;

/** Least-squares line through (renders, value). */
function trend(points: Array<[number, number]>): { at(x: number): number; slope: number } {
  const n = points.length;
  const meanX = points.reduce((s, [x]) => s + x, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - meanX) ** 2, 0);
  const slope = sxx === 0 ? 0 : points.reduce((s, [x, y]) => s + (x - meanX) * (y - meanY), 0) / sxx;
  return { slope, at: (x) => meanY + slope * (x - meanX) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * RSS read at one checkpoint still swings by several per cent with the garbage collector's
 * cycle, so growth is read on the least-squares line through every checkpoint from the
 * baseline on (its value at the last render over its value at the baseline), and the
 * slope is given per render, the unit of the leak this guards against.
 */
export function soakSummary(samples: Sample[]) {
  const last = samples.at(-1)!;
  const baselineAt = Math.min(BASELINE_AT, last.renders);
  const window = samples.filter((s) => s.renders >= baselineAt);
  const of = (field: 'apiRssMb' | 'chromiumRssMb') => {
    const line = trend(window.map((s) => [s.renders, s[field]]));
    const base = window[0]!;
    return {
      trendGrowthPercent: round1(((line.at(last.renders) - line.at(baselineAt)) / line.at(baselineAt)) * 100),
      rawGrowthPercent: round1(((last[field] - base[field]) / base[field]) * 100),
      kbPerRender: round1(line.slope * 1024),
    };
  };
  const api = of('apiRssMb');
  return {
    baselineAt,
    apiGrowthPercent: api.trendGrowthPercent,
    apiRawGrowthPercent: api.rawGrowthPercent,
    apiKbPerRender: api.kbPerRender,
    chromium: of('chromiumRssMb'),
    targetMet: api.trendGrowthPercent < TARGET_GROWTH_PERCENT,
  };
}

export function soakMarkdown(samples: Sample[], meta: Record<string, unknown>): string {
  const summary = soakSummary(samples);
  const last = samples.at(-1)!;
  return [
    `## Soak: ${last.renders} POST /image renders, concurrency ${meta.concurrency}, browser relaunch disabled`,
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}, by \`make soak\` (bench/src/soak.ts): the embedded process with \`PRESSROOM_BROWSER_RESTART_AFTER\` past the run (one Chromium throughout), a 600×315 PNG per render. Every ${meta.sampleEvery} renders the load pauses ${meta.settleS} s and the lowest RSS read in that pause is kept; Chromium is the sum over its processes (shared pages counted in each). Elapsed time includes the pauses.`,
    '',
    '| renders | elapsed s | API RSS MB | Chromium RSS MB | Chromium processes |',
    '|---|---|---|---|---|',
    ...samples.map((s) => `| ${s.renders} | ${s.elapsedS} | ${s.apiRssMb} | ${s.chromiumRssMb} | ${s.chromiumProcesses} |`),
    '',
    `API RSS growth from render ${summary.baselineAt} to render ${last.renders}, on the least-squares line through those checkpoints: **${summary.apiGrowthPercent} %** (${summary.apiKbPerRender} KB a render; target under ${TARGET_GROWTH_PERCENT} %: ${summary.targetMet ? 'met' : 'missed'}). Checkpoint to checkpoint: ${summary.apiRawGrowthPercent} % (one reading swings by several per cent with the garbage collector's cycle). Chromium: ${summary.chromium.trendGrowthPercent} % on the line, ${summary.chromium.kbPerRender} KB a render.`,
    '',
    `Before the fix in libs/browser (a reaction left per render on the browser's and the page's lifetime promises), the same API process grew by about 123 KB a render with relaunch disabled (628 MB → 1.27 GB over 6,000 renders, issue 13).`,
    '',
  ].join('\n');
}
