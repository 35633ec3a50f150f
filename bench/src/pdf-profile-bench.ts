/**
 * `make bench` (PDF profile): where the milliseconds of one POST /pdf/render go.
 * The API process exports its spans (OTLP/HTTP JSON) to a collector in this
 * process; each request's trace is cut into its steps, and the medians are
 * written beside the raw loop's own `setContent` and `page.pdf` times. Writes
 * the `pdf-profile` section of docs/benchmarks.md and key of bench/results.json.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPost, machineMeta, startApi } from './api-process.js';
import { invoiceHtml } from './invoice.js';
import { RawPdfLoop } from './raw-pdf-loop.js';
import { writeBenchSection } from './report.js';
import { SpanCollector, type CollectedSpan } from './span-collector.js';
import { PROCESS_WARMUP, warmUp } from './stats.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
const RENDERS = Number(process.env.BENCH_PDF_PROFILE_RENDERS ?? 40);
const WARMUP = 5;
const ROOT_SPAN = 'POST /pdf/render';

/** The steps of a request, in order: [label, how to measure it in one trace]. */
const STEPS: Array<[string, (t: TraceView) => number]> = [
  [
    'HTTP, auth, rate limit, JSON body, validation, planning, response (gateway, outside the steps below)',
    (t) => t.dur(ROOT_SPAN) - t.dur('db.insert_render') - t.dur('bus.publish') - t.dur('render.wait'),
  ],
  ['database: insert the queued row (credits checked)', (t) => t.dur('db.insert_render')],
  ['bus: publish the command', (t) => t.dur('bus.publish')],
  // The in-process bus can hand the command over before `publish` has returned: 0 then, not a negative time.
  ['bus: command delivered to the renderer', (t) => Math.max(0, t.start('db.claim_render') - t.end('bus.publish'))],
  ['database: claim the render (runs beside the page work, ADR 0048)', (t) => t.dur('db.claim_render')],
  ['browser: wait for a page, apply settings', (t) => t.dur('render') - t.dur('browser.on_page') - t.dur('pdf.page_count')],
  ['browser: guard, title', (t) => t.dur('browser.on_page') - t.dur('browser.load') - t.dur('browser.print')],
  ['browser: setContent + fonts/images', (t) => t.dur('browser.load')],
  ['browser: Page.printToPDF, answered inline (ADR 0054)', (t) => t.dur('browser.print')],
  ['pdf-lib: page count', (t) => t.dur('pdf.page_count')],
  ['storage: write the file', (t) => t.dur('storage.put')],
  ['database: complete the row', (t) => t.dur('db.complete_render')],
  ['bus: render.done + render.completed', (t) => t.dur('bus.announce_done')],
  ['bus: render.done reaches the waiting request', (t) => t.end('render.wait') - t.end('bus.announce_done')],
  ['whole request (server span)', (t) => t.dur(ROOT_SPAN)],
];

class TraceView {
  constructor(private readonly spans: CollectedSpan[]) {}
  private find(name: string): CollectedSpan | undefined {
    return this.spans.find((s) => s.name === name);
  }
  dur(name: string): number {
    const span = this.find(name);
    return span ? span.endMs - span.startMs : 0;
  }
  start(name: string): number {
    return this.find(name)?.startMs ?? 0;
  }
  end(name: string): number {
    return this.find(name)?.endMs ?? 0;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

interface ProfileCase {
  pages: number;
  steps: Array<{ step: string; p50Ms: number }>;
  raw: { setContentMs: number; pdfMs: number };
}

async function main(): Promise<void> {
  const collector = await SpanCollector.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'pressroom-bench-pdf-profile-'));
  const api = await startApi({
    dataDir,
    pages: 4,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_BSP_MAX_QUEUE_SIZE: '100000' },
  });
  const raw = await RawPdfLoop.start({ executablePath: CHROMIUM, pages: 1 });
  const cases: ProfileCase[] = [];
  try {
    await warmUp(4, (i) => apiPost(api, '/pdf/render', { html: invoiceHtml(`W-${i}`, 1) }).then(() => undefined));
    await warmUp(1, (i) => raw.print(invoiceHtml(`W-${i}`, 1)).then(() => undefined));
    for (const pages of [1, 10]) {
      const html = (i: number) => invoiceHtml(`P-${pages}-${i}`, pages);
      for (let i = 0; i < WARMUP; i++) {
        await apiPost(api, '/pdf/render', { html: html(i) });
        await raw.timedPrint(html(i));
      }
      await new Promise((r) => setTimeout(r, 1_000));
      collector.clear();
      const rawTimes: Array<{ setContentMs: number; pdfMs: number }> = [];
      for (let i = 0; i < RENDERS; i++) {
        await apiPost(api, '/pdf/render', { html: html(i) });
        rawTimes.push(await raw.timedPrint(html(i)));
      }
      await new Promise((r) => setTimeout(r, 1_500));
      const traces = collector.traces(ROOT_SPAN).map((spans) => new TraceView(spans));
      if (traces.length < RENDERS / 2) throw new Error(`only ${traces.length} traces of ${RENDERS} requests arrived`);
      const steps = STEPS.map(([step, measure]) => ({ step, p50Ms: round1(median(traces.map(measure))) }));
      cases.push({
        pages,
        steps,
        raw: { setContentMs: round1(median(rawTimes.map((t) => t.setContentMs))), pdfMs: round1(median(rawTimes.map((t) => t.pdfMs))) },
      });
      console.log(`pdf profile ${pages} page(s): ${steps.map((s) => `${s.step.split(':')[0]} ${s.p50Ms}`).join(' | ')}`);
    }
  } finally {
    await raw.close();
    api.child.kill('SIGTERM');
    await collector.close();
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
  const meta = { ...machineMeta(), renders: RENDERS };
  const markdown = [
    '## Where the milliseconds of POST /pdf/render go (profile)',
    '',
    `Run ${meta.date} on ${meta.cpus}× ${meta.cpu}, Node ${meta.node}; ${RENDERS} requests per document at concurrency 1 (after ${PROCESS_WARMUP} 1-page renders through each side since start-up, and ${WARMUP} warm-up per document), each followed by the same print in the raw loop. The API process exports its spans (OTLP/HTTP JSON) to a collector in the bench (\`bench/src/pdf-profile-bench.ts\`); each step is the median over the requests' traces of the span named in the code (\`inSpan\` in \`libs/telemetry\`). Medians of parts do not add up exactly to the median of the whole.`,
    '',
    `| step | ${cases.map((c) => `${c.pages} page${c.pages > 1 ? 's' : ''} p50 ms`).join(' | ')} |`,
    `|---|${cases.map(() => '---').join('|')}|`,
    ...STEPS.map(([step], i) => `| ${step} | ${cases.map((c) => c.steps[i]!.p50Ms).join(' | ')} |`),
    `| raw loop: setContent | ${cases.map((c) => c.raw.setContentMs).join(' | ')} |`,
    `| raw loop: page.pdf | ${cases.map((c) => c.raw.pdfMs).join(' | ')} |`,
    '',
    "Before docs/adr/0048-render-starts-beside-its-claim.md (2026-11-25T01:43Z, idle machine, 1 page, ms): gateway 3.6 (a rate-limit statement per request among it), claim 0.9 before the page work, page.pdf 12.1 (four DevTools round trips), read the finished row for the answer 1.0, whole request 32.8. Before docs/adr/0040-pdf-path.md (the same profile, 2026-11-24T20:40Z, 1 page / 10 pages, ms): pdf-lib page count 3.3 / 52.1, storage write 32.9 / 13.6, insert the queued row 7.6 / 4.7. Under this machine's load (load average 20 to 30 on 2 cores during these runs, with other engineers' suites) every step of both sides is stretched; the steps that are ours and CPU-bound (gateway, database) stretch the most.",
  ].join('\n');
  await writeBenchSection({ key: 'pdf-profile', markdown, results: { meta, cases } });
  console.log('wrote the pdf-profile section of docs/benchmarks.md and bench/results.json');
}

await main();
