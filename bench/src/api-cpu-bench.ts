/**
 * `make bench` (API CPU): CPU milliseconds the API process spends per image
 * render, outside Chromium. 1,000 POST /image renders at concurrency 4 through
 * the embedded process; the process's own `process.cpuUsage()` (its
 * `process_cpu_seconds` metric on the ops port) is read before and after.
 * BENCH_CPU_PROF=<dir> also writes a V8 CPU profile of each measured process there
 * (the embedded one, then the gateway and the image service; open them in Chrome DevTools). Writes the `api-cpu` section and key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createAccount, createApiKey, openDatabase } from '@pressroom/db';
import { TEST_NATS_URL, createTestDatabase, freePort, stopProcesses, uniqueNamespace, waitHealthy } from '@pressroom/testing';
import { renderBundle } from '@pressroom/video';
import { machineMeta, serviceCommand, type ApiProcess } from './api-process.js';
import { cardHtml } from './card.js';
import { postCardImage, withEmbeddedApi } from './embedded-image-api.js';
import { ROOT, writeBenchSection } from './report.js';
import { PROCESS_WARMUP, measure, warmUp, type RunStats } from './stats.js';

const RENDERS = Number(process.env.BENCH_CPU_RENDERS ?? 1000);
const CONCURRENCY = 4;
const TARGET_MS = 5;

/** The process's CPU seconds (user + system) as its ops port reports them. */
async function cpuSeconds(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = /^process_cpu_seconds(?:_total)?(?:\{[^}]*\})? ([0-9.eE+-]+)$/m.exec(text);
  if (!line) throw new Error('the ops port reports no process_cpu_seconds');
  return Number(line[1]);
}

interface CpuRow {
  mode: string;
  renders: number;
  cpuMsPerRender: number;
  run: RunStats;
}

const html = (i: number) => cardHtml({ fontUrl: 'data:,', title: `CPU check #${i}: what the API spends per render` });

/** Warm up, then CPU seconds of each process (by its metrics URL) around RENDERS renders. */
async function cpuOver(api: Pick<ApiProcess, 'baseUrl' | 'key'>, metricsUrls: string[]): Promise<{ cpuMs: number[]; run: RunStats }> {
  await warmUp(CONCURRENCY, (i) => postCardImage(api, html(i)));
  const before = await Promise.all(metricsUrls.map(cpuSeconds));
  const run = await measure({ concurrency: CONCURRENCY, total: RENDERS, job: (i) => postCardImage(api, html(i)) });
  const after = await Promise.all(metricsUrls.map(cpuSeconds));
  return { cpuMs: after.map((a, i) => Math.round(((a - before[i]!) * 1000 * 100) / RENDERS) / 100), run };
}

/**
 * The API's own work is measured with `PRESSROOM_PNG_COMPRESSION=fast` (Chromium's PNG stored as it
 * comes), in both modes; the embedded process is measured once more with the default, `small`, whose
 * lossless re-pack (packPng, ADR 0049) is encoding work the PNG section measures on its own.
 */
const OWN_WORK = { PRESSROOM_PNG_COMPRESSION: 'fast' };

async function embedded(setting: 'fast' | 'small'): Promise<CpuRow> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const options = {
    name: 'cpu',
    pages: 4,
    env: { PRESSROOM_PNG_COMPRESSION: setting },
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  };
  return withEmbeddedApi(options, async (api) => {
    const { cpuMs, run } = await cpuOver(api, [`${api.opsUrl}/metrics`]);
    const cpuMsPerRender = cpuMs[0]!;
    console.log(
      `api cpu (embedded, ${setting}): ${cpuMsPerRender} ms per render over ${RENDERS} renders at c=${CONCURRENCY}, ${run.rendersPerSecond}/s`,
    );
    const mode =
      setting === 'fast'
        ? 'embedded (`make run`: gateway, renderers, PGlite, in-process bus), PNGs stored as Chromium made them (`fast`)'
        : 'embedded, the default `small` PNGs (the same plus packPng)';
    return { mode, renders: RENDERS, cpuMsPerRender, run };
  });
}

/** `make run-cluster`'s shape: gateway and image service as processes on PostgreSQL and NATS (a fresh database and bus namespace). */
async function distributed(): Promise<CpuRow[]> {
  const database = await createTestDatabase();
  const children: ChildProcess[] = [];
  try {
    const db = await openDatabase({ url: database.url });
    const account = await createAccount(db, { name: 'bench-cpu', plan: 'enterprise' });
    const { key } = await createApiKey(db, { accountId: account.id });
    await db.close();
    const [gatewayPort, gatewayOps, imagePort, imageOps] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const env = {
      ...process.env,
      NATS_URL: TEST_NATS_URL,
      DATABASE_URL: database.url,
      PRESSROOM_STORAGE: 'nats',
      PRESSROOM_BUS_NAMESPACE: uniqueNamespace('benchcpu'),
      PRESSROOM_BROWSER_PAGES: '4',
      PRESSROOM_SECRET_KEY: 'bench-cpu-secret-key-0123456789abcdef',
      LOG_LEVEL: 'warn',
      ...OWN_WORK,
    };
    const profileDir = process.env.BENCH_CPU_PROF;
    const run = (file: string, port: number, opsPort: number) => {
      const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
      const child = spawn('node', [...profile, ...serviceCommand(file)], {
        cwd: ROOT,
        env: { ...env, PORT: String(port), PRESSROOM_OPS_PORT: String(opsPort) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
    };
    run('services/image/src/main.ts', imagePort, imageOps);
    run('services/gateway/src/main.ts', gatewayPort, gatewayOps);
    const baseUrl = `http://127.0.0.1:${gatewayPort}`;
    for (const health of [`${baseUrl}/health`, `http://127.0.0.1:${imagePort}/health`]) await waitHealthy(health, { timeoutMs: 60_000 });
    // The image service serves /metrics on its own port; the gateway on its ops port.
    const { cpuMs, run: stats } = await cpuOver({ baseUrl, key }, [
      `http://127.0.0.1:${gatewayOps}/metrics`,
      `http://127.0.0.1:${imagePort}/metrics`,
    ]);
    console.log(`api cpu (distributed): gateway ${cpuMs[0]} ms + image service ${cpuMs[1]} ms per render, ${stats.rendersPerSecond}/s`);
    return [
      { mode: 'distributed: gateway process (PostgreSQL, NATS)', renders: RENDERS, cpuMsPerRender: cpuMs[0]!, run: stats },
      { mode: 'distributed: image service process (outside its Chromium)', renders: RENDERS, cpuMsPerRender: cpuMs[1]!, run: stats },
    ];
  } finally {
    await stopProcesses(children);
    await database.drop();
  }
}

async function main(): Promise<void> {
  // The embedded process builds the Remotion bundle when it is not on disk yet (the first run on a
  // machine): ~10 s of webpack CPU that would land inside the measured renders. Built here first.
  await renderBundle();
  const rows = [await embedded('fast'), ...(await distributed()), await embedded('small')];
  const meta = { ...machineMeta(), renders: RENDERS, concurrency: CONCURRENCY };
  const markdown = [
    '## CPU of the API process per image render (outside Chromium)',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} POST /image renders of the 1200×630 card at concurrency ${CONCURRENCY} after ${PROCESS_WARMUP} warm-up renders (a server that has been running: V8 optimised, PGlite's WebAssembly tiered up). CPU is each process's own \`process.cpuUsage()\` (user + system, its \`process_cpu_seconds\` metric) read before and after; Chromium's processes are not counted. Distributed: the gateway and the image service as their own processes on PostgreSQL and NATS (a fresh database and bus namespace), as \`make run-cluster\` runs them. The API's own work is read with \`PRESSROOM_PNG_COMPRESSION=fast\` (Chromium's PNG stored as it comes); the last row is the embedded process with the default, \`small\`, which adds the lossless re-pack (packPng, ADR 0049; its cost per card is in the PNG section). \`BENCH_CPU_PROF=<dir>\` adds a V8 CPU profile of the run.`,
    '',
    '| mode | renders | API CPU ms per render | renders/s | p50 ms |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.mode} | ${r.renders} | ${r.cpuMsPerRender} | ${r.run.rendersPerSecond} | ${r.run.p50Ms} |`),
    '',
    `Target: under ${TARGET_MS} ms per render (the API's own work, the first three rows).`,
  ].join('\n');
  await writeBenchSection({ key: 'api-cpu', markdown, results: { meta, rows } });
  console.log('wrote the api-cpu section of docs/benchmarks.md and bench/results.json');
}

await main();
