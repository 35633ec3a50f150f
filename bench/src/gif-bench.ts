/**
 * `make bench` (GIF): POST /gif through the whole embedded process against a
 * raw puppeteer-core frame loop with the same stepping method and encoder,
 * in the same run. Writes its section of docs/benchmarks.md and the `gif`
 * key of bench/results.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { RawGifLoop } from './raw-gif-loop.js';
import { writeBenchSection } from './report.js';
import { measure, type RunStats } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const SIZE = { width: 600, height: 400 };
const FPS = 15;
const SECONDS = 2;
const RENDERS = Number(process.env.BENCH_GIF_RENDERS ?? 12);
const WARMUP = 2;

/** A 600×400 banner: gradient, text fading in, a square sliding, a spinner (CSS animations, 2 s). */
function animationHtml(i: number): string {
  return `<!doctype html><html><head><style>
  body { margin: 0; width: 600px; height: 400px; overflow: hidden; font-family: sans-serif;
         background: linear-gradient(135deg, #0f172a, #1e3a8a 60%, #9333ea); color: #fff; }
  h1 { position: absolute; left: 40px; top: 60px; margin: 0; font-size: 44px; animation: fade 2s ease-out forwards; }
  .bar { position: absolute; left: 40px; top: 150px; height: 12px; width: 0; background: #f59e0b; border-radius: 6px; animation: grow 2s ease-in-out forwards; }
  .sq { position: absolute; left: 40px; top: 220px; width: 80px; height: 80px; background: #ef4444; border-radius: 12px; animation: slide 2s linear forwards; }
  .spin { position: absolute; right: 50px; top: 50px; width: 60px; height: 60px; border: 8px solid #ffffff55; border-top-color: #fff; border-radius: 50%; animation: spin 1s linear infinite; }
  @keyframes fade { from { opacity: 0; transform: translateY(20px) } to { opacity: 1; transform: none } }
  @keyframes grow { to { width: 520px } }
  @keyframes slide { to { transform: translateX(420px) rotate(180deg) } }
  @keyframes spin { to { transform: rotate(360deg) } }
</style></head><body><h1>Release ${i}: now animated</h1><div class="bar"></div><div class="sq"></div><div class="spin"></div></body></html>`;
}

interface GifRow {
  concurrency: number;
  raw: RunStats;
  api: RunStats;
  /** api p50 / raw p50: the target is ≤ 1.2. */
  timeRatio: number;
  apiBytes: number;
  rawBytes: number;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-gif-'));
  const api = await startApi({ dataDir, pages: 2 });
  const raw = await RawGifLoop.start({ executablePath: CHROMIUM, ...SIZE });
  const frames = FPS * SECONDS;
  const rows: GifRow[] = [];
  let apiBytes = 0;
  let rawBytes = 0;
  const apiRender = async (i: number) => {
    const { gif } = await apiPost<{ gif: { url: string; frames: number } }>(api, '/gif', {
      html: animationHtml(i),
      ...SIZE,
      quality: 'medium',
      frameDurationSeconds: SECONDS,
    });
    if (gif.frames !== frames) throw new Error(`expected ${frames} frames, got ${gif.frames}`);
    apiBytes = (await (await fetch(gif.url)).arrayBuffer()).byteLength;
  };
  const rawRender = async (i: number) => {
    rawBytes = (await raw.render(animationHtml(i), { fps: FPS, frames })).length;
  };
  try {
    await measure({ concurrency: 1, total: WARMUP, job: apiRender });
    await measure({ concurrency: 1, total: WARMUP, job: rawRender });
    const rawStats = await measure({ concurrency: 1, total: RENDERS, job: rawRender });
    const apiStats = await measure({ concurrency: 1, total: RENDERS, job: apiRender });
    const row: GifRow = {
      concurrency: 1,
      raw: rawStats,
      api: apiStats,
      timeRatio: Math.round((apiStats.p50Ms / rawStats.p50Ms) * 100) / 100,
      apiBytes,
      rawBytes,
    };
    rows.push(row);
    console.log(
      `gif c=1  raw p50 ${rawStats.p50Ms} ms p95 ${rawStats.p95Ms} ms | api p50 ${apiStats.p50Ms} ms p95 ${apiStats.p95Ms} ms | api/raw ${row.timeRatio}`,
    );
  } finally {
    await raw.close();
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), renders: RENDERS, size: SIZE, fps: FPS, seconds: SECONDS, frames };
  const markdown = [
    `## POST /gif vs a raw puppeteer-core frame loop, ${SIZE.width}×${SIZE.height}, ${SECONDS} s at ${FPS} fps (${frames} frames)`,
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} renders per side, one at a time, after ${WARMUP} warm-up renders each.`,
    '',
    '- **raw**: one warm puppeteer-core page of the headless shell with `--disable-threaded-animation`; animation clock frozen (CDP `Animation.setPlaybackRate 0`), `setContent`, then per frame: pause and seek every animation, CDP `Page.captureScreenshot` (PNG, `optimizeForSpeed`), sharp decode, gifenc quantize + encode. One step after the other.',
    '- **api**: `POST /gif` over HTTP to the embedded process (auth, validation, database row, bus command, capture on the GIF pool, encode, storage write, bus reply), answered when the file is stored. The renderer overlaps the capture of frame n+1 with decoding and encoding frame n.',
    '',
    '| concurrency | raw p50 ms | raw p95 ms | api p50 ms | api p95 ms | api/raw (p50) | GIF bytes (api / raw) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.concurrency} | ${r.raw.p50Ms} | ${r.raw.p95Ms} | ${r.api.p50Ms} | ${r.api.p95Ms} | ${r.timeRatio} | ${r.apiBytes} / ${r.rawBytes} |`,
    ),
    '',
    'Target: api ≤ 1.2× raw time.',
  ].join('\n');
  await writeBenchSection({ key: 'gif', markdown, results: { meta, rows } });
  console.log('wrote the gif section of docs/benchmarks.md and bench/results.json');
}

await main();
