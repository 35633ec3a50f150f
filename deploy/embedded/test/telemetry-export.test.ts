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
    const publish = spans.find((s) => s.name === 'publish render.image');
    expect(publish).toMatchObject({ parentSpanId: http!.spanId, kind: 4 });
    const consume = spans.find((s) => s.name === 'render.image');
    expect(consume).toMatchObject({ parentSpanId: publish!.spanId, kind: 5 });
    expect(attr(consume!, 'pressroom.render_id')).toBe(id);
    const put = spans.find((s) => s.name === 'storage.put');
    expect(put).toMatchObject({ parentSpanId: consume!.spanId });
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

  beforeAll(async () => {
    stack = await startTestStack(flavour);
    const { key } = await stack.newAccount();
    const res = await stack.api('/image', { method: 'POST', key, json: { html: QUADRANTS, width: 32, height: 32 } });
    expect(res.status).toBe(200);
  });
  afterAll(() => stack.dispose());

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
