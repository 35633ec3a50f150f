import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flushTracing, initTracing } from '@pressroom/telemetry';
import { FLAVOURS, QUADRANTS, startTestStack, type TestStack } from './harness.js';

/** What an OTLP/HTTP JSON export carries, as far as this test reads it. */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: { stringValue?: string } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

/** A real OTLP/HTTP receiver: keeps every export request it is sent. */
function startReceiver(): Promise<{ server: Server; url: string; exports: OtlpExport[] }> {
  const exports: OtlpExport[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports })),
  );
}

function spansOf(exports: OtlpExport[]): Array<OtlpSpan & { service?: string }> {
  return exports.flatMap((e) =>
    e.resourceSpans.flatMap((rs) => {
      const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue;
      return rs.scopeSpans.flatMap((ss) => ss.spans.map((s) => ({ ...s, service })));
    }),
  );
}

const attr = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

describe('OTLP trace export (embedded process)', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let stack: TestStack;
  let key: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    initTracing({ service: 'embedded', env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } });
    stack = await startTestStack('memory+pglite');
    ({ key } = await stack.newAccount());
  });
  afterAll(async () => {
    await stack.dispose();
    await new Promise((r) => receiver.server.close(r));
  });

  async function render(traceparent: string): Promise<string> {
    const res = await stack.api('/image', {
      method: 'POST',
      key,
      headers: { traceparent },
      json: { html: QUADRANTS, width: 32, height: 32 },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  it('continues an incoming traceparent through the bus into the renderer and the storage write', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const id = await render(`00-${callerTrace}-${callerSpan}-01`);
    await flushTracing();
    const spans = spansOf(receiver.exports).filter((s) => s.traceId === callerTrace);
    const http = spans.find((s) => s.name === 'POST /image');
    expect(http).toMatchObject({ parentSpanId: callerSpan, kind: 2, service: 'pressroom-embedded' });
    // Each step may have spans of its own in between (`bus.publish`, `render`: the PDF profile's steps); what
    // matters is the chain: the request, then the publish, the consumer and the storage write, in one trace.
    const ancestors = (span: (typeof spans)[number]): string[] => {
      const chain: string[] = [];
      for (let at = span.parentSpanId; at; at = spans.find((s) => s.spanId === at)?.parentSpanId) chain.push(at);
      return chain;
    };
    const publish = spans.find((s) => s.name === 'publish render.image');
    expect(publish).toMatchObject({ kind: 4 });
    expect(ancestors(publish!)).toContain(http!.spanId);
    const consume = spans.find((s) => s.name === 'render.image');
    expect(consume).toMatchObject({ parentSpanId: publish!.spanId, kind: 5 });
    expect(attr(consume!, 'pressroom.render_id')).toBe(id);
    const put = spans.find((s) => s.name === 'storage.put');
    expect(ancestors(put!)).toContain(consume!.spanId);
  });

  it('ignores a malformed traceparent and starts a new trace', async () => {
    const before = receiver.exports.length;
    await render('00-not-a-trace-01');
    await flushTracing();
    const http = spansOf(receiver.exports.slice(before)).find((s) => s.name === 'POST /image');
    expect(http).toBeDefined();
    expect(http!.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(http!.parentSpanId ?? '').toBe('');
  });
});

/** promtool comes from Debian's `prometheus` package (deploy/scripts/setup.sh --cluster installs it). */
function promtoolCheckMetrics(text: string): { status: number | null; stderr: string } {
  const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  if (check.error) throw check.error;
  // Exit 3 is lint advice only (naming style); 1 is a parse error a strict scraper would reject.
  return { status: check.status === 3 ? 0 : check.status, stderr: check.stderr };
}

describe.each(FLAVOURS)('Prometheus exposition (%s)', (flavour) => {
  let stack: TestStack;
  let account: { key: string; accountId: string };

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    account = await stack.newAccount();
    const { key } = account;
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 32, height: 32 } });
    expect(res.status).toBe(200);
    // A one-row batch, so the scheduler counts what it published and finished.
    const template = await stack.api('/templates', {
      method: 'POST',
      key,
      json: { name: 'metrics', width: 16, height: 16, html: '<body style="margin:0;background:#0a0"></body>' },
    });
    const { uid } = ((await template.json()) as { template: { uid: string } }).template;
    expect((await stack.api(`/templates/${uid}/batch-render`, { method: 'POST', key, json: { variableSets: [{}] } })).status).toBe(202);
  });
  afterAll(() => stack.dispose());

  /** /metrics once `pattern` shows in it (the batch finishes on the scheduler's next pass). */
  async function metricsWith(pattern: RegExp): Promise<string> {
    const until = Date.now() + 40_000;
    for (;;) {
      const text = await (await fetch(`${stack.opsUrl}/metrics`)).text();
      if (pattern.test(text) || Date.now() > until) return text;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('counts quota refusals and what the scheduler published and finished; reads the Node runtime and both consumer lags', async () => {
    await metricsWith(/scheduler_batches_finished_total\{[^}]*status="completed"[^}]*\} [1-9]/);
    // Every credit used: the next render is the quota 429, counted.
    await stack.setAccountPlan(account.accountId, 'free', { renderCredits: 1 });
    const refused = await stack.api('/image', { method: 'POST', key: account.key, json: { html: QUADRANTS, width: 32, height: 32 } });
    expect(refused.status).toBe(429);
    const text = await (await fetch(`${stack.opsUrl}/metrics`)).text();
    expect(text).toMatch(/scheduler_batches_finished_total\{[^}]*status="completed"[^}]*\} [1-9]/);
    expect(text).toMatch(/scheduler_renders_published_total\{[^}]*origin="batch"[^}]*\} [1-9]/);
    expect(text).toMatch(/quota_exceeded_total(\{[^}]*\})? [1-9]/);
    // Node runtime: heap, event-loop delay, CPU time, resident memory.
    expect(text).toMatch(/nodejs_heap_used_bytes [1-9]/);
    expect(text).toMatch(/nodejs_heap_total_bytes [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_delay_p99_seconds \d/);
    expect(text).toMatch(/process_cpu_seconds_total \d/);
    expect(text).toMatch(/browser_queue_length\{pool="browser"\} \d/);
    expect(text).toMatch(/browser_pages_busy\{pool="browser"\} \d/);
    // What KEDA's nats-jetstream scaler adds up (num_pending + num_ack_pending), per renderer consumer.
    if (flavour === 'nats+postgres') {
      expect(text).toMatch(/jetstream_consumer_ack_pending_messages\{stream="[^"]+",consumer="[^"]+"\} \d/);
    }
  });

  it('serves one family per metric name, accepted by promtool, with the render, pool, runtime and queue readings', async () => {
    const text = await (await fetch(`${stack.opsUrl}/metrics`)).text();
    const names = text
      .split('\n')
      .filter((line) => line.startsWith('# TYPE '))
      .map((line) => line.split(' ')[2]);
    expect(new Set(names).size).toBe(names.length);
    expect(text).toMatch(/render_duration_seconds_bucket\{kind="image",le="300"\} [1-9]/);
    expect(text).toMatch(/renders_total\{kind="image",outcome="done"\} [1-9]/);
    expect(text).toContain('http_server_request_duration_seconds_bucket');
    expect(text).toMatch(/browser_pages_idle\{pool="browser"\} \d/);
    expect(text).toMatch(/browser_restarts_total\{pool="gif"\} \d/);
    expect(text).toMatch(/process_resident_memory_bytes [1-9]/);
    if (flavour === 'nats+postgres') expect(text).toMatch(/jetstream_consumer_pending_messages\{stream="[^"]+",consumer="[^"]+"\} \d/);
    expect(promtoolCheckMetrics(text)).toEqual({ status: 0, stderr: expect.any(String) });
  });
});
