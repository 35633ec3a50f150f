/**
 * Chromium's own CPU per capture, by process (browser, GPU process, renderers), on the raw
 * fast-capture loop: the developer's flags (raw-browser.ts) against the same flags plus the
 * Chromium flag Pressroom adds for speed (`--in-process-gpu`, docs/adr/0058). The other benches
 * compare Pressroom with the developer's loop; this one says how much of that comparison is the
 * flag, so no ratio there is read as our code's overhead alone. Writes its section of
 * docs/benchmarks.md and the `chromiumCpu` key of bench/results.json; `make bench` runs it after
 * the PNG section, `make bench-chromium-cpu` alone (about 5 minutes).
 */
import { startAssetServer } from './asset-server.js';
import { machineMeta } from './api-process.js';
import { captureCards } from './capture-cards.js';
import { chromiumCpuMs, type ChromiumProcessKind } from './chromium-cpu.js';
import { RawLoop } from './raw-loop.js';
import { writeBenchSection } from './report.js';
import { measure } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const SIZE = { width: 1200, height: 630 };
const PAGES = 4;
const CONCURRENCY = 4;
const RENDERS = Number(process.env.BENCH_CHROMIUM_RENDERS ?? 60);
const ROUNDS = Number(process.env.BENCH_CHROMIUM_ROUNDS ?? 4);
const SIDES = {
  "the developer's flags (the raw loop)": [] as string[],
  'the same with --in-process-gpu (Pressroom)': ['--in-process-gpu'],
};
type Side = keyof typeof SIDES;
const KINDS: ChromiumProcessKind[] = ['browser', 'gpu-process', 'renderer', 'other'];

interface Row {
  card: string;
  side: Side;
  captures: number;
  capturesPerSecond: number;
  chromiumCpuMsPerCapture: number;
  byProcess: Record<ChromiumProcessKind, number>;
  /** The loop's own process (puppeteer, base64 decode). */
  clientCpuMsPerCapture: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const assets = await startAssetServer();
  const cards = captureCards(assets);
  const loops = {} as Record<Side, RawLoop>;
  for (const [side, extraArgs] of Object.entries(SIDES) as [Side, string[]][])
    loops[side] = await RawLoop.start({ executablePath: CHROMIUM, pages: PAGES, ...SIZE, extraArgs });
  const rows: Row[] = [];
  try {
    for (const [card, html] of Object.entries(cards)) {
      const totals = new Map<
        Side,
        { captures: number; elapsedMs: number; chromium: Record<ChromiumProcessKind, number>; clientMs: number }
      >();
      for (const side of Object.keys(SIDES) as Side[]) {
        await measure({ concurrency: CONCURRENCY, total: 16, job: (i) => loops[side].capture(html(i), SIZE).then(() => undefined) });
        totals.set(side, { captures: 0, elapsedMs: 0, chromium: { browser: 0, 'gpu-process': 0, renderer: 0, other: 0 }, clientMs: 0 });
      }
      for (let round = 0; round < ROUNDS; round++) {
        const order = Object.keys(SIDES) as Side[];
        for (const side of round % 2 === 0 ? order : order.reverse()) {
          const loop = loops[side];
          const before = chromiumCpuMs(loop.browserPid!);
          const clientBefore = process.cpuUsage();
          const started = performance.now();
          await measure({
            concurrency: CONCURRENCY,
            total: RENDERS,
            job: (i) => loop.capture(html(round * RENDERS + i), SIZE).then(() => undefined),
          });
          const elapsedMs = performance.now() - started;
          const client = process.cpuUsage(clientBefore);
          const after = chromiumCpuMs(loop.browserPid!);
          const total = totals.get(side)!;
          total.captures += RENDERS;
          total.elapsedMs += elapsedMs;
          total.clientMs += (client.user + client.system) / 1000;
          for (const kind of KINDS) total.chromium[kind] += after[kind] - before[kind];
          console.log(`${card} | ${side}: ${round1((RENDERS * 1000) / elapsedMs)}/s`);
        }
      }
      for (const [side, total] of totals) {
        const byProcess = Object.fromEntries(
          KINDS.map((kind) => [kind, round1(total.chromium[kind] / total.captures)]),
        ) as Row['byProcess'];
        rows.push({
          card,
          side,
          captures: total.captures,
          capturesPerSecond: round1((total.captures * 1000) / total.elapsedMs),
          chromiumCpuMsPerCapture: round1(KINDS.reduce((sum, kind) => sum + total.chromium[kind], 0) / total.captures),
          byProcess,
          clientCpuMsPerCapture: round1(total.clientMs / total.captures),
        });
      }
    }
  } finally {
    for (const loop of Object.values(loops)) await loop.close();
    assets.server.close();
  }
  const meta = machineMeta();
  const table = [
    "| card | Chromium's flags | captures | captures/s | Chromium CPU ms per capture | browser | GPU process | renderers | other | loop's own process |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.card} | ${r.side} | ${r.captures} | ${r.capturesPerSecond} | ${r.chromiumCpuMsPerCapture} | ${r.byProcess.browser} | ${r.byProcess['gpu-process']} | ${r.byProcess.renderer} | ${r.byProcess.other} | ${r.clientCpuMsPerCapture} |`,
    ),
  ];
  await writeBenchSection({
    key: 'chromiumCpu',
    results: { meta, rows },
    markdown: [
      "## Chromium's own CPU per capture, by process: the developer's flags and Pressroom's",
      '',
      `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; the raw fast-capture loop (setContent, fonts, \`Page.captureScreenshot\` with optimizeForSpeed) at concurrency ${CONCURRENCY} on ${PAGES} warm pages, both browsers up at once, ${ROUNDS} alternating rounds of ${RENDERS} captures per side. CPU is user + system from /proc of the browser process and all its descendants, by each one's \`--type\`. \`bench/src/chromium-cpu-bench.ts\` (part of \`make bench\`; alone: \`make bench-chromium-cpu\`).`,
      '',
      ...table,
      '',
      "The other sections compare Pressroom with a loop on the developer's flags. Pressroom's browsers add `--in-process-gpu` (docs/adr/0058-compositor-in-the-browser-process.md): the display compositor runs in the browser process, so a capture's bitmap is not handed from a GPU process to the browser. The difference between the two rows of a card is what that flag alone is worth; the rest of any api/raw ratio is Pressroom's own work.",
    ].join('\n'),
  });
}

await main();
