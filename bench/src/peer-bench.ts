/**
 * `make bench` (the peer, issue 18 item 5): the benchmark image card and a
 * 5-page PDF through Pressroom's API and through browserless (pinned, from
 * npm, a local process on the same Chromium binary), in the same run, at
 * concurrency 1 and 4. Writes its section of docs/benchmarks.md and the `peer`
 * key of bench/results.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { startAssetServer } from './asset-server.js';
import { BROWSERLESS_VERSION, browserlessPost, startBrowserless } from './browserless-process.js';
import { cardHtml } from './card.js';
import { writeBenchSection } from './report.js';
import { measure, type RunStats } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const SIZE = { width: 1200, height: 630 };
const PAGES = 4;
const RENDERS = Number(process.env.BENCH_PEER_RENDERS ?? 16);
const WARMUP = 2;
const LEVELS = [1, 4];

/** A 5-page A4 document: a header, then 5 blocks of 25 priced lines, a page break after each. */
function reportHtml(number: number): string {
  const block = (p: number) =>
    `<section${p < 4 ? ' style="break-after:page"' : ''}><h2>Section ${p + 1}</h2><table>${Array.from({ length: 25 }, (_, i) => `<tr><td>Line ${p * 25 + i + 1}: consulting, design and rendering services</td><td class="n">${((p * 25 + i + 1) * 12.5).toFixed(2)} EUR</td></tr>`).join('')}</table></section>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Report ${number}</title><style>
  body { font: 13px/1.5 sans-serif; margin: 40px; color: #111; }
  header { background: #1e40af; color: #fff; padding: 20px 24px; border-radius: 8px; margin-bottom: 24px; }
  h1 { margin: 0; font-size: 26px; } table { width: 100%; border-collapse: collapse; }
  td { padding: 6px 8px; border-bottom: 1px solid #e5e7eb; } .n { text-align: right; }
</style></head><body><header><h1>Report ${number}</h1></header>
${Array.from({ length: 5 }, (_, p) => block(p)).join('\n')}</body></html>`;
}

interface PeerRow {
  case: string;
  concurrency: number;
  pressroom: RunStats;
  browserless: RunStats;
  /** Pressroom renders/s ÷ browserless renders/s. */
  throughputFactor: number;
  /** browserless p50 ÷ Pressroom p50. */
  latencyFactor: number;
}

async function main(): Promise<void> {
  const assets = await startAssetServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-peer-'));
  const api = await startApi({ dataDir, pages: PAGES });
  const peer = await startBrowserless({ executablePath: CHROMIUM }).catch((error: unknown) => {
    api.child.kill('SIGTERM');
    throw error;
  });
  const card = (i: number) => cardHtml({ fontUrl: assets.fontUrl, title: `Quarterly report #${i}: rendering at the speed of Chromium` });
  const cases = [
    {
      name: '1200×630 PNG card: POST /image vs browserless /chromium/screenshot',
      pressroom: async (i: number) => void (await apiPost(api, '/image', { html: card(i), ...SIZE })),
      browserless: async (i: number) => {
        const png = await browserlessPost(peer, '/chromium/screenshot', { html: card(i), viewport: SIZE, options: { type: 'png' } });
        const { width, height } = await sharp(png).metadata();
        if (width !== SIZE.width || height !== SIZE.height) throw new Error(`browserless answered a ${width}×${height} PNG`);
      },
    },
    {
      name: '5-page A4 PDF: POST /pdf/render vs browserless /chromium/pdf',
      pressroom: async (i: number) => {
        const { pageCount } = await apiPost<{ pageCount: number }>(api, '/pdf/render', { html: reportHtml(i) });
        if (pageCount !== 5) throw new Error(`Pressroom printed ${pageCount} pages`);
      },
      browserless: async (i: number) => {
        const pdf = await browserlessPost(peer, '/chromium/pdf', { html: reportHtml(i), options: { format: 'A4', printBackground: true } });
        const pages = (await PDFDocument.load(pdf)).getPageCount();
        if (pages !== 5) throw new Error(`browserless printed ${pages} pages`);
      },
    },
  ];
  const rows: PeerRow[] = [];
  try {
    for (const c of cases) {
      await measure({ concurrency: 1, total: WARMUP, job: c.pressroom });
      await measure({ concurrency: 1, total: WARMUP, job: c.browserless });
      for (const concurrency of LEVELS) {
        const pressroom = await measure({ concurrency, total: RENDERS, job: c.pressroom });
        const browserless = await measure({ concurrency, total: RENDERS, job: c.browserless });
        const row: PeerRow = {
          case: c.name,
          concurrency,
          pressroom,
          browserless,
          throughputFactor: Math.round((pressroom.rendersPerSecond / browserless.rendersPerSecond) * 10) / 10,
          latencyFactor: Math.round((browserless.p50Ms / pressroom.p50Ms) * 10) / 10,
        };
        rows.push(row);
        console.log(
          `${c.name} c=${concurrency}: pressroom p50 ${pressroom.p50Ms} ms ${pressroom.rendersPerSecond}/s | browserless p50 ${browserless.p50Ms} ms ${browserless.rendersPerSecond}/s`,
        );
      }
    }
  } finally {
    peer.child.kill('SIGTERM');
    api.child.kill('SIGTERM');
    assets.server.close();
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), renders: RENDERS, browserless: BROWSERLESS_VERSION };
  await writeBenchSection({ key: 'peer', markdown: markdown(rows, meta), results: { meta, rows } });
  console.log('wrote docs/benchmarks.md and bench/results.json');
}

function markdown(rows: PeerRow[], meta: Record<string, unknown>): string {
  return [
    `## The peer: Pressroom vs browserless ${BROWSERLESS_VERSION}, same Chromium, same run`,
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} renders per row and side after ${WARMUP} warm-up renders each. \`bench/src/peer-bench.ts\`.`,
    '',
    `- **browserless**: \`@browserless.io/browserless@${BROWSERLESS_VERSION}\` from npm, installed by the bench into a cache directory (not committed), run as a local process with its defaults (CONCURRENT 10, QUEUED 10, TIMEOUT 30 s, info logging) on Debian's chromium-headless-shell, the binary Pressroom uses. \`POST /chromium/screenshot\` (\`html\`, \`viewport\`, \`options.type: png\`) and \`POST /chromium/pdf\` (\`html\`, \`options: {format: A4, printBackground: true}\`); the answer is the file itself. Two adjustments so it starts here (\`bench/src/browserless-process.ts\`): only its Chromium routes are loaded (it refuses to start without Google Chrome and Edge binaries for its other routes; its management routes are left out because one requires a file by a path npm's hoisting moves), and playwright-core's Chromium path links to the headless shell.`,
    `- **Pressroom**: \`POST /image\` and \`POST /pdf/render\` over HTTP to the embedded process with ${PAGES} warm pages, answered when the file is stored (database row, storage write and bus included); the PNG is the shipped default (\`small\`: Chromium's fast PNG re-packed losslessly; see the PNG section).`,
    '',
    '| case | concurrency | Pressroom p50 ms | Pressroom p95 ms | Pressroom renders/s | browserless p50 ms | browserless p95 ms | browserless renders/s | Pressroom ahead: throughput × | Pressroom ahead: p50 × |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${r.concurrency} | ${r.pressroom.p50Ms} | ${r.pressroom.p95Ms} | ${r.pressroom.rendersPerSecond} | ${r.browserless.p50Ms} | ${r.browserless.p95Ms} | ${r.browserless.rendersPerSecond} | ${r.throughputFactor} | ${r.latencyFactor} |`,
    ),
    '',
    "Noise: the 2 cores are shared with other engineers' builds and benches, so absolute numbers move by a factor of 2 between runs; both sides run in the same process, one after the other per row, and the factors are what to read.",
    '',
    "Why the gap: browserless launches a fresh Chromium (new profile directory) for every HTTP request and closes it after, which is its isolation model; Pressroom keeps warm pages in a pooled browser and isolates renders by wiping the page's state between them (libs/browser README). The launch, not the rendering, is most of browserless's time.",
    '',
  ].join('\n');
}

await main();
