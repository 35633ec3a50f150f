/**
 * `make bench` (URL-render cache): `GET /r/{uid}.png` repeated with the same
 * query, after its first render, under autocannon (keep-alive connections).
 * Every answer after the first comes from the cache: no render, no credit.
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the API process there.
 * Writes the `url-cache` section of docs/benchmarks.md and key of bench/results.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { renderBundle } from '@pressroom/video';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { writeBenchSection } from './report.js';

const DURATION_S = Number(process.env.BENCH_URL_CACHE_SECONDS ?? 10);
const CONNECTIONS = [1, 4];
const TARGET = { p50Ms: 5, requestsPerSecond: 1000 };

interface CacheRow {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** The API process's CPU per answered request (its process_cpu_seconds), which the machine's load does not stretch. */
  cpuMsPerRequest: number;
}

async function cpuSeconds(opsUrl: string): Promise<number> {
  const text = await (await fetch(`${opsUrl}/metrics`)).text();
  const line = /^process_cpu_seconds(?:_total)?(?:\{[^}]*\})? ([0-9.eE+-]+)$/m.exec(text);
  if (!line) throw new Error('the ops port reports no process_cpu_seconds');
  return Number(line[1]);
}

async function main(): Promise<void> {
  // Built before the API starts, so a first run on a machine does not measure the embedded process's webpack build (ADR 0046).
  await renderBundle();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-url-cache-'));
  // The per-minute limit of GET /r/ counts cache hits too (docs/url-rendering.md): lifted, as it is not what is measured.
  const profileDir = process.env.BENCH_CPU_PROF;
  const api = await startApi({
    dataDir,
    pages: 2,
    env: { PRESSROOM_URL_RENDER_PER_MINUTE: '100000000' },
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  });
  const rows: CacheRow[] = [];
  try {
    const { template } = await apiPost<{ template: { uid: string } }>(api, '/templates', {
      name: 'bench url card',
      html: '<!doctype html><html><body style="margin:0;width:600px;height:315px;background:#1e3a8a;color:#fff;font:48px sans-serif"><h1>{{title}}</h1></body></html>',
      width: 600,
      height: 315,
    });
    const url = `${api.baseUrl}/r/${template.uid}.png?token=${encodeURIComponent(api.key)}&title=Hello%20from%20the%20cache`;
    // The first request renders; the check also proves the cached answer is the image, not the error pixel.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || res.headers.get('x-pressroom-error') || body.length < 1000) {
        throw new Error(`GET /r/ answered ${res.status} ${res.headers.get('x-pressroom-error') ?? ''} (${body.length} bytes)`);
      }
    }
    for (const connections of CONNECTIONS) {
      const before = await cpuSeconds(api.opsUrl);
      const result = await autocannon({ url, connections, duration: DURATION_S });
      const cpu = (await cpuSeconds(api.opsUrl)) - before;
      const row: CacheRow = {
        connections,
        requests: result.requests.total,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx + result.errors,
        cpuMsPerRequest: Math.round(((cpu * 1000) / Math.max(1, result.requests.total)) * 100) / 100,
      };
      rows.push(row);
      console.log(
        `url cache c=${connections}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`,
      );
    }
    const after = await fetch(url);
    if (after.headers.get('x-pressroom-error')) throw new Error(`after the run GET /r/ answered ${after.headers.get('x-pressroom-error')}`);
  } finally {
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), durationSeconds: DURATION_S };
  const markdown = [
    '## GET /r/{uid}.png answered from the URL-render cache',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; the same URL (API key in \`token\`, one variable) rendered once, then requested for ${DURATION_S} s per row by autocannon over keep-alive connections, from the same machine. Each answer is the stored PNG (checked before and after the run: no \`X-Pressroom-Error\`).`,
    '',
    '| connections | requests | requests/s | p50 ms | p99 ms | non-2xx or errors | API CPU ms per request |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.connections} | ${r.requests} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.non2xx} | ${r.cpuMsPerRequest} |`,
    ),
    '',
    `Target: p50 under ${TARGET.p50Ms} ms and at least ${TARGET.requestsPerSecond} requests/s. The API process's CPU per request (its \`process_cpu_seconds\` over the run) is the number the machine's load does not stretch: 1,000 requests/s needs it under 1 ms on one core.`,
  ].join('\n');
  await writeBenchSection({ key: 'url-cache', markdown, results: { meta, rows } });
  console.log('wrote the url-cache section of docs/benchmarks.md and bench/results.json');
}

await main();
