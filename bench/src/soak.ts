/**
 * `make soak`: does the API process stay flat over many renders? 10,000 POST /image renders
 * (SOAK_RENDERS) at concurrency 4 against the embedded process with browser relaunch disabled
 * (one Chromium for the whole run, the case where anything kept per render piles up), sampling
 * the RSS of the API process and of its Chromium processes every 500 renders. Writes its own
 * section of docs/benchmarks.md and the `soak` key of bench/results.json.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineMeta, startApi, type ApiProcess } from './api-process.js';
import { writeBenchSection } from './report.js';
import { soakMarkdown, soakSummary, type Sample } from './soak-report.js';
import { measure } from './stats.js';

const RENDERS = Number(process.env.SOAK_RENDERS ?? 10_000);
const CONCURRENCY = 4;
const SAMPLE_EVERY = 500;
/**
 * At each checkpoint the load pauses this long and the lowest RSS seen is kept: mid-load RSS swings by
 * ±10 % with the garbage collector's cycle, while at rest V8's memory reducer collects within seconds.
 */
const SETTLE_MS = 10_000;
const SETTLE_READ_EVERY_MS = 500;

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

/** Every live descendant of `root` (Chromium's browser, renderer, GPU and utility processes). */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the parent pid follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we listed it.
    }
  }
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()!) ?? []) {
      stack.push(child);
      found.push(child);
    }
  }
  return found;
}

function read(api: ApiProcess, renders: number, started: number): Sample {
  const pid = api.child.pid!;
  let chromiumKb = 0;
  let chromiumProcesses = 0;
  for (const child of descendants(pid)) {
    try {
      chromiumKb += rssKb(child);
      chromiumProcesses += 1;
    } catch {
      // Gone between the listing and the read.
    }
  }
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return {
    renders,
    elapsedS: Math.round((performance.now() - started) / 1000),
    apiRssMb: mb(rssKb(pid)),
    chromiumRssMb: mb(chromiumKb),
    chromiumProcesses,
  };
}

/** The lowest API and Chromium RSS over the settle pause. */
async function sample(api: ApiProcess, renders: number, started: number): Promise<Sample> {
  let lowest = read(api, renders, started);
  for (let waited = 0; waited < SETTLE_MS; waited += SETTLE_READ_EVERY_MS) {
    await new Promise((r) => setTimeout(r, SETTLE_READ_EVERY_MS));
    const now = read(api, renders, started);
    lowest = {
      ...now,
      apiRssMb: Math.min(lowest.apiRssMb, now.apiRssMb),
      chromiumRssMb: Math.min(lowest.chromiumRssMb, now.chromiumRssMb),
    };
  }
  return lowest;
}

async function render(api: ApiProcess, i: number): Promise<void> {
  const html = `<!doctype html><html><body style="margin:0;width:600px;height:315px;background:linear-gradient(135deg,#1e3a8a,#db2777);color:#fff;font:700 44px sans-serif"><div style="padding:48px">Soak render #${i}</div></body></html>`;
  const res = await fetch(`${api.baseUrl}/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ html, width: 600, height: 315 }),
  });
  if (res.status !== 200) throw new Error(`POST /image answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-soak-'));
  const api = await startApi({ dataDir, pages: CONCURRENCY, env: { PRESSROOM_BROWSER_RESTART_AFTER: String(RENDERS * 10) } });
  const samples: Sample[] = [];
  try {
    const started = performance.now();
    samples.push(await sample(api, 0, started));
    for (let done = 0; done < RENDERS; done += SAMPLE_EVERY) {
      const total = Math.min(SAMPLE_EVERY, RENDERS - done);
      await measure({ concurrency: CONCURRENCY, total, job: (i) => render(api, done + i) });
      const s = await sample(api, done + total, started);
      samples.push(s);
      console.log(
        `${s.renders} renders, ${s.elapsedS} s: API ${s.apiRssMb} MB, Chromium ${s.chromiumRssMb} MB (${s.chromiumProcesses} processes)`,
      );
    }
  } finally {
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), renders: RENDERS, concurrency: CONCURRENCY, sampleEvery: SAMPLE_EVERY, settleS: SETTLE_MS / 1000 };
  const summary = soakSummary(samples);
  await writeBenchSection({ key: 'soak', markdown: soakMarkdown(samples, meta), results: { meta, samples, ...summary } });
  console.log(
    `API RSS growth on the trend from render ${summary.baselineAt}: ${summary.apiGrowthPercent} %; wrote docs/benchmarks.md and bench/results.json`,
  );
}

await main();
