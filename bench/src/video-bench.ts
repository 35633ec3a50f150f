/**
 * `make bench` (video): POST /video/templates/{uid}/render through the whole embedded process
 * against a raw @remotion/renderer loop (selectComposition + renderMedia in this process) on the
 * same render bundle, composition and props, in the same run: a 2 s 720p code template, and a
 * 10 s 1080p timeline with a video clip, audio and two transitions (issue 19). Writes its section
 * of docs/benchmarks.md and the `video` key of bench/results.json.
 *
 * Smoke run: `BENCH_SMOKE=1 BENCH_VIDEO_RENDERS=1 BENCH_VIDEO_ROWS=timeline BENCH_TIMELINE_WIDTH=640
 * BENCH_TIMELINE_SECONDS=2` (writes nothing).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrowser, RenderInternals, renderMedia, selectComposition } from '@remotion/renderer';
import { bindTimelineVariables, checkCodeTemplate, renderBundle } from '@pressroom/video';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { writeBenchSection } from './report.js';
import { measure, type RunStats } from './stats.js';
import { benchTimeline, startTimelineMedia, type TimelineMedia } from './timeline-media.js';

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

/** What one row renders: the API's template and variables, and the raw loop's composition and props. */
interface RowPlan {
  template: Record<string, unknown>;
  variables: (i: number) => Record<string, unknown>;
  compositionId: 'code' | 'timeline';
  inputProps: (i: number) => Record<string, unknown>;
  durationInFrames: number;
}

/** Rows to run (`BENCH_VIDEO_ROWS=timeline` for one); `BENCH_SMOKE=1` prints without writing the report. */
const ROWS = new Set((process.env.BENCH_VIDEO_ROWS ?? 'code,timeline').split(','));
const SMOKE = process.env.BENCH_SMOKE === '1';
/** The timeline row's size and length (smaller only for a smoke run). */
const TIMELINE = {
  width: Number(process.env.BENCH_TIMELINE_WIDTH ?? 1920),
  seconds: Number(process.env.BENCH_TIMELINE_SECONDS ?? 10),
};

async function codePlan(): Promise<RowPlan> {
  const checked = await checkCodeTemplate(SCENE);
  if (!checked.ok) throw new Error(`the bench scene does not compile: ${JSON.stringify(checked.errors)}`);
  return {
    template: { name: 'bench', tsx: SCENE },
    variables: (i) => ({ title: `Report ${i}` }),
    compositionId: 'code',
    inputProps: (i) => ({ code: checked.code, meta: checked.meta, props: { title: `Report ${i}` } }),
    durationInFrames: 60,
  };
}

function timelinePlan(media: TimelineMedia): RowPlan {
  const width = TIMELINE.width;
  const height = Math.round((width * 9) / 16);
  const projectJson = benchTimeline({ width, height, seconds: TIMELINE.seconds, media });
  // The raw loop plays the same resolved project the API binds, with the sources' own URLs (no guard, no cache).
  const resolved = (i: number) => {
    const bound = bindTimelineVariables(projectJson, { headline: `Report ${i}` });
    if (!bound.ok) throw new Error(`the bench timeline does not bind: ${JSON.stringify(bound.errors)}`);
    return bound.project;
  };
  return {
    template: { name: 'bench timeline', projectJson, variableDefinitions: [{ name: 'headline', type: 'text' }] },
    variables: (i) => ({ headline: `Report ${i}` }),
    compositionId: 'timeline',
    inputProps: (i) => ({ project: resolved(i), fonts: [] }),
    durationInFrames: resolved(0).durationInFrames,
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-'));
  const api = await startApi({ dataDir, pages: 1 });
  const scratch = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-raw-'));
  const mediaDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-video-media-'));
  const serveUrl = await renderBundle();
  // One browser for every raw render, as Remotion's docs advise for repeated renders (puppeteerInstance).
  const browserOptions = { browserExecutable: CHROMIUM, chromeMode: 'headless-shell' as const, logLevel: 'error' as const };
  const rawBrowser = await openBrowser('chrome', browserOptions);
  let media: TimelineMedia | null = null;
  const rows: Partial<Record<'code' | 'timeline', VideoRow>> = {};

  /** One row: warm-up each side, then the raw loop, then the API, one render at a time. */
  const runRow = async (key: 'code' | 'timeline', plan: RowPlan): Promise<VideoRow> => {
    let apiBytes = 0;
    let rawBytes = 0;
    const created = await fetch(`${api.baseUrl}/video/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(plan.template),
    });
    if (created.status !== 201) throw new Error(`POST /video/templates answered ${created.status}: ${await created.text()}`);
    const templateUid = ((await created.json()) as { template: { uid: string } }).template.uid;
    const apiRender = async (i: number) => {
      const video = await apiPost<{ url: string; durationInFrames: number }>(api, `/video/templates/${templateUid}/render`, {
        variables: plan.variables(i),
      });
      if (video.durationInFrames !== plan.durationInFrames)
        throw new Error(`expected ${plan.durationInFrames} frames, got ${video.durationInFrames}`);
      apiBytes = (await (await fetch(video.url)).arrayBuffer()).byteLength;
    };
    const rawRender = async (i: number) => {
      const inputProps = plan.inputProps(i);
      const common = { ...browserOptions, serveUrl, puppeteerInstance: rawBrowser };
      const composition = await selectComposition({ ...common, id: plan.compositionId, inputProps });
      const outputLocation = join(scratch, `raw-${key}-${i}.mp4`);
      await renderMedia({
        ...common,
        composition,
        inputProps,
        codec: 'h264',
        audioCodec: 'aac',
        outputLocation,
        colorSpace: 'bt709',
        concurrency: RAW_CONCURRENCY,
        x264Preset: RAW_X264_PRESET,
        overwrite: true,
      });
      rawBytes = (await readFile(outputLocation)).byteLength;
      await rm(outputLocation, { force: true });
    };
    await measure({ concurrency: 1, total: WARMUP, job: apiRender });
    await measure({ concurrency: 1, total: WARMUP, job: rawRender });
    const raw = await measure({ concurrency: 1, total: RENDERS, job: rawRender });
    const downloadsBefore = media?.downloads() ?? 0;
    const apiStats = await measure({ concurrency: 1, total: RENDERS, job: apiRender });
    const apiDownloads = (media?.downloads() ?? 0) - downloadsBefore;
    const row = { raw, api: apiStats, timeRatio: Math.round((apiStats.p50Ms / raw.p50Ms) * 100) / 100, apiBytes, rawBytes };
    console.log(
      `video ${key} mp4 c=1  raw p50 ${raw.p50Ms} ms p95 ${raw.p95Ms} ms | api p50 ${apiStats.p50Ms} ms p95 ${apiStats.p95Ms} ms | api/raw ${row.timeRatio} | MP4 bytes api ${apiBytes} raw ${rawBytes}` +
        (media && key === 'timeline' ? ` | media downloads by the API after its warm-up: ${apiDownloads}` : ''),
    );
    return row;
  };

  try {
    if (ROWS.has('code')) rows.code = await runRow('code', await codePlan());
    if (ROWS.has('timeline')) {
      media = await startTimelineMedia({
        dir: mediaDir,
        width: TIMELINE.width,
        height: Math.round((TIMELINE.width * 9) / 16),
        seconds: TIMELINE.seconds,
      });
      rows.timeline = await runRow('timeline', timelinePlan(media));
    }
  } finally {
    await rawBrowser.close({ silent: true });
    await media?.close();
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
    await rm(mediaDir, { recursive: true, force: true });
  }
  if (SMOKE || !rows.code || !rows.timeline) {
    console.log('smoke run (BENCH_SMOKE=1 or a subset of rows): docs/benchmarks.md and bench/results.json left as they were');
    return;
  }
  const meta = {
    ...machineMeta(),
    renders: RENDERS,
    raw: { concurrency: RAW_CONCURRENCY, x264Preset: 'medium (default)', browser: 'one, reused' },
    code: { size: { width: 1280, height: 720 }, fps: 30, frames: 60 },
    timeline: { size: { width: 1920, height: 1080 }, fps: 30, frames: TIMELINE.seconds * 30, media: media!.sizes },
  };
  const line = (label: string, row: VideoRow) =>
    `| ${label} | ${row.raw.p50Ms} | ${row.raw.p95Ms} | ${row.api.p50Ms} | ${row.api.p95Ms} | ${row.timeRatio} | ${row.apiBytes} / ${row.rawBytes} |`;
  const markdown = [
    '## POST /video/templates/{uid}/render vs a raw @remotion/renderer loop, MP4',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} renders per side and row, one at a time, after ${WARMUP} warm-up render each.`,
    '',
    '- **code template**: 1280×720, 2 s at 30 fps (60 frames): a gradient, a title sliding in, a bar growing.',
    `- **timeline**: 1920×1080, ${TIMELINE.seconds} s at 30 fps (${TIMELINE.seconds * 30} frames): a solid with a headline (the variable each render changes), a 1080p H.264+AAC video clip fading in over it, a solid sliding in over the clip, and an AAC audio clip under the whole timeline. The media (${meta.timeline.media.video} and ${meta.timeline.media.audio} bytes, made with the compositor's ffmpeg) come from a local HTTP server with an ETag; the API fetches them through the SSRF guard, probes them and keeps them in its media cache (later renders revalidate with one conditional request), while Remotion in both loops downloads them again from its source per render.`,
    `- **raw**: \`selectComposition\` + \`renderMedia\` in the bench process with Remotion's own recommended settings for this machine: \`concurrency\` from its helper with no preference (\`resolveConcurrency(null)\`: half the CPU threads, at least 1, so ${RAW_CONCURRENCY} here), its default x264 preset (medium), H.264 + AAC, BT.709, and one browser opened once and passed to every call (\`openBrowser\` + \`puppeteerInstance\`, as its docs advise for repeated renders); the same render bundle, composition and props, Debian's headless shell; no proxy, no child process, no poster.`,
    '- **api**: `POST /video/templates/{uid}/render` over HTTP to the embedded process (auth, credits, database row, bus command, the scene compiled or the timeline bound, its media fetched or revalidated, a child process per render behind the egress proxy, the poster frame, storage write, bus reply), answered when the file is stored.',
    "- Before issue 18 the raw loop launched a browser in `selectComposition` and another in `renderMedia` for every render (api/raw 0.69 on 2026-11-23); with Remotion's own settings it keeps one warm browser, which the API (a fresh child process and browser per render, for isolation) does not: a fixed cost per render that weighs on the 2 s row and much less on the 10 s one.",
    '',
    '| row | raw p50 ms | raw p95 ms | api p50 ms | api p95 ms | api/raw (p50) | MP4 bytes (api / raw) |',
    '|---|---|---|---|---|---|---|',
    line('code template, 720p, 2 s', rows.code),
    line(`timeline, 1080p, ${TIMELINE.seconds} s, video + audio + 2 transitions`, rows.timeline),
  ].join('\n');
  await writeBenchSection({ key: 'video', markdown, results: { meta, rows: [rows.code, rows.timeline] } });
  console.log('wrote the video section of docs/benchmarks.md and bench/results.json');
}

await main();
