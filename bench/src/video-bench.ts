/**
 * `make bench` (video): POST /video/templates/{uid}/render through the whole embedded process
 * against a raw @remotion/renderer loop (selectComposition + renderMedia in this process) on the
 * same render bundle, composition and props, in the same run. Writes its section of
 * docs/benchmarks.md and the `video` key of bench/results.json.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, RenderInternals, renderMedia, selectComposition } from '@remotion/renderer';
import { checkCodeTemplate, renderBundle } from '@pressroom/video';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { writeBenchSection } from './report.js';
import { measure, type RunStats } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const RENDERS = Number(process.env.BENCH_VIDEO_RENDERS ?? 5);
const WARMUP = 1;
/**
 * Remotion's own recommendation for this machine: its concurrency helper with
 * no preference (half the CPU threads, at least 1, at most 8: 1 on 2 cores) and
 * its default x264 preset (medium, passed as null).
 */
const RAW_CONCURRENCY = RenderInternals.resolveConcurrency(null);
const RAW_X264_PRESET = null;

/** A 1280×720 title card, 2 s at 30 fps: gradient, a title sliding in, a bar growing. */
const SCENE = `import { AbsoluteFill, interpolate, useCurrentFrame } from 'remotion';
export const meta = { width: 1280, height: 720, fps: 30, durationInFrames: 60, defaultProps: { title: 'Quarterly report' } };
export default function Scene({ title }: { title: string }) {
  const frame = useCurrentFrame();
  const x = interpolate(frame, [0, 30], [-400, 80], { extrapolateRight: 'clamp' });
  const width = interpolate(frame, [10, 60], [0, 1100], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  return (
    <AbsoluteFill style={{ background: 'linear-gradient(135deg, #0f172a, #1e3a8a 60%, #9333ea)', fontFamily: 'sans-serif' }}>
      <h1 style={{ position: 'absolute', left: x, top: 220, color: 'white', fontSize: 96, margin: 0 }}>{title}</h1>
      <div style={{ position: 'absolute', left: 80, top: 400, height: 24, width, background: '#f59e0b', borderRadius: 12 }} />
    </AbsoluteFill>
  );
}
`;

interface VideoRow {
  raw: RunStats;
  api: RunStats;
  /** api p50 / raw p50. */
  timeRatio: number;
  apiBytes: number;
  rawBytes: number;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-'));
  const api = await startApi({ dataDir, pages: 1 });
  const scratch = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-raw-'));
  const serveUrl = await renderBundle();
  const checked = await checkCodeTemplate(SCENE);
  if (!checked.ok) throw new Error(`the bench scene does not compile: ${JSON.stringify(checked.errors)}`);
  let apiBytes = 0;
  let rawBytes = 0;
  let templateUid = '';
  const apiRender = async (i: number) => {
    const video = await apiPost<{ url: string; durationInFrames: number }>(api, `/video/templates/${templateUid}/render`, {
      variables: { title: `Report ${i}` },
    });
    if (video.durationInFrames !== 60) throw new Error(`expected 60 frames, got ${video.durationInFrames}`);
    apiBytes = (await (await fetch(video.url)).arrayBuffer()).byteLength;
  };
  // One browser for every raw render, as Remotion's docs advise for repeated renders (puppeteerInstance).
  const browserOptions = { browserExecutable: CHROMIUM, chromeMode: 'headless-shell' as const, logLevel: 'error' as const };
  const rawBrowser = await openBrowser('chrome', browserOptions);
  const rawRender = async (i: number) => {
    const inputProps = { code: checked.code, meta: checked.meta, props: { title: `Report ${i}` } };
    const common = { ...browserOptions, serveUrl, puppeteerInstance: rawBrowser };
    const composition = await selectComposition({ ...common, id: 'code', inputProps });
    const outputLocation = join(scratch, `raw-${i}.mp4`);
    await renderMedia({
      ...common,
      composition,
      inputProps,
      codec: 'h264',
      outputLocation,
      colorSpace: 'bt709',
      concurrency: RAW_CONCURRENCY,
      x264Preset: RAW_X264_PRESET,
      overwrite: true,
    });
    rawBytes = (await readFile(outputLocation)).byteLength;
  };
  let row: VideoRow;
  try {
    const created = await fetch(`${api.baseUrl}/video/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', tsx: SCENE }),
    });
    if (created.status !== 201) throw new Error(`POST /video/templates answered ${created.status}: ${await created.text()}`);
    templateUid = ((await created.json()) as { template: { uid: string } }).template.uid;
    await measure({ concurrency: 1, total: WARMUP, job: apiRender });
    await measure({ concurrency: 1, total: WARMUP, job: rawRender });
    const raw = await measure({ concurrency: 1, total: RENDERS, job: rawRender });
    const apiStats = await measure({ concurrency: 1, total: RENDERS, job: apiRender });
    row = { raw, api: apiStats, timeRatio: Math.round((apiStats.p50Ms / raw.p50Ms) * 100) / 100, apiBytes, rawBytes };
    console.log(
      `video mp4 c=1  raw p50 ${raw.p50Ms} ms p95 ${raw.p95Ms} ms | api p50 ${apiStats.p50Ms} ms p95 ${apiStats.p95Ms} ms | api/raw ${row.timeRatio}`,
    );
  } finally {
    await rawBrowser.close({ silent: true });
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
  const meta = {
    ...machineMeta(),
    renders: RENDERS,
    size: { width: 1280, height: 720 },
    fps: 30,
    frames: 60,
    raw: { concurrency: RAW_CONCURRENCY, x264Preset: 'medium (default)', browser: 'one, reused' },
  };
  const markdown = [
    '## POST /video/templates/{uid}/render vs a raw @remotion/renderer loop, 1280×720, 2 s at 30 fps (60 frames), MP4',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} renders per side, one at a time, after ${WARMUP} warm-up render each.`,
    '',
    `- **raw**: \`selectComposition\` + \`renderMedia\` in the bench process with Remotion's own recommended settings for this machine: \`concurrency\` from its helper with no preference (\`resolveConcurrency(null)\`: half the CPU threads, at least 1, so ${RAW_CONCURRENCY} here), its default x264 preset (medium), H.264, BT.709, and one browser opened once and passed to every call (\`openBrowser\` + \`puppeteerInstance\`, as its docs advise for repeated renders); the same render bundle, composition and props, Debian's headless shell; no proxy, no child process.`,
    '- **api**: `POST /video/templates/{uid}/render` over HTTP to the embedded process (auth, credits, database row, bus command, the scene compiled, a child process per render behind the egress proxy, storage write, bus reply), answered when the file is stored.',
    "- Before issue 18 the raw loop launched a browser in `selectComposition` and another in `renderMedia` for every render (api/raw 0.69 on 2026-11-23); with Remotion's own settings it keeps one warm browser, which the API (a fresh child process and browser per render, for isolation) does not.",
    '',
    '| concurrency | raw p50 ms | raw p95 ms | api p50 ms | api p95 ms | api/raw (p50) | MP4 bytes (api / raw) |',
    '|---|---|---|---|---|---|---|',
    `| 1 | ${row.raw.p50Ms} | ${row.raw.p95Ms} | ${row.api.p50Ms} | ${row.api.p95Ms} | ${row.timeRatio} | ${row.apiBytes} / ${row.rawBytes} |`,
  ].join('\n');
  await writeBenchSection({ key: 'video', markdown, results: { meta, rows: [row] } });
  console.log('wrote the video section of docs/benchmarks.md and bench/results.json');
}

await main();
