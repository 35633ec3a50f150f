/**
 * `make bench` (PDF): POST /pdf/render (1-page and 10-page invoices) and
 * POST /pdf/multi-page (10 variable sets) through the whole embedded process,
 * against raw puppeteer-core `page.pdf` in the same run. Writes its section
 * of docs/benchmarks.md and the `pdf` key of bench/results.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { invoiceHtml } from './invoice.js';
import { RawPdfLoop } from './raw-pdf-loop.js';
import { writeBenchSection } from './report.js';
import { PROCESS_WARMUP, measure, measureAlternating, warmUp, type RunStats } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const PAGES = 4;
/**
 * 120 (40 for 10 pages): at 60, a round at concurrency 4 was 15 renders, and its start and drain (fewer
 * than 4 in flight) moved one side's throughput by ±15 % from run to run on this 2-core machine.
 */
const RENDERS = Number(process.env.BENCH_PDF_RENDERS ?? 120);
const WARMUP = 4;
/** Each case's renders run in this many alternating rounds of raw and API (see measureAlternating). */
const ROUNDS = Number(process.env.BENCH_PDF_ROUNDS ?? 4);

interface PdfRow {
  case: string;
  concurrency: number;
  pages: number;
  raw: RunStats;
  api: RunStats;
  /** api p50 / raw p50. */
  timeRatio: number;
  throughputRatio: number;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-pdf-'));
  const api = await startApi({ dataDir, pages: PAGES });
  const raw = await RawPdfLoop.start({ executablePath: CHROMIUM, pages: PAGES });
  const rows: PdfRow[] = [];
  try {
    const { template } = await apiPost<{ template: { uid: string } }>(api, '/templates', {
      name: 'bench invoice',
      html: invoiceHtml('{{number}}', 1),
    });
    const sets = Array.from({ length: 10 }, (_, i) => ({ number: `M-${i + 1}` }));
    const cases: Array<{
      name: string;
      pages: number;
      concurrency: number;
      renders: number;
      api(i: number): Promise<void>;
      raw(i: number): Promise<void>;
    }> = [1, 4]
      .map((concurrency) => ({
        name: '1-page invoice, POST /pdf/render',
        pages: 1,
        concurrency,
        renders: RENDERS,
        api: async (i: number) => check(await apiPost<{ pageCount: number }>(api, '/pdf/render', { html: invoiceHtml(`A-${i}`, 1) }), 1),
        raw: async (i: number) => void (await raw.print(invoiceHtml(`A-${i}`, 1))),
      }))
      .concat(
        [1, 4].map((concurrency) => ({
          name: '10-page invoice, POST /pdf/render',
          pages: 10,
          concurrency,
          renders: Math.ceil(RENDERS / 3),
          api: async (i: number) =>
            check(await apiPost<{ pageCount: number }>(api, '/pdf/render', { html: invoiceHtml(`B-${i}`, 10) }), 10),
          raw: async (i: number) => void (await raw.print(invoiceHtml(`B-${i}`, 10))),
        })),
      )
      .concat([
        {
          name: '10 variable sets, POST /pdf/multi-page (raw: 10 prints + pdf-lib join)',
          pages: 10,
          concurrency: 1,
          renders: Math.ceil(RENDERS / 3),
          api: async () =>
            check(await apiPost<{ pageCount: number }>(api, '/pdf/multi-page', { templateUid: template.uid, variableSets: sets }), 10),
          raw: async () => void (await raw.printJoined(sets.map((s) => invoiceHtml(s.number, 1)))),
        },
      ]);
    const firstCase = cases[0]!;
    await warmUp(PAGES, firstCase.api);
    await warmUp(PAGES, firstCase.raw);
    for (const c of cases) {
      await measure({ concurrency: c.concurrency, total: WARMUP, job: c.api });
      await measure({ concurrency: c.concurrency, total: WARMUP, job: c.raw });
      const { raw: rawStats, api: apiStats } = await measureAlternating({
        concurrency: c.concurrency,
        total: c.renders,
        rounds: ROUNDS,
        sides: { raw: c.raw, api: c.api },
      });
      const row: PdfRow = {
        case: c.name,
        concurrency: c.concurrency,
        pages: c.pages,
        raw: rawStats,
        api: apiStats,
        timeRatio: Math.round((apiStats.p50Ms / rawStats.p50Ms) * 100) / 100,
        throughputRatio: Math.round((apiStats.rendersPerSecond / rawStats.rendersPerSecond) * 100) / 100,
      };
      rows.push(row);
      console.log(
        `pdf ${c.name} c=${c.concurrency}  raw p50 ${rawStats.p50Ms} ms ${rawStats.rendersPerSecond}/s | api p50 ${apiStats.p50Ms} ms ${apiStats.rendersPerSecond}/s | api/raw time ${row.timeRatio}`,
      );
    }
  } finally {
    await raw.close();
    api.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), renders: RENDERS, pages: PAGES };
  const markdown = [
    '## POST /pdf/render and /pdf/multi-page vs raw puppeteer-core `page.pdf`, A4 invoices',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${PROCESS_WARMUP} 1-page renders through each side at concurrency ${PAGES} after start-up (a server that has been running: V8 optimised, PGlite's WebAssembly tiered up), then ${WARMUP} warm-up renders per case and side and ${RENDERS} measured (a third of that for 10 pages) in ${ROUNDS} alternating rounds of raw and API, pooled; both sides use ${PAGES} warm pages of Debian's chromium-headless-shell.`,
    '',
    '- **raw**: puppeteer-core, pooled pages, `setContent` + `page.pdf({format: A4, printBackground: true})`; for 10 variable sets, 10 prints joined with pdf-lib.',
    '- **api**: the request over HTTP to the embedded process (auth, validation, template, database row, bus command, print on the shared pool, page count, storage write, bus reply), answered when the file is stored. Multi-page prints each set on its own page of the pool, 2 at a time, and joins them with pdf-lib.',
    '',
    '| case | concurrency | pages | raw p50 ms | raw p95 ms | raw PDFs/s | api p50 ms | api p95 ms | api PDFs/s | api/raw time (p50) | throughput api/raw |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.case} | ${r.concurrency} | ${r.pages} | ${r.raw.p50Ms} | ${r.raw.p95Ms} | ${r.raw.rendersPerSecond} | ${r.api.p50Ms} | ${r.api.p95Ms} | ${r.api.rendersPerSecond} | ${r.timeRatio} | ${r.throughputRatio} |`,
    ),
    '',
    'Targets (issue 18): api/raw p50 ≤ 1.3 at concurrency 1 and throughput ≥ 0.8× raw at concurrency 4, for 1-page and 10-page documents. The machine is a 2-core VM shared with other work: absolute numbers move a lot between runs (the two sides of a row run in alternating rounds, never at once), so only ratios within one run mean something; repeat the run before reading a trend into one row. The profile below says where the API time goes.',
    '',
    "2026-11-29 22:51Z, sixth session (2× AMD EPYC; its raw loop printed the 1-page invoice at 77.5 PDFs/s at concurrency 1 and 105.9 at concurrency 4, the fastest Chromium so far; nothing else running). One run, `make bench`'s (the table above), after this session's refactors, which changed nothing on the render path: 1-page **1.34×** raw at concurrency 1 and **0.78×** its throughput at concurrency 4; 10-page 1.02× and 0.98×. **Not met for 1 page**, as on the fifth session's VM. The profile section read the same steps as then (gateway 1.3, queued row 0.8, completion 0.6, storage 1.0 ms). The storage step's 1.0 ms (0.4 in the fifth session's run) was checked against where the bench keeps its data: creating and renaming a 30 KB file took the same under /tmp as in a new directory under the project's `.data/` (p50 172–255 µs against 247–259 µs, two runs each, 5 ms apart), so the bench's data directory stays where it is.",
    "2026-11-29 19:05–19:19Z, fifth session (2× AMD EPYC; its raw loop printed the 1-page invoice at 65.8–66.5 PDFs/s at concurrency 1 and 88–95 at concurrency 4; nothing else running). Two runs of this section on one build (the table above is the second, `make bench`'s): 1-page **1.38, 1.39×** raw at concurrency 1 and **0.77, 0.77×** its throughput at concurrency 4; 10-page 1.00 and 1.04× at concurrency 1, 1.08 and 0.98× at concurrency 4. **Not met for 1 page on this VM**, where Chromium prints fast (14 ms p50). What the request adds at concurrency 1 is ~5.3 ms, of which the two statements on its critical path (the queued row and the completion) are ~1 ms each in the profile section against 0.10–0.15 ms each in a loop: after ~15 ms of waiting for Chromium, PGlite's code and data are no longer in the CPU's caches (the API CPU notes of this session measure that: a 10 ms pause, slept or spun, makes each statement ~5× dearer). At concurrency 4 the API process spends 5.5–5.7 ms of CPU per PDF (800 PDFs, `process.cpuUsage`), against ~21 ms of Chromium's.",
    "2026-11-29 16:40–17:05Z, fourth session (2× AMD EPYC; its raw loop printed the 1-page invoice at 48–60 PDFs/s at concurrency 1 and 65–96 at concurrency 4 between runs; nothing else running). Four runs of this section on one build (the table above is the fourth, `make bench`'s): 1-page **1.27, 1.27, 1.30, 1.35×** raw at concurrency 1 and **0.78, 0.84, 0.91, 0.72×** its throughput at concurrency 4; 10-page 0.99 and 1.03×, 1.05 and 1.01× (first and last run). **Concurrency 1 met in three runs of four, concurrency 4 in two**, and the concurrency-4 ratio follows the raw loop's own speed: 0.91 when it printed 64.8 PDFs/s, 0.72 at 95.8. The API process spends ~7–8 ms of CPU per PDF whatever Chromium does (the API CPU section), so the faster Chromium prints on a given VM, the larger that fixed share. The profile's storage step read 0.5 ms in this run against 1.4 in the third session's: creating a file costs what the file system's recent deletions make it cost (the notes of this session under the API CPU section), not what our code does.",
    "2026-11-29 13:30–13:46Z, third session (2× AMD EPYC, slower than the 10:28Z VM: its raw loop printed the 1-page invoice at 47.7–51.9 PDFs/s at concurrency 1 and 71.9–73.9 at concurrency 4; the kernel's DAMON reclaimer, kdamond, running). After docs/adr/0055-small-files-written-in-place.md (the file written and renamed with synchronous calls when nothing is fsynced, instead of five hops through libuv's pool): the profile's storage step **1.4, 1.6 and 1.4 ms** (three runs) against 2.1, 2.8 and 2.9 ms through the pool in alternating runs of the same hour. Two runs of this section: 1-page **1.34, 1.38×** raw at concurrency 1 and **0.74, 0.80×** its throughput at concurrency 4 (the table above is the second, `make bench`'s); 10-page 0.97, 1.06× and 1.04, 1.09×. **Concurrency 4 reached 0.8 in one run of two; concurrency 1 is still over 1.3**: what is left of the API's share on the critical path is the gateway (~2 ms), the two statements either side of the page work (~1.8 ms) and the file's creation, which on this VM's ext4 costs ~0.85 ms of kernel CPU by itself (ADR 0055).",
    "2026-11-29 10:28–10:53Z (2× AMD EPYC, a faster VM than the morning's: its raw loop printed the 1-page invoice at 65–82 PDFs/s at concurrency 1 and 98–111 at concurrency 4, twice the 05:18Z rates; nothing else running). Two runs on the same build as the morning's (the table above is the second): 1-page **1.41, 1.49×** raw at concurrency 1 and **0.71, 0.71×** its throughput at concurrency 4; 10-page 1.03, 1.02× and 1.02, 1.00×. **The 1-page targets are not met on this machine**, where they were in the morning on a slower one: the API's own part of a request is about the same in milliseconds (5.5–6 ms at concurrency 1; the profile below, three runs: gateway 1.7–2.3, the two statements either side of the page work ~1.7, storage 1.3–2.9, the bus ~0.5 ms), so when Chromium prints twice as fast the same overhead weighs twice as much. At concurrency 4 the ratio follows the API process's CPU per render (the API CPU section: ~7–9 ms embedded against the raw loop's whole ~18–20 ms of CPU per 1-page PDF here, 2 cores at 98–111 PDFs/s), so 0.8× needs that CPU near 5 ms, the same target as the CPU section's. The 10-page targets hold on every machine.",
    "2026-11-29 05:18–06:00Z (2× AMD EPYC, quiet: no kdamond, nothing else running; its raw loop printed the 1-page invoice at 29–39 PDFs/s at concurrency 1 and 34–44 at concurrency 4). **The 1-page targets are met in every run after docs/adr/0054-pdfs-come-back-inline.md** (the print answers with the PDF inline, through the pipe fast path, instead of a stream Chromium answered in two `IO.read`s). Nine runs of the section in the same hour: on the build before it, 1-page **1.21, 1.33, 1.32×** raw at concurrency 1 and **0.92, 0.91, 0.71×** its throughput at concurrency 4; after it, 1.28, 1.27, 1.26× and 1.05, 0.75, 0.97× with 60 measured renders; then with 120 measured renders (this section's default now: at 60, a round at concurrency 4 was 15 renders, and its start and drain moved one side by ±15 %) **1.25, 1.17, 1.14×** and **0.95, 0.98, 1.03×** (the table above is the last). 10-page: the API is now ahead of the raw loop, 0.86–0.98× its p50 at concurrency 1 and 1.02–1.23× its throughput at concurrency 4. In the profile below the print itself (12.8 ms) is now 3 ms shorter than `page.pdf` (16.1 ms); what the request adds outside Chromium is ~9 ms (gateway 2.2, the three statements ~1 each, storage 1.8, bus under 1).",
    "2026-11-29 01:22–02:05Z (2× AMD EPYC, slower again: its raw loop printed the 1-page invoice at 21.5–27.7 PDFs/s at concurrency 1 and 28–35 at concurrency 4; the kernel's DAMON reclaimer, kdamond, used ~18 % of a core throughout; nothing else running). Three runs (the table above is the third, `make bench`'s): the first on the previous build, the other two after docs/adr/0053-polls-back-off-when-idle.md. 1-page **1.23–1.36×** raw at concurrency 1 (1.26, 1.23, 1.36) and **0.79–0.89×** its throughput at concurrency 4 (0.79, 0.79, 0.89); 10-page 1.03–1.05× and 1.01–1.12×. **Still not reliably met for 1 page**: concurrency 1 was under 1.3 in two runs of three and concurrency 4 reached 0.8 in one, the other two a hundredth short. The profile below, same run: outside the two browser steps the request spends ~11 ms (gateway 2.7, the three statements 1.2–1.4 each, storage 1.5, bus ~1.6); every step is slower than on the 2026-11-28 machine in about the same proportion as the raw loop.",
    "2026-11-28 23:00–23:50Z (2× AMD EPYC, slower than the 17:16Z machine: its raw loop printed the 1-page invoice at 41–47 PDFs/s at concurrency 1 and 52–62 at concurrency 4, a half to a third of the earlier rates; nothing else running). The bench now first sends 120 renders through each side and measures raw and API in alternating rounds. Before, the first rows measured an API process only 4 renders old, its V8 and PGlite's WebAssembly still cold: in the same hour and build, 1.73× at concurrency 1 that way against 1.36–1.43× warm. After docs/adr/0052-render-path-statements.md (the render path's three statements without drizzle's builder), two runs (the table above is the second): 1-page **1.33–1.41×** raw at concurrency 1 and **0.72–0.83×** its throughput at concurrency 4; 10-page 1.06–1.18× and 1.12–1.13×. **Not met for 1 page**: the closest reading at concurrency 1 is 1.33 against 1.3, and concurrency 4 met 0.8 in one run of two. On this machine Chromium itself is slower, so the API's own CPU weighs less than on the 17:16Z one; the same build would read lower there. The profile below: outside the two browser steps, the request spends ~9–10 ms of which the database is ~3 ms (three statements), storage 1–2 ms (creating a file costs 0.3–0.85 ms of kernel time on this VM, against 6 µs to open an existing one) and the gateway's HTTP, auth, validation and planning ~2 ms.",
    '',
    "Quiet machine, 2026-11-28 17:16–17:30Z (load average under 3): 1-page 1.65–1.79× raw at concurrency 1 and 0.53–0.59× its throughput at concurrency 4 (the raw loop itself is faster when the machine is quiet: 10.6–12.3 ms p50, 129–134 PDFs/s); 10-page 1.09–1.18× and 1.01–1.11×. Static HTML that names no image, font or style sheet now skips the fonts-and-images evaluation after load (`libs/browser/src/asset-free.ts`): in three alternating pairs of runs, 1-page throughput at concurrency 4 went 65.3 → 70.7 PDFs/s on average and p50 at concurrency 1 21.1 → 19.7 ms, within the noise of single runs. **Why the 1-page target at concurrency 4 is out of reach of the embedded process on 2 cores** (CPU of each process from /proc over 400 PDFs, both loops saturating the machine): the raw loop costs 16.7 ms of Chromium and 1.9 ms of its client per PDF (105–110 PDFs/s); behind the API, Chromium costs 16.1–19.6 ms (the per-render evaluation, interception and browser contexts each add ~0.5–1 ms, measured one by one in a raw loop), the API process 7.9–10.5 ms and the bench's HTTP client 1.5 ms. 0.8× the raw loop's rate leaves ~24 ms of machine CPU per PDF, so the API process would have to spend about 4 ms per PDF on HTTP, three statements, storage and the bus together.",
    '',
    "After docs/adr/0050-pglite-prepared-statements.md (2026-11-28, idle machine, two runs 13:32Z and 13:37Z): 1-page 1.58–1.70× raw at concurrency 1 and 0.55–0.65× its throughput at concurrency 4; 10-page 0.99–1.09× and 0.89–1.06×. **The 1-page targets are still not met.** Measured per 1-page PDF at concurrency 4 (CPU ticks of each process tree from /proc over 300 renders): Chromium spends the same in both loops (25.8 ms raw, 25.6 ms behind the API), the raw loop's puppeteer client 3.0 ms, the API process 15.0 ms (the bench's HTTP client 2.0 ms). Reaching 0.8× needs the API process at ~8.5 ms per PDF; at concurrency 1, 1.3× needs ~5 ms less of the request's own steps (profile below).",
    '',
    "After docs/adr/0048-render-starts-beside-its-claim.md (three runs on the idle machine, 2026-11-25 03:53–04:00Z): 1-page 1.51–1.99× raw at concurrency 1 and 0.52–0.55× its throughput at concurrency 4 (before, 01:43Z: 1.89× and 0.45×); 10-page 1.03–1.18× and 0.88–1.15×. **The 10-page targets are met; the 1-page ones are not**: the print itself is now faster than the raw loop's (`Page.printToPDF` with one read, 9–10 ms against `page.pdf`'s 12), but a 1-page print is so short that the request's own ~8 ms (HTTP, the queued row, storage, the completed row, the bus; the profile below) weighs 50 % on it, and at concurrency 4 the API process's CPU per render (PGlite first, see the CPU section) competes with Chromium on 2 cores. Before docs/adr/0040-pdf-path.md, on the same loaded machine the same evening (2026-11-24T20:38Z): 1-page api/raw 3.4 at concurrency 1 and throughput 0.21× at concurrency 4, 10-page 2.73 at concurrency 1. Neither run reaches the targets; the machine's load (average 20 to 30 on 2 cores) moved the raw loop's own 1-page p50 from 17 ms to 93 ms between runs, and it stretches the API's CPU-bound steps (PGlite above all, see the CPU section) more than Chromium's.",
  ].join('\n');
  await writeBenchSection({ key: 'pdf', markdown, results: { meta, rows } });
  console.log('wrote the pdf section of docs/benchmarks.md and bench/results.json');
}

function check(body: { pageCount: number }, pages: number): void {
  if (body.pageCount !== pages) throw new Error(`expected ${pages} pages, got ${body.pageCount}`);
}

await main();
